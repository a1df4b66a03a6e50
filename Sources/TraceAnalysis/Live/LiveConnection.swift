/// One accepted connection of a ``LiveListener``: its stream decoder, its session once the
/// header arrived, and the file it is recorded to. Memory is bounded by the decoder (one frame).
final class LiveConnection {
    /// The connection's socket: a Unix socket's, or a TCP one's that must pair before any byte
    /// of the stream is taken.
    let channel: StreamChannel
    var descriptor: Int32 { channel.descriptor }
    let number: Int
    /// Whether the peer came over TCP (and so is trusted by pairing, not by its uid): never a
    /// control client.
    var isTCP: Bool
    /// The address this listener dialed to reach the app (`--connect`), which it dials again
    /// when the connection ends; `nil` for a connection the listener accepted.
    var dialed: TCPAddress?
    var decoder: TraceStreamDecoder
    private(set) var session: LiveSession?
    /// Whether complete chunks wait in the decoder for the next poll: the memory budget was
    /// taken by this poll's events when they arrived.
    private(set) var hasDeferredChunks = false
    /// Whether the app's `session ended` record arrived (it hangs up right after).
    private(set) var sawSessionEnd = false
    /// When records are not decoded (`listen --quiet`): the session header's bytes and the last
    /// chunk's frame, so that a hang-up can still be told from a closed session by decoding
    /// that one chunk (``lastChunkEndsSession``). One frame more than the decoder holds.
    private var headerBytes: [UInt8] = []
    private var lastFrame: [UInt8]?
    private var recording: FrameTraceWriter?
    /// The file this connection records to, once its header arrived.
    var recordingPath: String? { recording?.path }
    /// Whether another connection of the listener records to a path now: that file is not
    /// continued by this one (set by the listener).
    var isRecordedElsewhere: (String) -> Bool = { _ in false }
    /// The note to write before this connection's first chunk: a ``ReconnectNote`` when it
    /// continues the file of an earlier connection of its session, or why it does not when it
    /// could not prove it is that session's app; its record at the chunk's first time, and
    /// the time to use when the chunk has none.
    private var pendingNote: (record: (UInt64) -> Record, monotonicNanos: UInt64)?
    /// A header whose session has a file here, waiting for the app's ``SessionProof`` before
    /// the first chunk: nothing is recorded until it arrives or a chunk comes instead.
    private var awaitedProof: AwaitedProof?
    private struct AwaitedProof {
        var directory: String
        var header: SessionHeader
        var bytes: [UInt8]
        var commitment: [UInt8]
    }
    /// Listener messages being sent, whole messages back to back (part of the first may have
    /// gone), and the stream bytes the last acknowledgement queued covers.
    private var outgoing: [UInt8] = []
    private var outgoingStart = 0
    private var acknowledgedBytes: UInt64 = 0
    /// The stream bytes the listener may confirm: every unit taken in, or, when it records,
    /// every unit up to the last one its file took. Past a failed write nothing more is
    /// confirmed: the app counts those actions dropped, as they are.
    private var confirmableBytes: UInt64 = 0
    /// Why this connection's recording failed (it could not be created, or a write failed),
    /// when the listener records: the listener then hangs up (``LiveListener``), so the app
    /// counts what it sends next as dropped instead of as recorded.
    private(set) var recordingFailure: String?
    /// Control commands sent and not answered yet, by id; and the outcomes the app recorded
    /// for them, until the listener takes them (``takeOutcomes()``).
    private var nextCommandID: UInt64 = 1
    private var awaitedCommands: Set<UInt64> = []
    private var outcomes: [ControlOutcome] = []
    /// The most bytes of commands queued for the app: a listener asked for more waits.
    static let mostOutgoingBytes = 64 << 20
    /// The first bytes of a connection that turned out to be a control client
    /// (``ControlRequest/magic``): the listener hands its descriptor over with them.
    var controlClientBytes: [UInt8]?
    /// When the unit now arriving (the header, or a chunk) began: a peer that stalls inside a
    /// unit for longer than the listener's stall timeout is disconnected.
    var unitStartedAt: ContinuousClock.Instant?

