import Foundation
import StoreScopeTestSupport
import TraceFormat

/// A small two-store session written record by record with exact times, so analysis output
/// can be compared whole: a cart whose effects finish, fail and leak, a no-op action, a drop
/// followed by a keyframe, and a second store.
///
/// | seq | t (ms) | store | action | reducer | state change |
/// |---|---|---|---|---|---|
/// | 1 | 1 | cart | add(item: "apple") | 1 µs | items + apple, total 1 |
/// | 2 | 2 | cart | add(item: "pear") | 3 µs | items + pear, total 2 |
/// | 3 | 3 | cart | refresh | 500 ns | none; starts effect 1 loadPrices |
/// | 4 | 5 | session | login(user: "ada") | 700 ns | user = ada |
/// | 5 | 10 | cart | pricesLoaded(total: 7), from effect 1 | 2 µs | total 7 |
/// | 6 | 20 | cart | checkout | 8 µs | isPaying; starts 2 charge (fails), 3 poll (never ends) |
/// | 7, 8 | | | dropped at 30 ms | | |
/// | 9 | 1200 | cart | add(item: "fig") | 1.5 µs | keyframe |
struct CheckoutTrace {
    static let start: UInt64 = 5_000_000_000

    /// What to change to make a second, diverging session.
    enum Variant {
        case original
        /// Action 5's total is 8 in the state (the reducer behaved differently).
        case otherTotal
        /// Action 2 adds a plum instead of a pear.
        case otherAction
        /// The session stops after action 5.
        case shorter
    }

    /// Writes the session to `path` in chunks of `chunkSize` raw bytes and returns the chunks.
    @discardableResult
    static func write(to path: String, variant: Variant = .original, chunkSize: Int = 64 * 1024, schemaFingerprint: UInt64 = 7) throws -> [ChunkInfo] {
        let header = TraceFixture.header(
            app: "Checkout", store: "cart", startWallNanos: 1_764_563_042_000_000_000, startMonotonicNanos: start, schemaFingerprint: schemaFingerprint)
        let writer = try TraceFixture.writer(at: path, header: header, chunkSize: chunkSize)
        for record in records(variant) { try writer.append(record) }
        try writer.close()
        return writer.chunks
    }

    static func records(_ variant: Variant) -> [Record] {
        func ms(_ value: Double) -> UInt64 { start + UInt64(value * 1_000_000) }
        func action(_ seq: UInt64, _ store: String, at time: Double, reducer: UInt64, _ name: String, _ payload: [TraceValue.Field] = [], effect: UInt64? = nil) -> Record {
            let type = store == "cart" ? "CartAction" : "SessionAction"
            return .action(ActionRecord(
                seq: seq, store: store, monotonicNanos: ms(time), wallNanos: 1_764_563_042_000_000_000 + Int64(ms(time) - start),
                reducerNanos: reducer, action: .enumeration(type: type, caseName: name, payload: payload), effectID: effect))
        }
        func set(_ seq: UInt64, _ store: String, _ field: String, _ value: TraceValue) -> Record {
            .patch(StatePatch(seq: seq, store: store, operations: [.set(path: [.field(field)], value: value)]))
        }
        func addItem(_ seq: UInt64, _ item: String, index: Int) -> [Record] {
            [
                action(seq, "cart", at: Double(seq), reducer: seq == 1 ? 1_000 : 3_000, "add", [.init("item", .string(item))]),
                .patch(StatePatch(seq: seq, store: "cart", operations: [
                    .insert(path: [.field("items"), .index(index)], value: .string(item)), .set(path: [.field("total")], value: .int(Int64(index + 1))),
                ])),
            ]
        }
        var records: [Record] = [
            .keyframe(Keyframe(seq: 0, store: "cart", state: cart(items: [], total: 0, isPaying: false))),
            .keyframe(Keyframe(seq: 0, store: "session", state: .structure(type: "SessionState", fields: [.init("user", .none(type: "String"))]))),
        ]
        records += addItem(1, "apple", index: 0)
        records += addItem(2, variant == .otherAction ? "plum" : "pear", index: 1)
        records += [
            action(3, "cart", at: 3, reducer: 500, "refresh"),
            .effectStarted(EffectStarted(effectID: 1, name: "loadPrices", store: "cart", parentSeq: 3, monotonicNanos: ms(3.1))),
            action(4, "session", at: 5, reducer: 700, "login", [.init("user", .string("ada"))]),
            set(4, "session", "user", .some(.string("ada"))),
            .effectEmitted(EffectEmitted(effectID: 1, actionSeq: 5, monotonicNanos: ms(10))),
            action(5, "cart", at: 10, reducer: 2_000, "pricesLoaded", [.init("total", .int(7))], effect: 1),
            set(5, "cart", "total", .int(variant == .otherTotal ? 8 : 7)),
            .effectEnded(EffectEnded(effectID: 1, outcome: .finished, monotonicNanos: ms(10.5))),
        ]
        if variant == .shorter { return records + [.sessionEnded(SessionEnded(monotonicNanos: ms(11), wallNanos: 0))] }
        records += [
            action(6, "cart", at: 20, reducer: 8_000, "checkout"),
            set(6, "cart", "isPaying", .bool(true)),
            .effectStarted(EffectStarted(
                effectID: 2, name: "charge", store: "cart", parentSeq: 6, monotonicNanos: ms(20.1),
                location: SourceLocation(file: "Checkout/Payments.swift", line: 42))),
            .effectStarted(EffectStarted(effectID: 3, name: "poll", store: "cart", parentSeq: 6, monotonicNanos: ms(20.2))),
            .effectEnded(EffectEnded(effectID: 2, outcome: .failed("card declined"), monotonicNanos: ms(45))),
            .dropped(DroppedRecords(count: 2, firstSeq: 7, lastSeq: 8, monotonicNanos: ms(30))),
            .log(LogRecord(level: .mark, message: "retry", monotonicNanos: ms(31), seq: 8)),
            action(9, "cart", at: 1_200, reducer: 1_500, "add", [.init("item", .string("fig"))]),
            .keyframe(Keyframe(seq: 9, store: "cart", state: cart(items: ["apple", "pear", "fig"], total: 3, isPaying: true))),
            .sessionEnded(SessionEnded(monotonicNanos: ms(1_300), wallNanos: 0)),
        ]
        return records
    }

    static func cart(items: [String], total: Int64, isPaying: Bool) -> TraceValue {
        .structure(type: "CartState", fields: [
            .init("items", .array(items.map(TraceValue.string))), .init("total", .int(total)), .init("isPaying", .bool(isPaying)),
        ])
    }
}
