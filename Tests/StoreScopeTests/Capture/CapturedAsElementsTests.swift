import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceFormat

// The shape of TCA's `StackState` (`Samples/TCAStandups` records the real one): the screens in
// storage keyed by generated ids, next to the generator, which holds a class.

private final class IDGenerator: @unchecked Sendable {
    // @unchecked: test fixture; the recorder must never read it.
    var next = 0
}

private struct Screen: Equatable, Codable, Sendable {
    var title: String
    var password: String
}

private struct Stack: RandomAccessCollection, Equatable, Sendable, TraceCapturedAsElements {
    private var ids: [Int] = []
    private var screens: [Int: Screen] = [:]
    private let generator = IDGenerator()

    init(_ screens: [Screen] = []) { for screen in screens { append(screen) } }

    var startIndex: Int { 0 }
    var endIndex: Int { ids.count }
    subscript(position: Int) -> Screen { screens[ids[position]]! }

    mutating func append(_ screen: Screen) {
        generator.next += 1
        ids.append(generator.next)
        screens[generator.next] = screen
    }

    mutating func retitle(at position: Int, _ title: String) { screens[ids[position]]!.title = title }

    static func == (lhs: Stack, rhs: Stack) -> Bool { lhs.elementsEqual(rhs) }
}

extension Stack: Decodable {
    init(from decoder: any Decoder) throws { self.init(try [Screen](from: decoder)) }
}

private struct Navigation: Equatable, Sendable, Decodable {
    var path = Stack()
    var count = 0
}

@Suite struct CapturedAsElementsTests {
    private let home = Screen(title: "Home", password: "hunter2")
    private let detail = Screen(title: "Detail", password: "swordfish")

    @Test("a collection captured as its elements is recorded as their array: no ids, no generator, redacted inside")
    func capturedAsTheArrayOfItsElements() {
        let tree = captureValue(Navigation(path: Stack([home, detail])))
        guard case let .structure(_, fields) = tree, case let .array(elements) = fields.first?.value else {
            Issue.record("not a structure holding an array: \(tree)")
            return
        }
        #expect(fields.map(\.name) == ["path", "count"])
        #expect(elements.count == 2)
        #expect(elements.map { if case let .structure(_, screen) = $0 { screen.map(\.name) } else { [] } }
            == [["title", "password"], ["title", "password"]])
        #expect(!"\(tree)".contains("hunter2") && !"\(tree)".contains("swordfish"), "\(tree)")
        #expect(!"\(tree)".contains("IDGenerator"))
    }

    @Test("a push and an in-place change are diffed element by element, as an Array's are")
    func diffedElementByElement() throws {
        var old = Navigation(path: Stack([home]))
        old.count = 1
        var new = old
        new.path.append(detail)
        let push = try checkedPatch(old, new)
        #expect(push.count == 1)
        if case let .insert(path, _)? = push.first {
            #expect(path == [.field("path"), .index(1)])
        } else {
            Issue.record("a push is one insert: \(push)")
        }
        var renamed = new
        renamed.path.retitle(at: 0, "Start")
        let change = try checkedPatch(new, renamed)
        #expect(change == [.set(path: [.field("path"), .index(0), .field("title")], value: captureValue("Start"))])
    }

    @Test("the recorded array decodes back into the collection through its Decodable")
    func decodesFromTheRecordedArray() throws {
        let state = Navigation(path: Stack([Screen(title: "Home", password: "p")]), count: 3)
        let tree = captureValue(state, options: CaptureOptions(redaction: .none))
        #expect(try TraceValueDecoder().decode(Navigation.self, from: tree) == state)
    }
}