    init(
        channel: StreamChannel, isTCP: Bool = false, number: Int, maximumFrameSize: Int, decodesRecords: Bool
    ) throws(TraceError) {
        self.channel = channel
        self.isTCP = isTCP
        self.number = number
        decoder = try TraceStreamDecoder(maximumFrameSize: maximumFrameSize, decodesRecords: decodesRecords)
        unitStartedAt = .now
    }

    /// Feeds received bytes and returns the events they complete.
    ///
    /// - Parameters:
    ///   - memoryBudget: what the listener's memory budget has left for this connection; each
    ///     chunk completed here is charged to it, as `held`, until the events are handed out.
    ///   - held: increased by the memory the completed chunks' events hold.
    /// A chunk that does not fit beside what this poll's events hold waits for the next poll
    /// (``hasDeferredChunks``); one that does not fit even then ends the connection.
    ///
    /// - Throws: ``TraceError`` when the bytes break the protocol or need more than the budget.
    func receive(
        _ bytes: UnsafeRawBufferPointer, recordDirectory: String?, memoryBudget: Int, held: inout Int
    ) throws(TraceError) -> [LiveEvent] {
        decoder.append(bytes)
        hasDeferredChunks = false
        var events: [LiveEvent] = []
        var completedUnit = false
        defer {
            // The stall clock restarts with each unit: a peer streaming steadily never stalls,
            // one that trickles a unit byte by byte does.
            if decoder.bufferedBytes == 0 {
                unitStartedAt = nil
            } else if completedUnit || unitStartedAt == nil {
                unitStartedAt = .now
            }
        }
        while true {
            let next: TraceStreamDecoder.Event?
            do throws(TraceError) {
                next = try decoder.next(memoryBudget: memoryBudget - held)
            } catch where decoder.isOverBudget && held > 0 {
                hasDeferredChunks = true
                break
            }
            guard let event = next else { break }
            completedUnit = true
            defer { if recordingFailure == nil { confirmableBytes = decoder.consumedBytes } }
            switch event {
            case let .header(header, headerBytes):
                if !decoder.decodesRecords { self.headerBytes = headerBytes }
                if let recordDirectory, let commitment = header.continuationCommitment,
                    SessionFileName.earlierRecording(in: recordDirectory, header: header, bytes: headerBytes, skipping: { _ in false }) != nil {
                    // A file of this session exists: only the app that started it may continue
                    // it, or start the session's next file while another connection writes it.
                    awaitedProof = AwaitedProof(directory: recordDirectory, header: header, bytes: headerBytes, commitment: commitment)
                    outgoing += ListenerMessage.proofWanted.encoded
                    sendOutgoing()
                } else {
                    events += start(header: header, bytes: headerBytes, in: recordDirectory, continuing: true)
                }
            case let .sessionProof(secret):
                guard let awaited = awaitedProof else { continue }
                awaitedProof = nil
                let proven = SessionProof.proves(secret, awaited.commitment)
                events += start(
                    header: awaited.header, bytes: awaited.bytes, in: awaited.directory, continuing: proven,
                    unproven: proven ? nil : "its proof of the session's secret is wrong")
            case let .chunk(chunk, frame, records):
                held += decoder.lastChunkMemory
                if let awaited = awaitedProof {
                    awaitedProof = nil
                    events += start(
                        header: awaited.header, bytes: awaited.bytes, in: awaited.directory, continuing: false,
                        unproven: "it sent a chunk instead of the proof asked for")
                }
                guard var session else { continue }
                // Stores register with a keyframe: only a chunk holding one can name a new store.
                if chunk.flags.contains(.keyframe), session.stores != nil {
                    for record in records { session.stores?.note(record) }
                    self.session = session
                }
                if let recording {
                    do throws(TraceError) {
                        if let note = pendingNote {
                            pendingNote = nil
                            let time = chunk.firstMonotonicNanos > 0 ? chunk.firstMonotonicNanos : note.monotonicNanos
                            try recording.append(records: [note.record(time)])
                        }
                        try recording.append(frame: frame, header: chunk)
                    } catch {
                        self.recording = nil
                        try? recording.close()
                        recordingFailure = "recording stopped: \(error)"
                        events.append(.warning(session, "recording stopped: \(error)"))
                    }
                }
                if case .sessionEnded = records.last { sawSessionEnd = true }
                if !awaitedCommands.isEmpty { noteOutcomes(in: decoder.decodesRecords ? records : recordsOf(frame: frame)) }
                if !decoder.decodesRecords { lastFrame = frame }
                if !records.isEmpty { events.append(.records(session, records)) }
            case .footer:
                break
            }
        }
        return events
    }

