// libFuzzer entry for TraceFormat and TraceAnalysis, compiled by run.sh together with
// Sources/TraceFormat and Sources/TraceAnalysis as one module (so internal decoders are
// reachable). Not a SwiftPM target.
//
// The first input byte picks what the rest is fed to:
//   0  a chunk payload (string table + records); what decodes must re-encode and decode equal,
//      and a selective read must keep what a full read keeps, or fail with the same error, as
//      must a read that leaves large keyframes out
//   1  a whole trace file, through TraceReader and TraceFollower
//   2  a value tree and a patch, applied (errors are fine, crashes are not)
//   3  a zlib stream inflated with a declared size taken from the next two bytes
//   4  a file header and a chunk header
//   5  a trace file growing in parts, followed by TraceFollower after each part; without
//      damage it returns exactly the records TraceReader reads from the whole file
//   6  decoded records replayed by StateReplay: a keyframe's state is the store's state
//   7  two value trees diffed by DiffRendering: empty exactly when equal, no control character
//   8  decoded records rendered as text and JSON: no raw control character, valid JSON
//   9  a live stream arriving in parts through a listener's connection (LiveConnection) that
//      records it: the same events as the stream fed whole, within the memory budget given,
//      and the recorded file holds exactly the records the events showed
//  10  listener messages arriving in parts (ListenerMessageDecoder): the same messages as
//      the bytes fed whole
#if canImport(Glibc)
import Glibc
#endif
import Foundation

nonisolated(unsafe) private var scratchPath: String?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    switch data[0] % 16 {
    case 0: fuzzPayload(input)
    case 1: fuzzFile(input)
    case 2: fuzzPatch(input)
    case 3: fuzzInflate(input)
    case 4: fuzzHeaders(input)
    case 5: fuzzGrowingFile(input)
    case 6: fuzzReplay(input)
    case 7: fuzzDiff(input)
    case 8: fuzzRendering(input)
    case 9: fuzzLiveConnection(input)
    case 10: fuzzListenerMessages(input)
    case 11: fuzzControlOutcome(input)
    case 12: fuzzControlCommand(input)
    case 13: fuzzControlRequestLine(input)
    case 14: fuzzValueLiteral(input)
    default: fuzzPairing(input)
    }
    return 0
}

