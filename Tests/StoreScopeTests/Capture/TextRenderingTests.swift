import Foundation
import StoreScope
import Testing
import TraceAnalysis

/// How captured values read as text in `cat`, `log` and diffs: dates, tuples, closures and
/// actions the way a Swift user writes them.
@Suite("Text rendering of captured values")
struct TextRenderingTests {
    struct Event {
        var at: Date
        var span: (Int, label: String)
        var onTap: @Sendable (Int) -> Void
    }

    enum Role: Hashable {
        case admin
    }

    enum SearchAction {
        case search(query: String)
        case clear
    }

    @Test("A Date prints as ISO 8601 in UTC, with the fraction of a second only when there is one")
    func datePrintsAsISO8601() {
        #expect(captureValue(Date(timeIntervalSince1970: 1_764_563_042)).description == "2025-12-01T04:24:02Z")
        #expect(captureValue(Date(timeIntervalSince1970: 1_764_563_042.25)).description == "2025-12-01T04:24:02.25Z")
        #expect(TraceValue.date(0).description == "1970-01-01T00:00:00Z")
        #expect(TraceValue.date(-1.5).description == "1969-12-31T23:59:58.5Z")
        #expect(TraceValue.date(951_782_400).description == "2000-02-29T00:00:00Z")
        #expect(TraceValue.date(.nan).description == "Date(nan)")
    }

    @Test("A collection summarised in one line counts its elements in the singular and the plural")
    func collectionCountsAgree() {
        struct Box<Value> { var value: Value }
        #expect(captureValue(Box(value: [7])).shortDescription == "Box<Array<Int>>(value: [1 element])")
        #expect(captureValue(Box(value: [7, 8])).shortDescription == "Box<Array<Int>>(value: [2 elements])")
        #expect(captureValue(Box(value: ["a": 1])).shortDescription == "Box<Dictionary<String, Int>>(value: [1 entry])")
        #expect(captureValue(Box(value: ["a": 1, "b": 2])).shortDescription == "Box<Dictionary<String, Int>>(value: [2 entries])")
        #expect(captureValue(Box(value: Set([3]))).shortDescription == "Box<Set<Int>>(value: Set([1 element]))")
    }

    @Test("A tuple prints as (a, label: b), a closure as <closure>, in one line and in a diff")
    func tuplesAndClosures() {
        let event = Event(at: Date(timeIntervalSince1970: 0), span: (3, label: "x"), onTap: { _ in })
        let captured = captureValue(event)
        #expect(captured.description == "TextRenderingTests.Event(at: 1970-01-01T00:00:00Z, span: (3, label: \"x\"), onTap: <closure>)")

        var changed = event
        changed.span = (4, label: "x")
        #expect(
            DiffRendering.render(from: captured, to: captureValue(changed)) == """
                  TextRenderingTests.Event(
                    at: 1970-01-01T00:00:00Z
                    span: (
                -     3
                +     4
                      label: "x"
                    )
                    onTap: <closure>
                  )
                """)
    }

    @Test("An enum action prints with its type where it stands alone: SearchAction.search(query:)")
    func actionsPrintWithTheirType() {
        let action = captureValue(SearchAction.search(query: "sw"))
        #expect(action.qualifiedDescription == "TextRenderingTests.SearchAction.search(query: \"sw\")")
        #expect(captureValue(SearchAction.clear).qualifiedDescription == "TextRenderingTests.SearchAction.clear")
        #expect(action.description == ".search(query: \"sw\")", "nested values keep the short form")
        let record = Record.action(ActionRecord(seq: 7, store: "search", monotonicNanos: 2_000, wallNanos: 0, reducerNanos: 850, action: action))
        #expect(RecordLine(startMonotonicNanos: 1_000).text(record) == "+0.000001s #7 search action TextRenderingTests.SearchAction.search(query: \"sw\") (reducer 850ns)")
    }

    @Test("A dictionary is a JSON object whether empty or not, whatever its key type")
    func dictionaryJSONHasOneShape() {
        #expect(captureValue([Int: String]()).jsonText == "{}")
        #expect(captureValue([2: "b", 1: "a"]).jsonText == #"{"1":"a","2":"b"}"#)
        #expect(captureValue(["x": 1]).jsonText == #"{"x":1}"#)
        #expect(captureValue([Role.admin: 1]).jsonText == #"{"{\"$type\":\"TextRenderingTests.Role\",\"$case\":\"admin\"}":1}"#)
        #expect(captureValue([Role: Int]()).jsonText == "{}")
    }
}