    /// Whether the last chunk received ends with the app's `session ended` record, decoded
    /// now if records are not decoded as they arrive: an app that closed its session hangs up
    /// right after it, so its connection ends the same way with or without `--quiet`.
    var lastChunkEndsSession: Bool {
        if sawSessionEnd { return true }
        guard let lastFrame, !headerBytes.isEmpty, var decoder = try? TraceStreamDecoder(maximumFrameSize: decoder.maximumFrameSize) else { return false }
        headerBytes.withUnsafeBytes { decoder.append($0) }
        lastFrame.withUnsafeBytes { decoder.append($0) }
        guard case .header? = try? decoder.next(memoryBudget: .max),
            case let .chunk(_, _, records)? = try? decoder.next(memoryBudget: .max),
            case .sessionEnded = records.last
        else { return false }
        return true
    }

    /// Tells the app how much of its stream was taken in (and recorded): everything up to the
    /// last complete unit (the last one written, when recording; none after a failed write). Cumulative and never blocking: when the app's receive buffer is
    /// full, the latest figure goes with the next call.
    func acknowledge() {
        // Twice: the rest of older messages, then the latest figure.
        for _ in 0..<2 {
            if outgoingStart == outgoing.count, confirmableBytes > acknowledgedBytes {
                acknowledgedBytes = confirmableBytes
                outgoing = ListenerMessage.acknowledged(bytes: acknowledgedBytes).encoded
                outgoingStart = 0
            }
            guard sendOutgoing() else { return }
        }
    }

    /// Sends what the socket takes of the queued messages; returns whether all went.
    @discardableResult
    func sendOutgoing() -> Bool {
        guard case .success(true) = channel.flush() else { return false }
        while outgoingStart < outgoing.count {
            // A failure is the app hanging up: its read reports that.
            let result = outgoing.withUnsafeBytes { raw in
                channel.send(UnsafeRawBufferPointer(rebasing: raw[outgoingStart...]))
            }
            guard case let .success(sent) = result, sent > 0 else { return false }
            outgoingStart += sent
        }
        outgoing.removeAll(keepingCapacity: outgoing.capacity <= 1 << 20)
        outgoingStart = 0
        return true
    }

    /// Whether messages wait to be sent.
    var hasOutgoing: Bool { outgoingStart < outgoing.count || channel.hasUnsent }

    /// Queues a control command for the app; returns its id, or `nil` when too much is queued.
    func send(_ request: ControlCommand.Request, store: String, issuer: ControlCommand.Issuer) throws(TraceError) -> UInt64? {
        let id = nextCommandID
        let body = try ControlCommand(id: id, store: store, issuer: issuer, request: request).encoded()
        guard outgoing.count - outgoingStart + body.count <= Self.mostOutgoingBytes else { return nil }
        nextCommandID += 1
        if outgoingStart > 0 {
            outgoing.removeFirst(outgoingStart)
            outgoingStart = 0
        }
        outgoing += ListenerMessage.messages(carrying: body)
        awaitedCommands.insert(id)
        sendOutgoing()
        return id
    }

    /// Stops waiting for a command's outcome (its client went away or gave up).
    func forget(command id: UInt64) {
        awaitedCommands.remove(id)
    }

    /// The outcomes of sent commands the app recorded since the last call.
    func takeOutcomes() -> [ControlOutcome] {
        defer { outcomes.removeAll() }
        return outcomes
    }

    private func noteOutcomes(in records: [Record]) {
        for case let .log(log) in records {
            guard let outcome = ControlOutcome(message: log.message), awaitedCommands.contains(outcome.id) else { continue }
            awaitedCommands.remove(outcome.id)
            outcomes.append(outcome)
        }
    }

