import Testing
import TraceFormat
@testable import TraceAnalysis

/// The viewer's `/` in a tree: the next or previous line containing the text, in outline order.
@Suite("Tree outline text search")
struct TreeOutlineSearchTests {
    let value = TreeOutlineWindowTests.value

    @Test("Forward finds the first line after the cursor's, ignoring case; backward the last before it")
    func forwardAndBackward() {
        // S( n: 1  users: [  [0] U( id: 0  tags: Set([ "a" "b" ]) ) [1] U( id: 1 …
        #expect(TreeOutline.search("ID: 1", in: value, from: ("0", false), forward: true) == "0.1.1.0")
        #expect(TreeOutline.search("\"b\"", in: value, from: ("0.1.0.1.1", false), forward: true) == "0.1.1.1.1")
        #expect(TreeOutline.search("\"b\"", in: value, from: ("0.1.1.1.1", false), forward: false) == "0.1.0.1.1")
        #expect(TreeOutline.search("[3] U(", in: value, from: ("0", false), forward: true) == "0.1.3")
        #expect(TreeOutline.search("\"ada\": [", in: value, from: ("0.1", false), forward: true) == "0.3.0")
        #expect(TreeOutline.search("nothing like it", in: value, from: ("0", false), forward: true) == nil)
        #expect(TreeOutline.search("id: 0", in: value, from: ("0.1.0.0", false), forward: true) == nil, "the cursor's own line is not after it")
    }

    @Test("From a closing line, forward passes the node's children and backward finds them")
    func fromACloser() {
        // The closer of users' [0] U(…): its id and tags lie before it.
        #expect(TreeOutline.search("tags", in: value, from: ("0.1.0", true), forward: true) == "0.1.1.1")
        #expect(TreeOutline.search("tags", in: value, from: ("0.1.0", true), forward: false) == "0.1.0.1")
        #expect(TreeOutline.search("tags", in: value, from: ("0.1.0", false), forward: false) == nil)
    }
}
