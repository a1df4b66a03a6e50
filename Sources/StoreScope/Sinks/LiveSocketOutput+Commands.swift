/// The control commands a listener sends on the stream's connection (FORMAT.md §17): joined
/// from their parts within the app's limit and kept for the worker's next turn, which decodes
/// them.
extension LiveSocketOutput {
    /// The most commands kept between two turns of the worker: a flood beyond is answered in
    /// one refusal record per turn, and memory stays bounded.
    static let mostCommandsPerTurn = 64

    func takeCommands() -> [ReceivedCommand] {
        defer {
            commands.removeAll(keepingCapacity: true)
            commandBytesThisTurn = 0
        }
        return commands
    }

    func receiveCommandPart(_ part: [UInt8], isLast: Bool, from socket: StreamSocket) {
        guard let completed = commandParts.add(part, isLast: isLast) else { return }
        let received: ReceivedCommand
        switch completed {
        case let .tooLarge(bytes):
            received = .unreadable("a command of \(bytes) bytes, more than the \(commandParts.maximumBodyBytes) this app accepts", listener: socket.listener)
        case let .body(body) where commandBytesThisTurn + body.count > commandParts.maximumBodyBytes:
            // Several commands at once hold no more than one command's limit.
            received = .unreadable("commands of more than \(commandParts.maximumBodyBytes) bytes in all at once; this one was not read", listener: socket.listener)
        case let .body(body):
            commandBytesThisTurn += body.count
            received = .body(body, listener: socket.listener)
        }
        if commands.count < Self.mostCommandsPerTurn {
            commands.append(received)
        } else if commands.count == Self.mostCommandsPerTurn {
            commands.append(.unreadable("more than \(Self.mostCommandsPerTurn) commands at once; the rest were not read", listener: socket.listener))
        }
    }
}
