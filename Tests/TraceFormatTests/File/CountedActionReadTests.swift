import Testing
@testable import TraceFormat

/// A read with actions as counts (``RecordDecoder/actionsAsCounts``, what `stats` reads by
/// case) builds no record for an action whose value is an enum case or a struct: it gives its
/// numbers, store, type and case as the full read's, at the full read's position among the
/// records, builds every other record as a read with states as shapes does, and refuses
/// exactly the payloads a full read refuses.
@Suite("Reads with actions as counts")
struct CountedActionReadTests {
    static func read(
        _ payload: [UInt8], count: Int = SelectiveReadTests.records.count
    ) -> Result<(records: [Record], shapes: [ShapedValue], counted: CountedActions), TraceError> {
        Result { () throws(TraceError) in
            let read = try payload.withRawBytes { (raw) throws(TraceError) in
                try ChunkCodec.decodeRecordsWithStateShapes(raw, count: count, actionsAsCases: true, actionsAsCounts: true)
            }
            return (read.records, read.shapes, read.counted)
        }
    }

    /// The full read's records again, the counted actions put back where they stand, as the
    /// record a read with actions as cases builds (``ActionCaseReadTests/asCase(_:)``).
    static func merged(_ read: (records: [Record], shapes: [ShapedValue], counted: CountedActions)) -> [Record] {
        var records = read.records
        for action in read.counted.actions {
            let strings = read.counted.strings
            let value: TraceValue = action.caseName.map { .enumeration(type: strings[action.type], caseName: strings[$0], payload: []) }
                ?? .structure(type: strings[action.type], fields: [])
            records.insert(.action(ActionRecord(
                seq: action.seq, store: strings[action.store], monotonicNanos: action.monotonicNanos, wallNanos: 0,
                reducerNanos: action.reducerNanos, action: value)), at: action.position)
        }
        return records
    }

    /// What of an action a count keeps: its numbers, store and case.
    static func counted(_ record: Record) -> Record {
        guard case var .action(action) = record else { return record }
        action.action = ActionCaseReadTests.asCase(action.action)
        action.wallNanos = 0
        action.effectID = nil
        action.location = nil
        return .action(action)
    }

    /// `record` with its states as a read with states as shapes leaves them: placeholders.
    static func placeholders(_ record: Record) -> Record {
        switch record {
        case var .keyframe(keyframe):
            keyframe.state = .bool(false)
            return .keyframe(keyframe)
        case var .patch(patch):
            patch.operations = patch.operations.map { operation in
                switch operation {
                case let .set(path, _): .set(path: path, value: .bool(false))
                case let .insert(path, _): .insert(path: path, value: .bool(false))
                case .remove, .move: operation
                }
            }
            return .patch(patch)
        default:
            return record
        }
    }

    static let records: [Record] = SelectiveReadTests.records + [
        .action(ActionRecord(seq: 9, store: "b", monotonicNanos: 9, wallNanos: 9, reducerNanos: 90,
                             action: .structure(type: "Tap", fields: [.init("x", .int(1))]), location: SourceLocation(file: "T.swift", line: 2))),
        .action(ActionRecord(seq: 10, store: "a", monotonicNanos: 10, wallNanos: 10, reducerNanos: 100,
                             action: .some(.enumeration(type: "Action", caseName: "add", payload: [])))),
        .action(ActionRecord(seq: 11, store: "a", monotonicNanos: 11, wallNanos: 11, reducerNanos: 110,
                             action: .enumeration(type: "Other", caseName: "add", payload: [.init("n", .int(3))]))),
    ]

    @Test("Each enum case or struct action is counted at its position with the full read's numbers, store and case; the rest is read as before")
    func countedAsTheFullRead() throws {
        let payload = try SelectiveReadTests.payload(of: Self.records)
        let read = try Self.read(payload, count: Self.records.count).get()
        // What a read with states as shapes gives (states as placeholders), actions as counts.
        let shaped = try StateShapeReadTests.read(payload, count: Self.records.count, actionsAsCases: true).get()
        // The enum cases and the struct: not the `.int` action nor the optional one.
        #expect(read.counted.actions.map(\.seq) == [1, 9, 11])
        #expect(read.counted.actions.map(\.position) == [2, 13, 15])
        #expect(read.records.count + read.counted.actions.count == Self.records.count)
        #expect(Self.merged(read).map(Self.counted) == shaped.records.map(Self.counted))
        #expect(Self.merged(read).map(Self.counted) == Self.records.map(Self.counted).map(Self.placeholders))
        #expect(read.shapes.map(\.nodes) == shaped.shapes.map(\.nodes))
    }

    @Test("A read with actions as counts refuses exactly the damaged or cut payloads a full read refuses")
    func refusesWhatAFullReadRefuses() throws {
        let payload = try SelectiveReadTests.payload(of: Self.records)
        var refused = 0, counted = 0
        for (offset, damaged) in SelectiveReadTests.damagedCopies(of: payload).enumerated() {
            let full = ActionCaseReadTests.fullRead(damaged, count: Self.records.count)
            switch (full, Self.read(damaged, count: Self.records.count)) {
            case let (.success, .success(read)):
                let shaped = try StateShapeReadTests.read(damaged, count: Self.records.count, actionsAsCases: true).get()
                #expect(Self.merged(read).map(Self.counted) == shaped.records.map(Self.counted), "damage \(offset)")
                counted += read.counted.actions.count
            case let (.failure(fullError), .failure(error)):
                #expect(fullError == error, "damage \(offset)")
                refused += 1
            case let (full, read):
                Issue.record("damage \(offset): full read \(full), read with actions as counts \(read.map(\.records))")
            }
        }
        #expect(refused > payload.count, "most damage is refused")
        #expect(counted > 0, "some damage still reads, its actions counted")
    }
}