private func fuzzPayload(_ input: UnsafeRawBufferPointer) {
    guard let count = input.first else { return }
    let payload = UnsafeRawBufferPointer(rebasing: input.dropFirst())
    let full = Result { () throws(TraceError) in try ChunkCodec.decodeRecords(payload, count: Int(count)) }
    // A selective read keeps what a full read keeps, or fails with the same error: for the
    // first name of the table (as likely a store as any) and a name no record has.
    var tableReader = ByteReader(payload)
    let firstName = (try? StringTable.decode(from: &tableReader))?.first ?? ""
    // Its summary, which verifies the header, is what all the records say, built or not.
    for selection in [RecordSelection.state(of: firstName), .state(of: "\u{0}no store"), .allButStates] {
        let selective = Result { () throws(TraceError) in try ChunkCodec.decodeRecordsSummarized(payload, count: Int(count), keeping: selection) }
        switch (full, selective) {
        case let (.success(all), .success(read)):
            let kept = read.records
            guard kept.map(\.index) == all.indices.filter({ selection.keeps(all[$0]) }), kept.allSatisfy({ all[$0.index] == $0.record }) else {
                fatalError("a selective read kept other records than a full read")
            }
            guard read.summary == ChunkSummary(all) else { fatalError("a selective read's summary differs from the records' own") }
        case let (.failure(fullError), .failure(selectiveError)):
            guard fullError == selectiveError else { fatalError("a selective read failed with \(selectiveError), a full read with \(fullError)") }
        default:
            fatalError("a selective read and a full read disagree: \(full) / \(selective)")
        }
    }
    // A read that leaves large keyframes out fails exactly when a full read fails, and gives
    // the full read's records with the keyframes of more than `limit` nodes taken out, each
    // described where it stood.
    for limit in [0, 3] {
        let light = Result { () throws(TraceError) in try ChunkCodec.decodeRecords(payload, count: Int(count), leavingOutKeyframesOver: limit) }
        switch (full, light) {
        case let (.success(all), .success(read)):
            var expected: [Record] = [], leftOut: [LeftOutKeyframe] = []
            for record in all {
                if case let .keyframe(keyframe) = record, keyframe.state.nodeCount > limit {
                    leftOut.append(LeftOutKeyframe(seq: keyframe.seq, store: keyframe.store, nodes: 0, bytes: 0, position: expected.count))
                } else {
                    expected.append(record)
                }
            }
            guard read.records == expected, read.summary == ChunkSummary(all),
                read.leftOut.map({ [$0.seq, UInt64($0.position)] }) == leftOut.map({ [$0.seq, UInt64($0.position)] }),
                read.leftOut.map(\.store) == leftOut.map(\.store), read.leftOut.allSatisfy({ $0.nodes > limit && $0.bytes > 0 })
            else { fatalError("a read leaving keyframes over \(limit) nodes out differs from a full read") }
        case let (.failure(fullError), .failure(lightError)):
            guard fullError == lightError else { fatalError("a read leaving keyframes out failed with \(lightError), a full read with \(fullError)") }
        default:
            fatalError("a read leaving keyframes out and a full read disagree: \(full) / \(light)")
        }
    }
    guard case let .success(records) = full else { return }
    var encoder = RecordEncoder()
    for record in records {
        do throws(TraceError) { try encoder.encode(record) } catch { fatalError("decoded record does not re-encode: \(error)") }
    }
    var bytes = ByteWriter()
    encoder.strings.encode(into: &bytes)
    bytes.write(contentsOf: encoder.body.bytes)
    let again = bytes.bytes.withUnsafeBytes { try? ChunkCodec.decodeRecords($0, count: records.count) }
    guard again == records else { fatalError("records changed in a round trip") }
}

private var scratch: String {
    if let scratchPath { return scratchPath }
    let path = "/tmp/tracefuzz-\(getpid()).sstrace"
    scratchPath = path
    return path
}

/// Writes `bytes` to the scratch file, replacing it (`append`: adding to it).
private func writeScratch(_ bytes: UnsafeRawBufferPointer, append: Bool = false) {
    let fd = open(scratch, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o600)
    guard fd >= 0 else { fatalError("cannot create \(scratch)") }
    if let base = bytes.baseAddress, !bytes.isEmpty { _ = write(fd, base, bytes.count) }
    close(fd)
}

private func fuzzFile(_ input: UnsafeRawBufferPointer) {
    let path = scratch
    writeScratch(input)
    if let reader = try? TraceReader(path: path) {
        _ = reader.allRecords()
        _ = reader.gaps
    }
    if let follower = try? TraceFollower(path: path) {
        _ = try? follower.poll()
        _ = try? follower.poll()
    }
}

private func fuzzPatch(_ input: UnsafeRawBufferPointer) {
    // A string table of a few fixed names so field steps can match.
    var decoder = RecordDecoder(ByteReader(input), strings: ["a", "b", "", "State", "x"])
    guard var value = try? decoder.value(depth: 0) else { return }
    var reader = decoder.reader
    guard let count = try? reader.readByte() else { return }
    // Reuse the record decoder's patch reading through a synthetic patch record body.
    var body: [UInt8] = [0x02, 0x00, 0x00, count]
    body += UnsafeRawBufferPointer(rebasing: input[reader.offset...])
    let strings = ["s", "a", "b", "", "State", "x"]
    let patch: Record? = body.withUnsafeBytes { raw in
        var patchDecoder = RecordDecoder(ByteReader(raw), strings: strings)
        return try? patchDecoder.decodeRecord()
    }
    guard case let .patch(statePatch)? = patch else { return }
    for operation in statePatch.operations {
        do throws(PatchError) { try value.apply(operation) } catch { _ = error.description }
    }
    var encoder = RecordEncoder()
    encoder.encode(value)
}

