import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// A string of 200,000 characters in the state, the action, an effect's failure and a mark:
/// each line shows what it showed when the whole text was sanitized and measured, but only the
/// start of the text a line can show is (``ShownText``): every key once took 1-3.7 s.
@Suite("The viewer on long strings")
struct ViewerLongTextTests {
    /// Wide characters, escape sequences and quotes all along, so cuts fall on them.
    static let long = String(repeating: "長い\u{1b}[31m \"text\"\n", count: 12_500)

    static func trace(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/longtext.sstrace"
        try SmallTrace.write([
            .keyframe(Keyframe(seq: 0, store: "main", state: .structure(type: "AppState", fields: [.init("count", .int(0)), .init("label", .string(long))]))),
            SmallTrace.action(1, "typed", [.init("", .string(long))]),
            .patch(StatePatch(seq: 1, store: "main", operations: [.set(path: [.field("count")], value: .int(1))])),
            .effectStarted(EffectStarted(effectID: 1, name: "save", store: "main", parentSeq: 1, monotonicNanos: 2)),
            .effectEnded(EffectEnded(effectID: 1, outcome: .failed(long), monotonicNanos: 3)),
            .log(LogRecord(level: .mark, message: long, monotonicNanos: 4, seq: 1)),
        ], to: path)
        return path
    }

    /// The first `columns` columns of `line` as the screen shows them, trailing spaces trimmed.
    static func onScreen(_ line: String, columns: Int = 80) -> String {
        var shown = String(line.prefix(columns: columns))
        while shown.last == " " { shown.removeLast() }
        return shown
    }

    @Test("The timeline row, the action line, the tree, the action tree and the events show the whole text's cut")
    func cutAsTheWholeText() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(in: directory))
        #expect(viewer.state.selected == 1)
        let action = TraceValue.enumeration(type: "Action", caseName: "typed", payload: [.init("", .string(Self.long))])
        let layout = ViewerRender.fitted(viewer.state.layout, to: viewer.state.timeline.rows[...], qualified: [])
        // The row: the action and the mark cut as the whole texts were.
        let row = try #require(viewer.lines.first { $0.hasPrefix(">    #1 ") })
        #expect(row.contains(ViewerRender.pad(action.description.sanitizedForTerminal, layout.actionWidth)), "\(row)")
        #expect(row.contains(ViewerRender.pad("◆ " + Self.long.sanitizedForTerminal, layout.changesWidth).trimmingSpaces), "\(row)")
        // The action line under the separator.
        let actionLine = try #require(viewer.lines.first { $0.hasPrefix("action ") })
        #expect(actionLine == ("action " + ViewerRender.pad(action.qualifiedDescription.sanitizedForTerminal, 73)).trimmingSpaces)
        // The events after the diff: the failure and the mark.
        let times = RecordLine(startMonotonicNanos: 0)
        for event: Record in [.effectEnded(EffectEnded(effectID: 1, outcome: .failed(Self.long), monotonicNanos: 3)), .log(LogRecord(level: .mark, message: Self.long, monotonicNanos: 4, seq: 1))] {
            let whole = Self.onScreen("  " + times.text(event).trimmingSpaces)
            #expect(viewer.lines.contains(whole), "\(whole) in \(viewer.screen)")
        }

        viewer.press(.character("s"))
        let state = TraceValue.structure(type: "AppState", fields: [.init("count", .int(1)), .init("label", .string(Self.long))])
        let label = try #require(TreeOutline.rows(of: state, folded: [], in: 0..<4).first { $0.text.hasPrefix("label") })
        let labelLine = Self.onScreen("  " + String(repeating: "  ", count: label.depth) + "  " + label.text)
        #expect(viewer.lines.contains(labelLine), "\(labelLine) in \(viewer.screen)")

        viewer.press(.character("a"))
        let payload = try #require(TreeOutline.rows(of: action, folded: [], in: 0..<3).first { $0.depth == 1 })
        let payloadLine = Self.onScreen(String(repeating: "  ", count: payload.depth) + "  " + payload.text)
        #expect(viewer.lines.contains(payloadLine), "\(payloadLine) in \(viewer.screen)")
    }

    @Test("What a line keeps of a long text is the start the window's width needs, ending in …")
    func theBoundIsTheCut() throws {
        let directory = try TemporaryDirectory()
        var viewer = try ViewerHarness(path: try Self.trace(in: directory))
        let bound = ShownText.bytes(columns: 80), ellipsis = "…".utf8.count
        let action = TraceValue.enumeration(type: "Action", caseName: "typed", payload: [.init("", .string(Self.long))])
        let summary = ViewerRender.summary(of: action, width: 80, qualified: [])
        #expect(summary.utf8.count <= bound + ellipsis && summary.hasSuffix("…"))
        #expect(action.description.hasPrefix(summary.dropLast()), "the start of the whole description")
        let changes = ViewerRender.appMarksText([Self.long], columns: 80)
        #expect(changes.utf8.count <= "◆ ".utf8.count + bound * 6 + ellipsis, "sanitized after the cut: \(changes.utf8.count) bytes")
        // The detail pane's lines (the diff's events, the tree, the action tree) keep the
        // widest line a window shows.
        let widest = ShownText.bytes(columns: ShownText.widestLine) * 6 + 100
        let events = ViewerRender.detailLines(viewer.state.pane, viewer.state.detail, from: 0, count: 20).filter { $0.style == .colored(.cyan) }
        #expect(events.count == 3 && events.allSatisfy { $0.text.utf8.count <= widest }, "\(events.map(\.text.utf8.count))")
        viewer.press(.character("s"))
        let treeLines = ViewerRender.detailLines(viewer.state.pane, viewer.state.detail, from: 0, count: 20)
        #expect(treeLines.contains { $0.text.hasSuffix("…") } && treeLines.allSatisfy { $0.text.utf8.count <= widest }, "\(treeLines.map(\.text.utf8.count))")
        viewer.press(.character("a"))
        let actionLines = ViewerRender.detailLines(viewer.state.pane, viewer.state.detail, from: 0, count: 20)
        #expect(actionLines.contains { $0.text.hasSuffix("…") } && actionLines.allSatisfy { $0.text.utf8.count <= widest }, "\(actionLines.map(\.text.utf8.count))")
    }

    @Test("A value's description cut at any byte is its start, never inside an escape")
    func descriptionStartKeepsEscapesWhole() {
        let value = TraceValue.structure(type: "S", fields: [.init("text", .string("a\n\u{1b}長\"é\t\u{7f}z"))])
        let whole = value.description
        for limit in 0...whole.utf8.count + 2 {
            let start = value.descriptionStart(utf8Count: limit)
            #expect(whole.hasPrefix(start.text) && start.text.utf8.count <= limit, "\(limit): \(start.text)")
            #expect(start.isCut == (start.text != whole), "\(limit)")
            if let escape = start.text.range(of: "\\", options: .backwards) {
                let rest = start.text[escape.upperBound...]
                let whole = ["n", "t", "\""].contains { rest.hasPrefix($0) } || (rest.hasPrefix("u{") && rest.contains("}"))
                #expect(whole, "\(limit): cut inside an escape: \(start.text)")
            }
        }
    }
}
