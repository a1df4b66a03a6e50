import Foundation
import StoreScopeTestSupport
import Testing
@testable import StoreScope
@testable import TraceFormat

// A change of the root's scalar fields alone is written to the trace straight from the state
// (`RootScalarPatch.append`), its operations never built. What it writes must be, byte for
// byte, what `capturePatch` + `TraceWriter.append` write for the same change: each sequence of
// states below is recorded both ways into two real trace files (with an action record of
// another store between patches, small chunks and small item limits, so that string tables,
// chunk cuts by size and by item count all meet the direct records), the files compared and
// then read back.

private enum Phase: Equatable { case idle, loading, done }

/// Every integer width, a Bool and a Double, with padding after `small` and `flag`.
private struct Widths: Equatable {
    var small: UInt8 = 1
    var int64: Int64 = 2
    var flag = false
    var int16: Int16 = -3
    var int32: Int32 = 40_000
    var int8: Int8 = -5
    var uint16: UInt16 = 6
    var uint32: UInt32 = 7
    var uint64: UInt64 = 8
    var int = 9
    var uint: UInt = 10
    var ratio = 0.5
    var users = Array(repeating: "user", count: 20)
}

/// Strings, a redacted field, an optional, an enum without payload and a collection beside
/// the scalars.
private struct Mixed: Equatable {
    var title = "a title longer than fifteen bytes"
    var isLoading = false
    var phase = Phase.idle
    var count = 0
    var query = "ada"
    var items = [1, 2, 3]
    var token = "s3cr3t-token-value"
    var selected: Int? = 3
}

/// The states `changes` lead to from `initial`, one after another.
private func states<State>(from initial: State, _ changes: [(inout State) -> Void]) -> [State] {
    var all = [initial]
    for change in changes {
        var next = all[all.count - 1]
        change(&next)
        all.append(next)
    }
    return all
}

private let header = SessionHeader(
    sessionID: Array(repeating: 3, count: 16), appName: "t", storeName: "app",
    startWallNanos: 0, startMonotonicNanos: 0, schemaFingerprint: 0)

/// A writer of the file `path` with chunks of `chunkSize` bytes and `itemLimit` items.
private func makeWriter(_ path: String, chunkSize: Int, itemLimit: Int) throws -> TraceWriter {
    try TraceWriter(
        output: TraceFile.create(path), header: header,
        options: .init(chunkSize: chunkSize, flushInterval: .seconds(3_600)), itemLimit: itemLimit)
}

/// Records the patches between consecutive `states` into two files: one as the recorder's
/// worker writes them (the direct path for root scalars), one by `capturePatch` and
/// `TraceWriter.append`. Returns both files' bytes, the records read back from the direct
/// file, and how many patches took the direct path.
private func recordBoth<State>(
    _ states: [State], options: CaptureOptions, chunkSize: Int, itemLimit: Int, in directory: TemporaryDirectory
) throws -> (direct: [UInt8], general: [UInt8], records: [Record], directPatches: Int) {
    let directPath = directory.path("direct-\(chunkSize)-\(itemLimit).sstrace")
    let generalPath = directory.path("general-\(chunkSize)-\(itemLimit).sstrace")
    let direct = try makeWriter(directPath, chunkSize: chunkSize, itemLimit: itemLimit)
    let general = try makeWriter(generalPath, chunkSize: chunkSize, itemLimit: itemLimit)
    var patcher = StatePatcher(options: options)
    var directPatches = 0
    for index in 1..<states.count {
        let seq = UInt64(index)
        // Another store's record between patches: its name and the action's type interned first.
        let action = Record.action(ActionRecord(
            seq: seq, store: "other", monotonicNanos: seq, wallNanos: 0, reducerNanos: 0, action: .int(Int64(index))))
        try direct.append(action)
        try general.append(action)
        let (old, new) = (states[index - 1], states[index])
        let operations = capturePatch(from: old, to: new, options: options)
        if !operations.isEmpty { try general.append(.patch(StatePatch(seq: seq, store: "users", operations: operations))) }
        switch patcher.find(from: old, to: new) {
        case let .rootScalars(patch):
            directPatches += 1
            #expect(patch.operationCount == operations.count, "change \(index)")
            if !patch.isEmpty { try patch.append(of: new, seq: seq, store: "users", to: direct) }
        case let .operations(found):
            #expect(found == operations, "change \(index)")
            if !found.isEmpty { try direct.append(.patch(StatePatch(seq: seq, store: "users", operations: found))) }
        }
        #expect(direct.recordsAppended == general.recordsAppended, "change \(index)")
        #expect(direct.recordBytesAppended == general.recordBytesAppended, "change \(index)")
    }
    try direct.close()
    try general.close()
    let records = try TraceReader(path: directPath).allRecords()
    return (
        Array(try Data(contentsOf: URL(fileURLWithPath: directPath))),
        Array(try Data(contentsOf: URL(fileURLWithPath: generalPath))), records, directPatches)
}

