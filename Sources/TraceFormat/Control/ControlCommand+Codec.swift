/// The binary body of a ``ControlCommand`` (docs/FORMAT.md §17): `version` u8 · `kind` u8 ·
/// `id` varint · `store` string · issuer `pid` varint · `uid` varint · then, for a jump,
/// `sourceSeq` varint, and for a jump or a dispatch a *value block*: `rawLength` varint ·
/// the deflated bytes of a string table (§5) followed by one value (§7). A jump's block may be
/// empty (`rawLength` 0, nothing after it): no state sent, the app installs its own copy.
extension ControlCommand {
    /// The command's body.
    ///
    /// - Throws: ``TraceError`` when the value cannot be represented (nested too deep).
    public func encoded() throws(TraceError) -> [UInt8] {
        var writer = ByteWriter()
        writer.write(Self.version)
        switch request {
        case .pause: writer.write(Kind.pause.rawValue)
        case .resume: writer.write(Kind.resume.rawValue)
        case .lock: writer.write(Kind.lock.rawValue)
        case .unlock: writer.write(Kind.unlock.rawValue)
        case .jump: writer.write(Kind.jump.rawValue)
        case .dispatch: writer.write(Kind.dispatch.rawValue)
        case let .unknown(kind): writer.write(kind)
        }
        writer.writeVarint(id)
        writer.writeString(store)
        writer.writeVarint(UInt64(issuer.pid))
        writer.writeVarint(UInt64(issuer.uid))
        switch request {
        case let .jump(seq, state?):
            writer.writeVarint(seq)
            try Self.writeValueBlock(state, into: &writer)
        case let .jump(seq, nil):
            writer.writeVarint(seq)
            writer.writeVarint(0)
        case let .dispatch(action):
            try Self.writeValueBlock(action, into: &writer)
        default:
            break
        }
        return writer.bytes
    }

    /// Decodes a command body, inflating at most `maximumValueBytes` of value.
    ///
    /// - Throws: ``TraceError/malformed(_:)`` for a body that is not a command of this version,
    ///   or whose value is over the limit or malformed.
    public static func decode(_ body: [UInt8], maximumValueBytes: Int) throws(TraceError) -> ControlCommand {
        var valueBytes = 0
        return try decode(body, maximumValueBytes: maximumValueBytes, valueBytes: &valueBytes)
    }

