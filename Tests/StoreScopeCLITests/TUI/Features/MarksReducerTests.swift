import Testing
import TraceAnalysis
import TraceFormat

@testable import StoreScopeCLI

/// The marks' reducer on its own: bookmarks and the app's marks, the selection passed in, and
/// out its state and what it asks of the viewer (a selection, a search, a message); no trace,
/// no terminal.
@Suite("Marks reducer")
struct MarksReducerTests {
    typealias Update = FeatureUpdate<MarksAction.Delegate>

    @Test("m bookmarks the selected action and again removes it; ' and \" select the next and previous bookmark")
    func bookmarks() {
        var state = MarksState()
        #expect(MarksReducer.reduce(into: &state, .nextBookmark(forward: true), selected: 4) == .tell(.message("no bookmarks: m bookmarks the selected action")))
        #expect(MarksReducer.reduce(into: &state, .toggleBookmark, selected: nil) == .none)
        #expect(MarksReducer.reduce(into: &state, .toggleBookmark, selected: 2) == .tell(.message("bookmarked #2 (' next, \" previous)")))
        _ = MarksReducer.reduce(into: &state, .toggleBookmark, selected: 9)
        _ = MarksReducer.reduce(into: &state, .toggleBookmark, selected: 6)
        #expect(state.bookmarks == [2, 6, 9])
        #expect(MarksReducer.reduce(into: &state, .toggleBookmark, selected: 6) == .tell(.message("removed the bookmark on #6")))
        #expect(state.bookmarks == [2, 9])

        #expect(MarksReducer.reduce(into: &state, .nextBookmark(forward: true), selected: 4) == .tell(.select(9)))
        #expect(MarksReducer.reduce(into: &state, .nextBookmark(forward: false), selected: 4) == .tell(.select(2)))
        #expect(MarksReducer.reduce(into: &state, .nextBookmark(forward: true), selected: 1) == .tell(.select(2)), "the nearest after")
        #expect(MarksReducer.reduce(into: &state, .nextBookmark(forward: false), selected: 10) == .tell(.select(9)), "the nearest before")
        #expect(MarksReducer.reduce(into: &state, .nextBookmark(forward: true), selected: 9) == .tell(.message("no bookmark after #9")))
        #expect(MarksReducer.reduce(into: &state, .nextBookmark(forward: false), selected: 2) == .tell(.message("no bookmark before #2")))
        #expect(state.bookmarks == [2, 9], "going to a bookmark keeps them")
    }

    @Test(") and ( ask the viewer to search for a mark; what it found is selected and named, or the message says there is none")
    func appMarks() {
        var state = MarksState()
        #expect(MarksReducer.reduce(into: &state, .nextMark(forward: true), selected: 3) == .tell(.searchForMark(forward: true, from: 3)))
        #expect(MarksReducer.reduce(into: &state, .nextMark(forward: false), selected: nil) == .none)

        let action = ActionRecord(seq: 7, store: "app", monotonicNanos: 0, wallNanos: 0, reducerNanos: 0, action: .enumeration(type: "A", caseName: "go", payload: []))
        let marked = ActionEntry(action: action, sinceStart: 0, events: [
            .log(LogRecord(level: .mark, message: "checkout", monotonicNanos: 1, seq: 7)),
            .log(LogRecord(level: .info, message: "not a mark", monotonicNanos: 2, seq: 7)),
        ])
        #expect(MarksReducer.reduce(into: &state, .markFound(forward: true, marked), selected: 3)
            == .tell(.select(7), .message("#7 mark \"checkout\" () again for the next)")))
        #expect(MarksReducer.reduce(into: &state, .markFound(forward: false, marked), selected: 9)
            == .tell(.select(7), .message("#7 mark \"checkout\" (( again for the previous)")))
        #expect(MarksReducer.reduce(into: &state, .markFound(forward: false, nil), selected: 3)
            == .tell(.message("no mark before #3 (the app places marks with Recorder.mark)")))
        #expect(state == MarksState(), "the app's marks are the trace's, not the viewer's")
    }

    @Test("The bookmark star goes in the margin of the bookmarked rows on screen, magenta unless selected")
    func render() {
        let rows: [ViewerState.TimelineRow] = [.initial(store: "app"), .damage("lost"), .reconnect("again")]
        var grid = ScreenGrid(width: 10, height: 4)
        ViewerRender.drawBookmarks(MarksState(bookmarks: [0, 5]), rows: rows[...], selected: nil, into: &grid)
        #expect(grid[1, 1].character == "*" && grid[1, 1].style == .colored(.magenta, bold: true))
        #expect(grid[2, 1].character == " " && grid[3, 1].character == " ", "rows without a seq have no bookmark")
        var selected = ScreenGrid(width: 10, height: 4)
        selected.fill(row: 1, style: .reverse)
        ViewerRender.drawBookmarks(MarksState(bookmarks: [0]), rows: rows[...], selected: 0, into: &selected)
        #expect(selected[1, 1] == Cell(character: "*", style: .reverse), "the selected row's style stays")
    }
}
