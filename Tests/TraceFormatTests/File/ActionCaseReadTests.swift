import Testing
@testable import TraceFormat

/// A read with actions as cases (``TraceReader/recordsWithActionCases(in:)``, what `stats`
/// reads) builds each action's value only as far as its case and every other record whole,
/// and refuses exactly the payloads a full read refuses.
@Suite("Reads with actions as cases")
struct ActionCaseReadTests {
    /// The action's value as far as its case: the enum case or struct type, through optionals.
    static func asCase(_ value: TraceValue) -> TraceValue {
        switch value {
        case let .enumeration(type, caseName, _): .enumeration(type: type, caseName: caseName, payload: [])
        case let .structure(type, _): .structure(type: type, fields: [])
        case let .some(wrapped): .some(asCase(wrapped))
        default: value
        }
    }

    static func read(_ payload: [UInt8], count: Int = SelectiveReadTests.records.count) -> Result<[Record], TraceError> {
        Result { () throws(TraceError) in
            try payload.withRawBytes { (raw) throws(TraceError) in try ChunkCodec.decodeRecordsWithActionCases(raw, count: count).records }
        }
    }

    static func fullRead(_ payload: [UInt8], count: Int = SelectiveReadTests.records.count) -> Result<[Record], TraceError> {
        Result { () throws(TraceError) in
            try payload.withRawBytes { (raw) throws(TraceError) in try ChunkCodec.decodeRecords(raw, count: count) }
        }
    }

    @Test("Actions keep their case and lose their payload; every other record is read whole")
    func actionsAsCases() throws {
        let extra: [Record] = [
            .action(ActionRecord(seq: 3, store: "a", monotonicNanos: 3, wallNanos: 3, reducerNanos: 3,
                                 action: .some(.enumeration(type: "Nav", caseName: "push", payload: [.init("to", .string("detail"))])))),
            .action(ActionRecord(seq: 4, store: "a", monotonicNanos: 4, wallNanos: 4, reducerNanos: 4,
                                 action: .structure(type: "Reload", fields: [.init("force", .bool(true))]))),
        ]
        let records = SelectiveReadTests.records + extra
        let read = try Self.read(try SelectiveReadTests.payload(of: records), count: records.count).get()
        let expected = records.map { record -> Record in
            guard case var .action(action) = record else { return record }
            action.action = Self.asCase(action.action)
            return .action(action)
        }
        #expect(read == expected)
        #expect(read[2] != records[2], "the payload of Action.add(user) is left out")
    }

    @Test("A read with actions as cases refuses exactly the damaged or cut payloads a full read refuses")
    func refusesWhatAFullReadRefuses() throws {
        let payload = try SelectiveReadTests.payload()
        var refused = 0
        for (offset, damaged) in SelectiveReadTests.damagedCopies(of: payload).enumerated() {
            switch (Self.fullRead(damaged), Self.read(damaged)) {
            case let (.success(full), .success(cases)):
                #expect(cases.count == full.count, "damage \(offset)")
            case let (.failure(fullError), .failure(error)):
                #expect(fullError == error, "damage \(offset)")
                refused += 1
            case let (full, cases):
                Issue.record("damage \(offset): full read \(full), read with actions as cases \(cases)")
            }
        }
        #expect(refused > payload.count, "most damage is refused")
    }
}