    /// The records of one chunk frame, for a listener that does not decode records as they
    /// arrive but waits for a command's outcome.
    private func recordsOf(frame: [UInt8]) -> [Record] {
        guard !headerBytes.isEmpty, var one = try? TraceStreamDecoder(maximumFrameSize: decoder.maximumFrameSize) else { return [] }
        headerBytes.withUnsafeBytes { one.append($0) }
        frame.withUnsafeBytes { one.append($0) }
        guard case .header? = try? one.next(memoryBudget: .max), case let .chunk(_, _, records)? = try? one.next(memoryBudget: .max) else { return [] }
        return records
    }

    /// Whether the header arrived and the listener waits for the app's proof.
    var awaitsProof: Bool { awaitedProof != nil }

    /// For a connection that ends while the listener waits for its proof: its session, with
    /// nothing recorded, and a warning saying so (so that its end is reported like any other).
    func endProofWait() -> [LiveEvent] {
        guard let awaited = awaitedProof else { return [] }
        awaitedProof = nil
        return start(header: awaited.header, bytes: awaited.bytes, in: nil, continuing: false, unproven: "it went away before proving it")
    }

    /// Starts the session `header` (its bytes `bytes`): records it in `directory`, continuing
    /// its earlier file there when `continuing` allows, in a new file otherwise; `unproven`
    /// says why a connection that repeated the header of a recorded session did not prove it
    /// started that session (its file is then its own, and its header carries no commitment,
    /// so that the session's app never continues it).
    private func start(
        header: SessionHeader, bytes headerBytes: [UInt8], in recordDirectory: String?, continuing: Bool, unproven: String? = nil
    ) -> [LiveEvent] {
        var events: [LiveEvent] = []
        var started = LiveSession(
            id: number, header: header, tag: Self.tag(for: header), recordingPath: nil,
            stores: decoder.decodesRecords ? SessionStores(header: header) : nil)
        if let recordDirectory {
            do throws(TraceError) {
                let writer: FrameTraceWriter
                if continuing,
                    let earlier = SessionFileName.earlierRecording(in: recordDirectory, header: header, bytes: headerBytes, skipping: isRecordedElsewhere),
                    let continued = try? FrameTraceWriter(continuing: earlier, headerBytes: headerBytes) {
                    writer = continued
                    started.continuesRecording = true
                    let seq = continued.chunks.lazy.map(\.header.lastSeq).max() ?? 0
                    pendingNote = ({ ReconnectNote.record(afterSeq: seq, at: $0) }, continued.chunks.last?.header.lastMonotonicNanos ?? 0)
                } else if let unproven {
                    var apart = header
                    apart.continuationCommitment = nil
                    writer = try Self.createRecording(in: recordDirectory, header: apart, bytes: apart.encodedFileHeader)
                    pendingNote = ({ UnprovenSessionNote.record(why: unproven, at: $0) }, 0)
                } else {
                    writer = try Self.createRecording(in: recordDirectory, header: header, bytes: headerBytes)
                }
                recording = writer
                started.recordingPath = writer.path
            } catch {
                recordingFailure = "not recorded: \(error)"
                events.append(.warning(started, "not recorded: \(error)"))
            }
        }
        session = started
        events.append(.started(started))
        if let unproven {
            events.append(.warning(started, UnprovenSessionNote.warning(why: unproven, recordedTo: started.recordingPath)))
        }
        return events
    }

    /// Completes the recording with its footer index and closes the socket.
    func close() -> String? {
        channel.close()
        guard let recording else { return nil }
        self.recording = nil
        do throws(TraceError) {
            try recording.close()
            return nil
        } catch {
            return "recording \(recording.path) could not be completed: \(error)"
        }
    }

    /// `app/1f3a`.
    static func tag(for header: SessionHeader) -> String {
        let id = header.sessionID.prefix(2).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return "\(header.appName.prefix(24))/\(id)".sanitizedForTerminal
    }

    private static func createRecording(in directory: String, header: SessionHeader, bytes: [UInt8]) throws(TraceError) -> FrameTraceWriter {
        var attempt = 1
        while true {
            let path = SessionFileName.path(in: directory, for: header, attempt: attempt)
            do throws(TraceError) {
                return try FrameTraceWriter(path: path, headerBytes: bytes)
            } catch {
                // A session whose earlier file cannot be continued gets a second file next to it.
                guard case let .io(_, _, code, _) = error, code == Errno.alreadyExists.code, attempt < 1000 else { throw error }
                attempt += 1
            }
        }
    }
}
