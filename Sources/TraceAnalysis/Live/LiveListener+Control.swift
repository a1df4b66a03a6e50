import TraceFormat

/// The listener's side of control (docs/FORMAT.md §17): control clients connect to the same
/// socket (so the same directory, mode and uid checks apply), open with
/// ``ControlRequest/magic``, and send one request; the listener turns it into a command for
/// the session's app, sends it on the app's own connection, and replies with the outcome the
/// app recorded in its trace.
extension LiveListener {
    /// Takes over a connection whose first bytes were a control request's.
    func adoptClient(_ connection: LiveConnection, _ bytes: [UInt8]) {
        let issuer = ControlCommand.Issuer(
            pid: Syscalls.peerProcessID(connection.descriptor) ?? 0, uid: Syscalls.peerUserID(connection.descriptor) ?? 0)
        let client = ControlClientConnection(descriptor: connection.descriptor, issuer: issuer, received: bytes)
        clients.append(client)
        guard issuer.uid == LiveSyscalls.userID else {
            // --allow-uid lets other users' apps stream here, never control them or ours.
            return client.reply(.error("only uid \(LiveSyscalls.userID) may send commands through this listener"))
        }
        if let parsed = client.parse() { serve(client, parsed) }
    }

    /// Reads the clients that have bytes, serves complete requests, sends pending replies,
    /// and lets go of the finished or stalled ones.
    func serveClients(ready: [Bool]) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        // Clients count against the memory budget beside the apps: what the apps' connections
        // reserve for chunks arriving, and what every client holds.
        var held = connections.reduce(0) { $0 + $1.decoder.reservedBytes } + clients.reduce(0) { $0 + $1.heldBytes }
        for (index, client) in clients.enumerated() where index < ready.count && ready[index] && client.request == nil {
            let result = buffer.withUnsafeMutableBytes { LiveSyscalls.receive(client.descriptor, into: $0) }
            switch result {
            case let .success(count?) where count > 0 && held + count > options.memoryBudget:
                held -= client.heldBytes
                client.reply(.error("the listener's memory budget (\(options.memoryBudget) bytes, --memory-budget) is taken: try again"))
            case let .success(count?) where count > 0:
                held += count
                let parsed = buffer.withUnsafeBytes { client.receive(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                if let parsed { serve(client, parsed) }
            case .success(nil):
                continue
            default:
                // Hung up before asking.
                client.reply(.error("hung up"))
            }
        }
        let now = ContinuousClock.now
        for client in clients {
            client.flush()
            if client.request == nil, now - client.connectedAt > options.stallTimeout {
                client.reply(.error("no complete request in \(options.stallTimeout)"))
            }
            if let sentAt = client.sentAt, let awaiting = client.awaiting, now - sentAt > ControlClientConnection.answerTimeout {
                connections.first { $0.number == awaiting.connection }?.forget(command: awaiting.id)
                client.reply(ControlReply(
                    result: "error",
                    detail: "the app did not record an outcome in \(ControlClientConnection.answerTimeout) (an app built before control, or busy)",
                    id: awaiting.id, session: awaiting.session, store: awaiting.store, command: awaiting.command))
            }
        }
        for client in clients where client.isFinished { client.close() }
        clients.removeAll { $0.isFinished }
    }

    /// Replies to the clients whose commands' outcomes arrived, and sends queued commands.
    func answerClients() {
        for client in clients {
            guard let request = client.waitingForStore else { continue }
            client.waitingForStore = nil
            serve(client, .success(request))
        }
        for connection in connections {
            if connection.hasOutgoing { connection.sendOutgoing() }
            for outcome in connection.takeOutcomes() {
                guard let client = clients.first(where: { $0.awaiting?.connection == connection.number && $0.awaiting?.id == outcome.id }) else { continue }
                let detail = [outcome.detail, outcome.result == .done ? client.note : nil].compactMap { $0 }.joined(separator: "; ")
                client.reply(ControlReply(
                    result: outcome.result.rawValue, detail: detail.isEmpty ? nil : detail, id: outcome.id, session: connection.session?.tag,
                    store: outcome.store, command: client.awaiting?.command ?? outcome.command))
            }
        }
        for client in clients where client.isFinished { client.close() }
        clients.removeAll { $0.isFinished }
    }

    private func serve(_ client: ControlClientConnection, _ parsed: Result<ControlRequest, ControlReply>) {
        let request: ControlRequest
        switch parsed {
        case let .failure(reply): return client.reply(reply)
        case let .success(got): request = got
        }
        let live = connections.filter { $0.session != nil }
        if request.command == "sessions" {
            return client.reply(ControlReply(
                result: "done",
                sessions: live.compactMap { connection in
                    connection.session.map { "\($0.tag) " + (stores(of: connection)?.summary ?? "stores unknown (listen --quiet without --record)") }
                }))
        }
        let matching = request.session.map { wanted in live.filter { $0.session?.tag == wanted || String($0.number) == wanted } } ?? live
        guard matching.count == 1, let connection = matching.first, let session = connection.session else {
            let names = live.compactMap(\.session?.tag).joined(separator: ", ")
            let why = matching.isEmpty
                ? (request.session.map { "no session \($0) is connected" } ?? "no session is connected")
                : "\(matching.count) sessions are connected; name one with --session"
            return client.reply(.error(live.isEmpty ? why : "\(why) (\(names))"))
        }
        let store: String
        do throws(NoSuchStore) {
            guard let chosen = try self.store(named: request.store, of: connection) else {
                return client.reply(ControlReply(
                    result: "error", detail: "this listener does not know the stores of \(session.tag) (listen --quiet without --record): name one with --store",
                    session: session.tag))
            }
            store = chosen
        } catch {
            // An app that just connected registers its stores a moment later: wait for one.
            if error.stores.isEmpty, ContinuousClock.now - client.connectedAt < ControlClientConnection.storeWait {
                client.waitingForStore = request
                return
            }
            return client.reply(ControlReply(result: "error", detail: error.description, session: session.tag, store: request.store))
        }
        let recording = recording(of: connection)
        if request.command == "replayable" {
            return client.reply(ControlCommandBuilder.replayable(after: request.seq ?? 0, through: request.through, store: store, recording: recording, session: session.tag))
        }
        let command: ControlCommand.Request
        switch ControlCommandBuilder.request(for: request, store: store, recording: recording, check: &dispatchChecks[connection.number, default: .init()]) {
        case let .failure(reply):
            return client.reply(ControlReply(result: reply.result, detail: reply.detail, session: session.tag, store: store))
        case let .success(made): command = made
        }
        // A resend is a dispatch to the app; whoever asked is answered about the resend.
        let name = request.command == "resend" ? "resend #\(request.seq ?? 0)" : ControlCommand(id: 0, store: store, issuer: client.issuer, request: command).name
        do throws(TraceError) {
            guard let id = try connection.send(command, store: store, issuer: client.issuer) else {
                return client.reply(.error("too many commands wait to be sent to \(session.tag)"))
            }
            client.awaiting = (connection.number, id, session.tag, store, name)
            if case .jump = command, let recording,
               let running = ControlCommandBuilder.runningEffects(of: store, in: recording, collected: &collectedEffects[connection.number, default: .init()])
            {
                // Effects are the app's: a jump installs a state and leaves them running.
                client.note = running.isEmpty ? "no effect was running" : "effects still running: " + running.joined(separator: ", ")
            }
            client.sentAt = .now
        } catch {
            client.reply(.error("the command cannot be encoded: \(error)"))
        }
    }

    /// The session's recording on this listener (`--record`), opened at the first command
    /// that needs it.
    private func recording(of connection: LiveConnection) -> TraceSession? {
        if let recording = recordings[connection.number] { return recording }
        guard let path = connection.session?.recordingPath else { return nil }
        let recording = try? TraceSession(path: path)
        recordings[connection.number] = recording
        return recording
    }

    /// The session's stores known so far: those the listener saw register, or, when it
    /// decodes no records, those its recording holds; `nil` when it neither decodes nor records.
    private func stores(of connection: LiveConnection) -> SessionStores? {
        if let stores = connection.session?.stores { return stores }
        guard let recording = recording(of: connection) else { return nil }
        _ = try? recording.refresh()
        return recording.stores()
    }

    /// The store a request acts on (``SessionStores``): the one it names, which must be one of
    /// the session's, or the session's main store; `nil` when the listener cannot know the
    /// session's stores and the request and the app name none.
    ///
    /// - Throws: ``NoSuchStore`` listing the stores known so far.
    private func store(named asked: String?, of connection: LiveConnection) throws(NoSuchStore) -> String? {
        guard let session = connection.session else { return nil }
        let place = "session \(session.tag)"
        if let stores = session.stores { return try stores.store(named: asked, in: place) }
        if let recording = recording(of: connection) {
            _ = try? recording.refresh()
            return try recording.store(named: asked, in: place)
        }
        // Neither decoded nor recorded: the store asked for, or the one the app named.
        return asked ?? session.header.mainStore(among: [])
    }
}
