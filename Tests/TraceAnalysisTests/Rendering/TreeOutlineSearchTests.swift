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

    @Test("Done in parts of 1, 2 or 3 lines, a search gives what it gives at once, for every cursor, needle and direction")
    func inParts() {
        let cursors = TreeOutline.rows(of: value, folded: [], in: 0..<1_000).map { ($0.id, $0.isCloser) }
        #expect(cursors.count > 20)
        for needle in ["id: 1", "\"b\"", "u(", "tags", "nothing like it", "["] {
            for cursor in cursors {
                for forward in [true, false] {
                    let whole = TreeOutline.search(needle, in: value, from: cursor, forward: forward)
                    for nodes in 1...3 {
                        var progress: TreeOutline.SearchProgress?
                        var parts = 0
                        var answer: String??
                        while answer == nil, parts < 200 {
                            parts += 1
                            switch TreeOutline.search(needle, in: value, from: cursor, forward: forward, resuming: progress, nodes: nodes) {
                            case let .found(id): answer = .some(id)
                            case .notFound: answer = .some(nil)
                            case let .searching(next): progress = next
                            }
                        }
                        #expect(answer == .some(whole), "\(needle) from \(cursor) \(forward ? "forward" : "backward") in parts of \(nodes)")
                    }
                }
            }
        }
        // A part looks at no more lines than it is given: the whole tree takes many parts.
        var parts = 0
        var progress: TreeOutline.SearchProgress?
        while case let .searching(next) = TreeOutline.search("nothing like it", in: value, from: ("0", false), forward: true, resuming: progress, nodes: 2) {
            progress = next
            parts += 1
        }
        #expect(parts >= cursors.count / 4)
    }
}
