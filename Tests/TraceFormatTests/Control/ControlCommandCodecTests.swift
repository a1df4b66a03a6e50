import Testing
@testable import TraceFormat

@Suite("Control commands: body, parts and outcome records")
struct ControlCommandCodecTests {
    static let state = TraceValue.structure(type: "AppState", fields: [
        .init("users", .array((0..<500).map { .structure(type: "User", fields: [.init("id", .int(Int64($0))), .init("name", .string("user \($0)"))]) })),
        .init("filter", .some(.string("a"))),
    ])

    @Test("every command survives its body and its listener messages, whatever the size")
    func roundTrip() throws {
        let issuer = ControlCommand.Issuer(pid: 4242, uid: 1000)
        let requests: [ControlCommand.Request] = [
            .pause, .resume, .lock, .unlock, .jump(sourceSeq: 42, state: Self.state), .jump(sourceSeq: 7, state: nil),
            .dispatch(.enumeration(type: "", caseName: "setFilter", payload: [.init("", .string("a"))])),
        ]
        for (index, request) in requests.enumerated() {
            let command = ControlCommand(id: UInt64(index + 1), store: "main", issuer: issuer, request: request)
            let body = try command.encoded()
            var decoder = ListenerMessageDecoder()
            decoder.append(ListenerMessage.messages(carrying: body))
            var assembler = ControlCommandAssembler(maximumBodyBytes: 1 << 20)
            var joined: ControlCommandAssembler.Completed?
            while let message = try decoder.next() {
                guard case let .commandPart(part, isLast) = message else { Issue.record("not a part: \(message)"); continue }
                joined = assembler.add(part, isLast: isLast)
            }
            guard case let .body(bytes)? = joined else { Issue.record("no body for \(command.name)"); continue }
            #expect(try ControlCommand.decode(bytes, maximumValueBytes: 1 << 20) == command)
        }
    }

    @Test("a body over the limit is discarded part by part and reported with its size once the last part arrives")
    func tooLarge() {
        var assembler = ControlCommandAssembler(maximumBodyBytes: 100)
        #expect(assembler.add(Array(repeating: 1, count: 60), isLast: false) == nil)
        #expect(assembler.add(Array(repeating: 1, count: 60), isLast: false) == nil)
        #expect(assembler.add(Array(repeating: 1, count: 10), isLast: true) == .tooLarge(bytes: 130))
        #expect(assembler.add([1, 2], isLast: true) == .body([1, 2]), "the next command starts afresh")
    }

    @Test("a value declaring more than the limit, or more than its compressed bytes can hold, is refused before inflating")
    func valueLimits() throws {
        let body = try ControlCommand(id: 1, store: "main", issuer: .init(pid: 1, uid: 1), request: .jump(sourceSeq: 1, state: Self.state)).encoded()
        #expect(throws: TraceError.self) { try ControlCommand.decode(body, maximumValueBytes: 1024) }
        // A hostile rawLength: 2^40 bytes behind a few compressed ones.
        var forged = ByteWriter()
        forged.write(contentsOf: [1, 6, 1]) // version, dispatch, id
        forged.writeString("main")
        forged.writeVarint(1)
        forged.writeVarint(1)
        forged.writeVarint(1 << 40)
        forged.write(contentsOf: [0x78, 0x9C, 0x03, 0x00])
        #expect(throws: TraceError.self) { try ControlCommand.decode(forged.bytes, maximumValueBytes: .max) }
        #expect(throws: TraceError.self) { try ControlCommand.decode(Array(body.prefix(9)), maximumValueBytes: 1 << 20) }
        #expect(throws: TraceError.self) { try ControlCommand.decode(body + [0], maximumValueBytes: 1 << 20) }
    }