/// Records `states` both ways under several chunk sizes and item limits; checks the files are
/// equal and hold, read back, each change's operations. Returns the direct patches per run.
private func checkBothWays<State>(
    _ states: [State], options: CaptureOptions = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Int {
    let directory = try TemporaryDirectory()
    var directPatches = 0
    for (chunkSize, itemLimit) in [(64 * 1024, TraceLimits.maximumItemsPerChunk), (48, 1_000), (4_096, 50), (4_096, 51), (4_096, 52), (4_096, 53), (100, 57)] {
        let run = try recordBoth(states, options: options, chunkSize: chunkSize, itemLimit: itemLimit, in: directory)
        #expect(run.direct == run.general, "chunk size \(chunkSize), item limit \(itemLimit)", sourceLocation: sourceLocation)
        let patches = run.records.compactMap { if case let .patch(patch) = $0 { patch } else { nil } }
        var expected: [StatePatch] = []
        for index in 1..<states.count {
            let operations = capturePatch(from: states[index - 1], to: states[index], options: options)
            if !operations.isEmpty { expected.append(StatePatch(seq: UInt64(index), store: "users", operations: operations)) }
        }
        #expect(patches == expected, "chunk size \(chunkSize), item limit \(itemLimit)", sourceLocation: sourceLocation)
        #expect(run.records.count == states.count - 1 + expected.count, sourceLocation: sourceLocation)
        directPatches = run.directPatches
    }
    return directPatches
}

@Test("Every integer width, a Bool and a Double, alone and together, written directly as the encoder writes them")
func widthsWrittenDirectly() throws {
    let all = states(from: Widths(), [
        { $0.flag = true }, { $0.small = 200 }, { $0.int8 = .min }, { $0.int16 = .max }, { $0.int32 = -1 },
        { $0.int64 = .min }, { $0.uint16 = .max }, { $0.uint32 = .max }, { $0.uint64 = .max }, { $0.int = -(1 << 40) },
        { $0.uint = 1 << 50 }, { $0.ratio = -0.0 }, { $0.ratio = 0.0 }, { $0.ratio = .infinity },
        { $0.flag = false; $0.int8 = 127; $0.uint64 = 0; $0.ratio = 1e-300 },
        { _ in }, { $0.small = 0; $0.int64 = 0; $0.flag = true; $0.int16 = 0; $0.int32 = 0; $0.int8 = 0; $0.uint16 = 0; $0.uint32 = 0; $0.int = 0; $0.uint = 0; $0.ratio = 0.25 },
        { $0.users[3] = "renamed" }, { $0.users[3] = "renamed"; $0.flag = false },
    ])
    // All but the two changes of the array took the direct path.
    #expect(try checkBothWays(all) == all.count - 1 - 2)
}

@Test("Strings, a redacted field, an optional and an enum: the direct path where it applies, the same bytes everywhere")
func mixedFieldsWrittenDirectly() throws {
    let longQuery = String(repeating: "grace ", count: 8)
    let all = states(from: Mixed(), [
        { $0.isLoading = true }, { $0.query = "lin" }, { $0.query = longQuery },
        // An equal string in another buffer: bytes differ, the leaf does not.
        { $0.query = String(longQuery.reversed().reversed()) },
        { $0.title = "another long title, still over fifteen bytes"; $0.count = 7 },
        { $0.token = "another-secret-value" }, { $0.token = "a third secret"; $0.isLoading = false },
        { $0.selected = nil }, { $0.selected = 4 }, { $0.phase = .loading }, { $0.phase = .done; $0.count = 8 },
        { $0.items.append(4) }, { $0.count = .max; $0.query = ""; $0.isLoading = true },
    ])
    // Direct: isLoading, query ×3, title+count, the last one.
    #expect(try checkBothWays(all) == 6)
    // No rule: the token is a visible string, and its changes go directly too.
    #expect(try checkBothWays(all, options: CaptureOptions(redaction: .none)) == 8)
}

@Test("A patch that declares more operations than it writes is refused and leaves the chunk as it was")
func declaredCountIsChecked() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("count.sstrace")
    let writer = try makeWriter(path, chunkSize: 64 * 1024, itemLimit: TraceLimits.maximumItemsPerChunk)
    #expect(throws: TraceError.self) {
        try writer.appendPatch(seq: 1, store: "users", operationCount: 2) { encoder in
            encoder.encodeSet(field: "flag", value: .bool(true))
        }
    }
    try writer.appendPatch(seq: 2, store: "users", operationCount: 1) { encoder in
        encoder.encodeSet(field: "flag", value: .bool(true))
    }
    try writer.close()
    #expect(try TraceReader(path: path).allRecords() == [.patch(StatePatch(seq: 2, store: "users", operations: [.set(path: [.field("flag")], value: .bool(true))]))])
}