private func fuzzInflate(_ input: UnsafeRawBufferPointer) {
    guard input.count >= 2 else { return }
    let expected = Int(input[0]) | Int(input[1]) << 8
    guard let inflater = try? Inflater() else { fatalError("inflateInit2") }
    if let output = try? inflater.decompress(UnsafeRawBufferPointer(rebasing: input[2...]), expectedSize: expected) {
        guard output.count == expected else { fatalError("inflated to \(output.count), not \(expected)") }
    }
}

private func fuzzHeaders(_ input: UnsafeRawBufferPointer) {
    _ = try? FileHeader.decode(input)
    _ = try? ChunkHeader.decode(input)
    _ = try? FooterIndex.decodeEntries(input)
    _ = FooterIndex.decodeTrailer(Array(input.prefix(16)))
}

/// The records of a chunk payload given as a count byte and the payload.
private func decodedRecords(_ input: UnsafeRawBufferPointer) -> [Record]? {
    guard let count = input.first else { return nil }
    return try? ChunkCodec.decodeRecords(UnsafeRawBufferPointer(rebasing: input.dropFirst()), count: Int(count))
}

private func fuzzGrowingFile(_ input: UnsafeRawBufferPointer) {
    // Byte 0: number of cuts (0-7); then two bytes per cut (offsets into the file); then the file.
    guard let cutCount = input.first.map({ Int($0 % 8) }), input.count >= 1 + 2 * cutCount else { return }
    let file = UnsafeRawBufferPointer(rebasing: input[(1 + 2 * cutCount)...])
    var cuts = (0..<cutCount).map { i in
        (Int(input[1 + 2 * i]) | Int(input[2 + 2 * i]) << 8) % (file.count + 1)
    }
    cuts = Array(Set(cuts + [file.count])).sorted()
    var written = 0
    var follower: TraceFollower?
    var records: [Record] = []
    var damaged = false
    writeScratch(UnsafeRawBufferPointer(rebasing: file[0..<0]))
    for cut in cuts {
        writeScratch(UnsafeRawBufferPointer(rebasing: file[written..<cut]), append: true)
        written = cut
        if follower == nil { follower = try? TraceFollower(path: scratch) }
        guard let follower else { continue }
        guard let update = try? follower.poll() else { damaged = true; continue }
        records += update.records
        if !update.gaps.isEmpty { damaged = true }
    }
    guard let follower, !damaged, let reader = try? TraceReader(path: scratch) else { return }
    let all = reader.allRecords()
    // The follower stops at the footer; a reader without footer reads to the end.
    guard reader.gaps.isEmpty, reader.tornTail == nil else { return }
    if follower.isFinished || reader.indexSource != .footer {
        guard records == all else {
            fatalError("follower read \(records.count) records, reader \(all.count) (cuts \(cuts))")
        }
    }
}

private func fuzzReplay(_ input: UnsafeRawBufferPointer) {
    guard let records = decodedRecords(input) else { return }
    var replay = StateReplay()
    for record in records {
        replay.apply(record)
        switch record {
        case let .keyframe(keyframe):
            guard replay.state(of: keyframe.store) == keyframe.state else { fatalError("keyframe not replayed") }
        case .dropped:
            guard replay.stores.values.allSatisfy({ $0.value == nil }) else { fatalError("state known after a loss") }
        default: break
        }
    }
}