    @Test("a jump to a state the reader keeps is read without its value block, which is neither inflated nor checked; other jumps are read whole")
    func keptStates() throws {
        let body = try ControlCommand(id: 3, store: "main", issuer: .init(pid: 1, uid: 1), request: .jump(sourceSeq: 5, state: Self.state)).encoded()
        var asked: [String] = []
        var inflated = -1
        let kept = try ControlCommand.decode(body, maximumValueBytes: 1024, valueBytes: &inflated) { store, seq in
            asked.append("\(store) #\(seq)")
            return seq == 5
        }
        #expect(kept.request == .jump(sourceSeq: 5, state: nil))
        #expect(inflated == 0, "nothing inflated, and the 1 KiB limit the whole state is over never applied")
        #expect(asked == ["main #5"])
        // A block that is not deflate at all is not read either.
        let garbage = Array(body.dropLast(40)) + Array(repeating: 0xAB, count: 40)
        #expect(try ControlCommand.decode(garbage, maximumValueBytes: 1 << 20, valueBytes: &inflated) { _, _ in true }.request == .jump(sourceSeq: 5, state: nil))
        #expect(throws: TraceError.self) { try ControlCommand.decode(garbage, maximumValueBytes: 1 << 20) }
        // Not kept: read whole.
        let whole = try ControlCommand.decode(body, maximumValueBytes: 1 << 20, valueBytes: &inflated) { _, seq in seq == 6 }
        #expect(whole.request == .jump(sourceSeq: 5, state: Self.state))
        #expect(inflated > 1024)
        // A dispatch's value is always read.
        let dispatch = try ControlCommand(id: 4, store: "main", issuer: .init(pid: 1, uid: 1), request: .dispatch(.string("a"))).encoded()
        #expect(try ControlCommand.decode(dispatch, maximumValueBytes: 1024, valueBytes: &inflated) { _, _ in true }.request == .dispatch(.string("a")))
    }

    @Test("an outcome record's message reads back as the outcome it was made from")
    func outcomeMessage() {
        let outcome = ControlOutcome(
            id: 7, command: "jump #42", result: .refused, detail: "this store allows only pause/resume, jump", store: "main",
            issuer: .init(pid: 4242, uid: 1000), listener: .init(pid: 4100, uid: 1000))
        #expect(outcome.message == "control #7 jump #42 → refused: this store allows only pause/resume, jump (store \"main\", asked by pid 4242 uid 1000, listener pid 4100 uid 1000)")
        #expect(ControlOutcome(message: outcome.message) == outcome)
        #expect(ControlOutcome(message: "control #x") == nil)
        #expect(ControlOutcome(message: "a user's own log line") == nil)
    }

    /// An app's own log line can look like an outcome with its parts out of order (issue 44:
    /// each of these trapped in a range and took the listener down with every session).
    @Test(arguments: [
        "control #1 → done (store …",
        "control #1 x (store \"y → z",
        "control #1 (store \"a\" → done",
        "control #1 → done",
        "control #1 (store \"",
        "control #1  → ",
        "control #1 → done (store \"",
    ])
    func aMessageWithItsPartsOutOfOrderIsNoOutcome(message: String) {
        #expect(ControlOutcome(message: message) == nil)
    }

    /// Only a message written exactly as an outcome writes itself is one: the shortest message
    /// in order is not (it lacks the closing parts), and an outcome whose store holds
    /// ` → done (store "` reads back as itself or not at all, never as another outcome (the fuzz
    /// target's find: it read back with other parts, and its message then read differently).
    @Test func onlyAWholeOutcomeMessageIsAnOutcome() {
        #expect(ControlOutcome(message: "control #1 a → done (store \"") == nil)
        // The fuzz target's input (mode 11, an invalid UTF-8 byte read as U+FFFD).
        let found = "control #7  julp → done (store \"ma0, liste\u{FFFD}7  julp → done (store "
        if let read = ControlOutcome(message: found) { #expect(ControlOutcome(message: read.message) == read, "\(read)") }
        let plain = ControlOutcome(id: 1, command: "a", result: .done, store: "", issuer: .init(pid: 0, uid: 0), listener: .init(pid: 0, uid: 0))
        #expect(ControlOutcome(message: plain.message) == plain)
    }

    @Test func anOutcomeWhoseStoreNameHasAnArrowStillReadsBack() {
        let outcome = ControlOutcome(
            id: 3, command: "dispatch", result: .done, store: "a → b", issuer: .init(pid: 1, uid: 2), listener: .init(pid: 3, uid: 4))
        #expect(ControlOutcome(message: outcome.message) == outcome)
    }
}
