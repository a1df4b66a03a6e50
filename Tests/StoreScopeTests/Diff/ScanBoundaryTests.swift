import Testing
import TraceFormat
@testable import StoreScope

// The typed scan for an array's equal prefix and suffix stops at the first element whose `==`
// says unequal; that element's `==` is not called again, but every other element's still is.

/// Equal when `id` and `value` are: `notes` is left out of `==`, as an app may leave out what it
/// does not compare (a cache, a timestamp).
private struct Entry: Equatable, Identifiable {
    var id: Int
    var value: Int
    var notes: [String]

    static func == (a: Entry, b: Entry) -> Bool { a.id == b.id && a.value == b.value }
}

@Test("An element equal by its own == gives no patch beside the elements where the scan stopped, at either end")
func equalByItsOwnEqualityBesideTheScansStop() throws {
    let old = (0..<6).map { Entry(id: $0, value: $0, notes: ["note \($0)"]) }
    // The scan from the front stops at 1 and the one from the back at 4: 2 and 3 differ only
    // in notes, which `==` leaves out.
    var new = old
    new[1].value = 10
    new[4].value = 40
    new[2].notes = ["changed"]
    new[3].notes = ["changed too"]
    #expect(capturePatch(from: old, to: new) == [
        .set(path: [.index(1), .field("value")], value: captureValue(10)),
        .set(path: [.index(4), .field("value")], value: captureValue(40)),
    ])
    // Next to the ends: the element after the front's stop and the one before the back's.
    var ends = old
    ends[0].value = -1
    ends[5].value = -5
    ends[1].notes = []
    ends[4].notes = []
    #expect(capturePatch(from: old, to: ends) == [
        .set(path: [.index(0), .field("value")], value: captureValue(-1)),
        .set(path: [.index(5), .field("value")], value: captureValue(-5)),
    ])
}