    /// Decodes as ``decode(_:maximumValueBytes:)`` does, and says how many bytes its value
    /// inflated to (0 without a value), for a reader that budgets several commands together.
    ///
    /// - Parameters:
    ///   - keepsState: whether the reader holds its own copy of a store's state after a seq: a
    ///     jump to such a state is read without its value block (`state` is `nil`), which is
    ///     neither inflated nor checked.
    ///   - readsValue: asked with the command read up to its value block (a jump's `state`
    ///     `nil`, a dispatch's action ``ControlCommand/unreadValue``) whether to read the block:
    ///     an app that will refuse the command says no, and inflates nothing a listener sent.
    ///     The command is then returned as asked about.
    public static func decode(
        _ body: [UInt8], maximumValueBytes: Int, valueBytes: inout Int,
        keepsState: (_ store: String, _ seq: UInt64) -> Bool = { _, _ in false },
        readsValue: (_ envelope: ControlCommand) -> Bool = { _ in true }
    ) throws(TraceError) -> ControlCommand {
        var inflated = 0
        defer { valueBytes = inflated }
        return try withBytes(of: body) { (raw) throws(TraceError) -> ControlCommand in
            var reader = ByteReader(raw)
            let version = try reader.readByte()
            guard version == Self.version else { throw .malformed("control command version \(version), this app reads \(Self.version)") }
            let kindByte = try reader.readByte()
            let id = try reader.readVarint()
            let store = try reader.readString()
            let pid = UInt32(truncatingIfNeeded: try reader.readVarint())
            let uid = UInt32(truncatingIfNeeded: try reader.readVarint())
            let request: Request
            switch Kind(rawValue: kindByte) {
            case .pause?: request = .pause
            case .resume?: request = .resume
            case .lock?: request = .lock
            case .unlock?: request = .unlock
            case .jump?:
                let seq = try reader.readVarint()
                let envelope = ControlCommand(id: id, store: store, issuer: Issuer(pid: pid, uid: uid), request: .jump(sourceSeq: seq, state: nil))
                if keepsState(store, seq) || !readsValue(envelope) {
                    _ = try reader.readBytes(reader.remaining)
                    request = .jump(sourceSeq: seq, state: nil)
                } else if reader.remaining == 1, reader.buffer[reader.offset] == 0 {
                    // An empty block: no state sent.
                    _ = try reader.readByte()
                    request = .jump(sourceSeq: seq, state: nil)
                } else {
                    request = .jump(sourceSeq: seq, state: try readValueBlock(&reader, maximumValueBytes: maximumValueBytes, inflated: &inflated))
                }
            case .dispatch?:
                let envelope = ControlCommand(id: id, store: store, issuer: Issuer(pid: pid, uid: uid), request: .dispatch(unreadValue))
                guard readsValue(envelope) else { return envelope }
                request = .dispatch(try readValueBlock(&reader, maximumValueBytes: maximumValueBytes, inflated: &inflated))
            case nil:
                request = .unknown(kind: kindByte)
            }
            if case .unknown = request {} else if !reader.isAtEnd {
                throw .malformed("\(reader.remaining) bytes after the control command")
            }
            return ControlCommand(id: id, store: store, issuer: Issuer(pid: pid, uid: uid), request: request)
        }
    }

    /// The action of a dispatch whose value block was not read (``decode(_:maximumValueBytes:valueBytes:keepsState:readsValue:)``).
    public static let unreadValue = TraceValue.redacted(type: "value not read")

    private static func writeValueBlock(_ value: TraceValue, into writer: inout ByteWriter) throws(TraceError) {
        var encoder = RecordEncoder()
        encoder.encode(value)
        let block = encoder.payload()
        writer.writeVarint(UInt64(block.count))
        writer.write(contentsOf: try Deflater(level: 1).compress(block.bytes))
    }

    private static func readValueBlock(_ reader: inout ByteReader, maximumValueBytes: Int, inflated: inout Int) throws(TraceError) -> TraceValue {
        let rawLength = try reader.readVarint()
        inflated = Int(min(rawLength, UInt64(Int.max)))
        guard rawLength <= UInt64(maximumValueBytes) else {
            throw .malformed("a value of \(rawLength) bytes, more than the \(maximumValueBytes) this app accepts")
        }
        let stored = try reader.readBytes(reader.remaining)
        guard Int(rawLength) <= stored.count * TraceLimits.maximumCompressionRatio else {
            throw .malformed("a value declares \(rawLength) bytes, more than its \(stored.count) compressed bytes can hold")
        }
        let raw = try Inflater().decompress(stored, expectedSize: Int(rawLength))
        return try withBytes(of: raw) { (bytes) throws(TraceError) -> TraceValue in
            var valueReader = ByteReader(bytes)
            let strings = try StringTable.decode(from: &valueReader)
            var decoder = RecordDecoder(valueReader, strings: strings)
            let value = try decoder.value(depth: 0)
            guard decoder.reader.isAtEnd else { throw .malformed("\(decoder.reader.remaining) bytes after the value") }
            return value
        }
    }
}

/// Runs `body` over the bytes of `array`, keeping its error's type.
private func withBytes<T>(of array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(TraceError) -> T) throws(TraceError) -> T {
    let result: Result<T, TraceError> = array.withUnsafeBytes { raw in
        Result { () throws(TraceError) -> T in try body(raw) }
    }
    return try result.get()
}