/// Whether `text` holds a character that can drive a terminal (what TerminalText escapes),
/// other than the line breaks in `allowed`.
private func hasControlCharacter(_ text: String, allowing allowed: Set<UInt32> = []) -> Bool {
    text.unicodeScalars.contains { scalar in
        let v = scalar.value
        guard !allowed.contains(v) else { return false }
        return v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v)
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

private func fuzzDiff(_ input: UnsafeRawBufferPointer) {
    var decoder = RecordDecoder(ByteReader(input), strings: ["a", "b", "", "State", "x\u{1B}[2J", "\u{202E}"])
    guard let old = try? decoder.value(depth: 0), let new = try? decoder.value(depth: 0) else { return }
    let text = DiffRendering.render(from: old, to: new)
    guard text.isEmpty == (old == new) else { fatalError("diff of \(old == new ? "equal" : "different") trees is \(text.isEmpty ? "empty" : "not empty")") }
    guard !hasControlCharacter(text, allowing: [0x0A]) else { fatalError("diff rendering emits a control character: \(text.debugDescription)") }
}

private func fuzzRendering(_ input: UnsafeRawBufferPointer) {
    guard let records = decodedRecords(input) else { return }
    let lines = RecordLine(startMonotonicNanos: 0)
    for record in records {
        let text = lines.text(record)
        guard !hasControlCharacter(text) else { fatalError("text line holds a control character: \(text.debugDescription)") }
        let json = record.jsonLine(startMonotonicNanos: 0)
        guard !hasControlCharacter(json), !json.unicodeScalars.contains(where: { $0.value == 0x2028 || $0.value == 0x2029 })
        else { fatalError("JSON line holds a raw control character: \(json.debugDescription)") }
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil else { fatalError("invalid JSON: \(json)") }
    }
}

/// The bytes after a cut list (the first byte: up to 7 cuts, each from the next bytes), and
/// those bytes cut there.
/// Mode 15: what a TCP peer sends before and after pairing (docs/FORMAT.md §17, "Pairing"). The
/// bytes, in the pieces the first bytes cut, go to a listener's handshake (which must fail
/// cleanly: the fuzzer cannot know the secret) and to a frame opener (which must throw or wait,
/// holding at most one frame); and the body, sealed into frames a piece at a time, must open to
/// the same payloads, whatever the pieces the frames arrive in.
private func fuzzPairing(_ input: UnsafeRawBufferPointer) {
    let (body, pieces) = parts(of: input)
    let secret = PairingSecret(typed: "0000-1111-2222-3333-4444-5555-6666")!
    var handshake = PairingHandshake(role: .listener, secret: secret, nonce: [UInt8](repeating: 7, count: PairingHandshake.nonceSize))
    handshakeLoop: for piece in pieces {
        switch handshake.receive(piece) {
        case .waiting: continue
        case .failed: break handshakeLoop
        case .paired: fatalError("paired without the secret")
        }
    }

    let key = HMACSHA256(key: Array("fuzz key".utf8))
    var opener = PairedFrames.Opener(key: key)
    openLoop: for piece in pieces {
        opener.append(piece)
        do throws(TraceError) {
            while let payload = try opener.next() {
                if payload.isEmpty || payload.count > PairedFrames.maximumPayload { fatalError("a payload of \(payload.count) bytes") }
            }
        } catch { break openLoop }
        if opener.bufferedBytes > PairedFrames.maximumPayload + PairedFrames.overhead + piece.count {
            fatalError("the opener holds \(opener.bufferedBytes) bytes")
        }
    }

    var sealer = PairedFrames.Sealer(key: key)
    var sealed: [UInt8] = []
    let payloads = pieces.filter { !$0.isEmpty }.map { Array($0.prefix(PairedFrames.maximumPayload)) }
    for payload in payloads { sealed += payload.withUnsafeBytes { sealer.seal($0) } }
    var reader = PairedFrames.Opener(key: key)
    var opened: [[UInt8]] = []
    let step = max(1, Int(body.first ?? 1))
    var offset = 0
    while offset < sealed.count {
        reader.append(sealed[offset..<min(sealed.count, offset + step)])
        offset += step
        do throws(TraceError) {
            while let payload = try reader.next() { opened.append(payload) }
        } catch { fatalError("a sealed frame failed to open: \(error)") }
    }
    if opened != payloads { fatalError("\(payloads.count) payloads sealed, \(opened.count) opened, or different bytes") }
}

private func parts(of input: UnsafeRawBufferPointer) -> (body: UnsafeRawBufferPointer, pieces: [UnsafeRawBufferPointer]) {
    guard let first = input.first else { return (input, []) }
    let cuts = Int(first % 8)
    guard input.count > 1 + cuts else { return (UnsafeRawBufferPointer(start: nil, count: 0), []) }
    let body = UnsafeRawBufferPointer(rebasing: input[(1 + cuts)...])
    var offsets = input[1..<(1 + cuts)].map { Int($0) * max(1, body.count / 256) }.map { min($0, body.count) }
    offsets.sort()
    var pieces: [UnsafeRawBufferPointer] = []
    var start = 0
    for offset in offsets + [body.count] where offset >= start {
        pieces.append(UnsafeRawBufferPointer(rebasing: body[start..<offset]))
        start = offset
    }
    return (body, pieces)
}

private func fuzzLiveConnection(_ input: UnsafeRawBufferPointer) {
    guard input.count > 2 else { return }
    // The memory budget: 1 KiB to 64 MiB, from the first byte.
    let budget = 1_024 << Int(input[0] % 17)
    let (body, pieces) = parts(of: UnsafeRawBufferPointer(rebasing: input.dropFirst()))
    var whole = (try? TraceStreamDecoder())!
    var wholeEvents: [TraceStreamDecoder.Event] = []
    var wholeFailed = false
    whole.append(body)
    do throws(TraceError) {
        while let event = try whole.next() { wholeEvents.append(event) }
    } catch { wholeFailed = true }

    var pair: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Syscalls.streamSocketType, 0, &pair) == 0 else { return }
    defer { close(pair[1]) }
    let directory = scratch + ".d"
    mkdir(directory, 0o700)
    guard let connection = try? LiveConnection(
        channel: StreamChannel(descriptor: pair[0], pairing: nil), number: 1, maximumFrameSize: 1 << 20, decodesRecords: true)
    else { return }
    var shown: [Record] = []
    var failed = false
    var deferred = false
    for piece in pieces where !failed {
        var held = 0
        do throws(TraceError) {
            for event in try connection.receive(piece, recordDirectory: directory, memoryBudget: budget, held: &held) {
                if case let .records(_, records) = event { shown += records }
            }
            connection.acknowledge()
            // Chunks deferred for want of budget are taken by the next call, as the next poll does.
            while connection.hasDeferredChunks {
                deferred = true
                held = 0
                for event in try connection.receive(UnsafeRawBufferPointer(start: nil, count: 0), recordDirectory: directory, memoryBudget: budget, held: &held) {
                    if case let .records(_, records) = event { shown += records }
                }
            }
        } catch { failed = true }
        if held > budget { fatalError("a connection held \(held) bytes over a budget of \(budget)") }
    }
    let recording = connection.session?.recordingPath
    _ = connection.close()
    if !failed, !wholeFailed {
        let expected = wholeEvents.flatMap { event -> [Record] in
            if case let .chunk(_, _, records) = event { return records }
            return []
        }
        // Over budget, a connection may end early; otherwise it shows what the whole stream holds.
        if shown != expected, !deferred { fatalError("a stream in parts showed other records than the stream whole") }
        if shown != expected, deferred, !expected.starts(with: shown) { fatalError("deferred chunks changed the records") }
    }
    if let recording {
        if let reader = try? TraceReader(path: recording) {
            let written = reader.allRecords()
            if !failed, written != shown { fatalError("the recording holds other records than the connection showed") }
        }
        unlink(recording)
    }
}

