import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat
@testable import StoreScope

// The mutable-instance warning for a class instance that first reaches the state through a
// patch (the keyframes hold none): the worker walks only the patches whose encoding met a
// reference, so the encoder's count must see it. Every state is recorded (`.never`): a burst's
// states let go would leave the warning to a later keyframe.

/// A mutable class, recorded by reference.
private final class SignInToken: @unchecked Sendable {
    // @unchecked: test fixture; the recorder never reads `token`.
    var token = ""
}

private struct SignedInAccount: Sendable {
    var name = "ada"
    var current: SignInToken?
}

private enum SignedInAccountAction: Sendable { case rename(String), pick }

@Test("A mutable instance first brought in by a patch is warned of, once, after the patch that brought it")
func patchBringingAMutableInstanceIsWarnedOf() throws {
    do {
        let bringIn = SignedInAccountAction.pick
        let directory = try TemporaryDirectory()
        let path = directory.path("account.sstrace")
        let diagnostics = DiagnosticsLog()
        let recorder = try Recorder(sink: .file(path), configuration: .init(stateCoalescing: .never, diagnostics: diagnostics.handler))
        var state = SignedInAccount()
        let store = recorder.store("account", initialState: state, actions: SignedInAccountAction.self)
        let reduce: (inout SignedInAccount, SignedInAccountAction) -> Void = { state, action in
            switch action {
            case let .rename(name): state.name = name
            case .pick: state.current = SignInToken()
            }
        }
        for action in [SignedInAccountAction.rename("grace"), .rename("lin"), bringIn, .rename("kay"), bringIn] {
            store.record(action, reducing: &state, reduce)
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        #expect(diagnostics.all.count == 1 && diagnostics.all.first?.contains("holds instances of mutable classes (SignInToken)") == true,
                "\(bringIn): \(diagnostics.all)")
        let records = try readTrace(path)
        let warnings = records.compactMap { record -> LogRecord? in if case let .log(log) = record, log.level == .warning { log } else { nil } }
        #expect(warnings.map(\.seq) == [3], "\(bringIn): the warning follows action #3, the first to bring a SignInToken in")
    }
}

@Test("The writer counts the references in the records it appends, keys of paths included")
func writerCountsReferences() throws {
    let directory = try TemporaryDirectory()
    let writer = try TraceWriter(path: directory.path("count.sstrace"), header: SessionHeader(
        sessionID: Array(repeating: 0, count: 16), appName: "t", storeName: "s",
        startWallNanos: 0, startMonotonicNanos: 0, schemaFingerprint: 0))
    let reference = TraceValue.reference(type: "SignInToken", id: 1)
    try writer.append(.patch(StatePatch(seq: 1, store: "s", operations: [.set(path: [.field("name")], value: .string("x"))])))
    #expect(writer.referenceValuesAppended == 0)
    try writer.append(.patch(StatePatch(seq: 2, store: "s", operations: [
        .insert(path: [.field("sessions"), .index(0)], value: .structure(type: "Box", fields: [.init("a", reference)])),
        .remove(path: [.field("byOwner"), .key(reference)]),
    ])))
    #expect(writer.referenceValuesAppended == 2)
    try writer.close()
}

/// A mutable class kept in collections.
private final class Bookmark: @unchecked Sendable {
    // @unchecked: test fixture; the recorder never reads `title`.
    var title = ""
}

private struct Pinned: Sendable {
    var name = "p"
    var bookmark: Bookmark?
}

private struct Shelf: Sendable {
    var bookmarks: [Bookmark] = []
    var pinned: [Pinned] = [Pinned(), Pinned()]
    var byName: [String: Pinned] = [:]
    var count = 0
}

/// The ways a patch can bring a class instance into a collection: inserted bare, inside an
/// inserted element, set into an element in place, inside an element of a rebuilt array of one
/// length (diffed where stored), inside a dictionary's new value.
private enum BringIn: CaseIterable, Sendable {
    case appended, appendedInElement, setInElement, rebuiltArray, dictionaryValue

    func apply(to state: inout Shelf) {
        switch self {
        case .appended: state.bookmarks.append(Bookmark())
        case .appendedInElement: state.pinned.append(Pinned(bookmark: Bookmark()))
        case .setInElement: state.pinned[1].bookmark = Bookmark()
        case .rebuiltArray: state.pinned = [state.pinned[0], Pinned(name: "q", bookmark: Bookmark())]
        case .dictionaryValue: state.byName["x"] = Pinned(bookmark: Bookmark())
        }
    }
}

@Test("A mutable instance a patch brings into a collection is warned of, once", arguments: BringIn.allCases)
private func patchBringingAMutableInstanceIntoACollectionIsWarnedOf(_ bringIn: BringIn) throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("shelf.sstrace")
    let diagnostics = DiagnosticsLog()
    let recorder = try Recorder(sink: .file(path), configuration: .init(stateCoalescing: .never, diagnostics: diagnostics.handler))
    var state = Shelf()
    let store = recorder.store("shelf", initialState: state, actions: Int.self)
    for action in 1...4 {
        store.record(action, reducing: &state) { state, action in
            state.count += 1
            if action == 2 { bringIn.apply(to: &state) }
        }
    }
    #expect(recorder.close(timeout: .recorderCloseInTests))
    #expect(diagnostics.all.count == 1 && diagnostics.all.first?.contains("(Bookmark)") == true, "\(bringIn): \(diagnostics.all)")
    let warnings = try readTrace(path).compactMap { record -> LogRecord? in if case let .log(log) = record, log.level == .warning { log } else { nil } }
    #expect(warnings.map(\.seq) == [2], "\(bringIn)")
}
