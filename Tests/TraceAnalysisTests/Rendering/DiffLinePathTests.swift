import Testing
import TraceFormat
@testable import TraceAnalysis

/// Each diff line carries the state path it stands for (what the viewer's `{` `}` follow from
/// the line under the cursor), the same with and without the patch telling the walk where to look.
@Suite("Diff lines and their paths")
struct DiffLinePathTests {
    static let old = TraceValue.structure(type: "S", fields: [
        .init("query", .string("a")),
        .init("users", .array([.string("ada"), .string("bob")])),
        .init("tags", .dictionary([.init(key: .string("x"), value: .int(1)), .init(key: .string("y"), value: .int(2))])),
        .init("pick", .some(.enumeration(type: "P", caseName: "one", payload: [.init("", .int(1))]))),
    ])
    static let new = TraceValue.structure(type: "S", fields: [
        .init("query", .string("ab")),
        .init("users", .array([.string("ada"), .string("bob"), .string("cy")])),
        .init("tags", .dictionary([.init(key: .string("x"), value: .int(1))])),
        .init("pick", .some(.enumeration(type: "P", caseName: "one", payload: [.init("", .int(3))]))),
    ])

    @Test("-/+ lines name their node by field, index and key; added and removed children their own path; context lines their container's")
    func paths() {
        let lines = DiffRendering.lines(from: Self.old, to: Self.new)
        let byText = Dictionary(lines.map { ($0.text, $0.path) }, uniquingKeysWith: { first, _ in first })
        #expect(lines.map(\.text).joined(separator: "\n") == DiffRendering.render(from: Self.old, to: Self.new), "the same lines as the text")
        #expect(byText["  S("] == [])
        #expect(byText["-   query: \"a\""] == [.field("query")])
        #expect(byText["+   query: \"ab\""] == [.field("query")])
        #expect(byText["    users: ["] == [.field("users")])
        #expect(byText["+     [2] \"cy\""] == [.field("users"), .index(2)])
        #expect(byText["-     \"y\": 2"] == [.field("tags"), .key(.string("y"))])
        #expect(byText["      \"x\": 1"] == [.field("tags"), .key(.string("x"))], "an unchanged child shown alone stands for itself")
        #expect(byText["-     1"] == [.field("pick"), .index(0)], "through the optional, an unnamed payload by position")
        let collapsed = lines.first { $0.text.contains("… (2 unchanged)") }
        #expect(collapsed?.path == [.field("users")])
    }

    @Test("told the patch, the walk gives the same paths")
    func withThePatch() {
        let patch: [PatchOperation] = [
            .set(path: [.field("query")], value: .string("ab")),
            .remove(path: [.field("tags"), .key(.string("y"))]),
        ]
        var new = Self.old
        try? new.apply(patch)
        let told = DiffRendering.lines(from: Self.old, to: new, patch: patch)
        let whole = DiffRendering.lines(from: Self.old, to: new)
        #expect(told.contains { $0.text == "-     \"y\": 2" && $0.path == [.field("tags"), .key(.string("y"))] }, "\(told)")
        #expect(told.filter { $0.text.hasPrefix("-") || $0.text.hasPrefix("+") } == whole.filter { $0.text.hasPrefix("-") || $0.text.hasPrefix("+") })
    }
}