private func fuzzListenerMessages(_ input: UnsafeRawBufferPointer) {
    let (body, pieces) = parts(of: input)
    var whole = ListenerMessageDecoder()
    whole.append(body)
    var expected: [ListenerMessage] = []
    var wholeError: TraceError?
    do throws(TraceError) {
        while let message = try whole.next() { expected.append(message) }
    } catch { wholeError = error }
    var inParts = ListenerMessageDecoder()
    var got: [ListenerMessage] = []
    var partsError: TraceError?
    for piece in pieces {
        inParts.append(piece)
        do throws(TraceError) {
            while let message = try inParts.next() { got.append(message) }
        } catch {
            partsError = error
            break
        }
    }
    if partsError == nil, wholeError == nil, got != expected {
        fatalError("listener messages in parts differ from the bytes whole")
    }
    for message in got {
        if case let .acknowledged(bytes) = message {
            var again = ListenerMessageDecoder()
            again.append(message.encoded)
            guard (try? again.next()) == .acknowledged(bytes: bytes) else { fatalError("an acknowledgement does not round-trip") }
        }
    }
}

/// An app's log line read as a control outcome (`ControlOutcome(message:)`, what a listener
/// runs on every log record a peer sends): never a trap; an outcome read back writes a message
/// that reads back the same id, command and result.
private func fuzzControlOutcome(_ input: UnsafeRawBufferPointer) {
    let text = String(decoding: input, as: UTF8.self)
    for message in [text, "control #" + text] {
        guard let outcome = ControlOutcome(message: message) else { continue }
        guard let again = ControlOutcome(message: outcome.message) else { fatalError("an outcome's message does not read back: \(outcome)") }
        precondition(again.id == outcome.id && again.result == outcome.result, "read back differs: \(outcome) / \(again)")
    }
}

/// A command body as a listener sends it to an app (`ControlCommand.decode`, which the app's
/// worker runs on every command): never a trap, never more than the limit inflated; a command
/// that decodes encodes again and decodes to the same request kind, id and store.
private func fuzzControlCommand(_ input: UnsafeRawBufferPointer) {
    var inflated = 0
    guard let command = try? ControlCommand.decode(Array(input), maximumValueBytes: 1 << 20, valueBytes: &inflated) else { return }
    precondition(inflated <= 1 << 20, "inflated \(inflated) past the limit")
    guard let body = try? command.encoded() else { return }
    let again = try? ControlCommand.decode(body, maximumValueBytes: 1 << 20)
    precondition(again?.id == command.id && again?.store == command.store && again?.name == command.name, "re-encoded differs: \(command)")
}

/// A control client's request line and a listener's reply line (`ControlRequestLine`,
/// `ControlReplyLine`: the listener runs one on every client, the CLI the other on every reply):
/// never a trap; a reply that decodes writes a line that decodes.
private func fuzzControlRequestLine(_ input: UnsafeRawBufferPointer) {
    let bytes = Array(input)
    _ = ControlRequestLine.decode(bytes)
    if let reply = ControlReplyLine.decode(bytes) {
        precondition(ControlReplyLine.decode(Array(reply.line.dropLast())) != nil, "a reply's own line does not decode: \(reply)")
    }
}

/// An action typed at the viewer's `D` prompt or given to `control dispatch`
/// (`ValueLiteral.parse`): never a trap, an error pointing inside the text; what reads, the
/// printer prints as text that reads back printing the same (the two are one grammar).
private func fuzzValueLiteral(_ input: UnsafeRawBufferPointer) {
    let text = String(decoding: input, as: UTF8.self)
    let value: TraceValue
    do {
        value = try ValueLiteral.parse(text)
    } catch {
        precondition(error.offset >= 0 && error.offset <= text.utf8.count + 1, "offset \(error.offset) outside \(text.utf8.count) bytes")
        return
    }
    let printed = value.qualifiedDescription
    // A value printed in part (deeper than the printer opens, a closure's type) is refused.
    guard let again = try? ValueLiteral.parse(printed) else { return }
    precondition(again.qualifiedDescription == printed, "\(printed) read back as \(again.qualifiedDescription)")
}
