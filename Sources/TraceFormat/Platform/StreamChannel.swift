#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A connected, non-blocking stream socket between an app and a listener — a Unix socket, or
/// TCP — and, on TCP, the pairing that guards it (``PairingHandshake``, ``PairedFrames``):
/// the one transport under both the app's live stream and the listener's connections, so that
/// the stream's records, acknowledgements and control commands are written once above it.
///
/// A paired channel sends its hello when made, answers and checks the peer's proof as bytes
/// arrive, and takes or gives no byte of the stream until both proofs hold; then every byte
/// travels in an authenticated frame. An unpaired channel passes bytes through. Nothing here
/// waits or raises SIGPIPE.
package final class StreamChannel {
    package let descriptor: Int32
    private var handshake: PairingHandshake?
    private var sealer: PairedFrames.Sealer?
    private var opener: PairedFrames.Opener?
    /// Bytes on their way to the kernel: a handshake message, or the rest of one sealed frame.
    private var unsent: [UInt8] = []
    private var unsentStart = 0
    /// Payload opened and not yet read.
    private var opened: [UInt8] = []
    private var openedStart = 0

    /// Why a channel ended.
    package enum Failure: Error, Hashable, CustomStringConvertible {
        case system(Errno)
        case pairing(PairingFailure)
        /// A paired peer sent a frame that is not one, or whose code is wrong.
        case forged(String)

        package var description: String {
            switch self {
            case let .system(errno): "\(errno)"
            case let .pairing(failure): "pairing failed: \(failure)"
            case let .forged(what): "\(what)"
            }
        }
    }

    /// - Parameters:
    ///   - descriptor: a connected socket, non-blocking, made by the platform layer (which
    ///     sets `SO_NOSIGPIPE` on Darwin on every socket it makes or accepts).
    ///   - pairing: this side's role and the shared secret, for a TCP channel; `nil` for a
    ///     Unix socket, whose peer the kernel vouches for.
    package init(descriptor: Int32, pairing: (role: PairingRole, secret: PairingSecret)?) {
        self.descriptor = descriptor
        if let pairing {
            let handshake = PairingHandshake(role: pairing.role, secret: pairing.secret)
            unsent = handshake.hello
            self.handshake = handshake
            _ = flush()
        }
    }

    /// Whether the channel carries pairing.
    package var isPaired: Bool { sealer != nil }

    /// Whether stream bytes can travel: an unpaired channel, or a paired one whose proofs held.
    package var isOpen: Bool { handshake == nil }

    /// Whether stream bytes wait in the channel itself (opened, or in frames received whole),
    /// where waiting for the socket to become readable would not see them: the next
    /// ``receive(into:)`` returns them without reading.
    package var hasBufferedStream: Bool {
        openedStart < opened.count || (opener?.hasWholeFrame ?? false)
    }

    /// Whether bytes taken by ``send(_:)`` (or a handshake message) still wait for the kernel.
    package var hasUnsent: Bool { unsentStart < unsent.count }

    /// Sends what waits for the kernel, as far as it takes it now.
    ///
    /// - Returns: whether nothing waits any more.
    package func flush() -> Result<Bool, Failure> {
        while unsentStart < unsent.count {
            let result = unsent.withUnsafeBytes { raw in
                valueOrErrno { systemSend(descriptor, UnsafeRawBufferPointer(rebasing: raw[unsentStart...])) }
            }
            switch result {
            case let .success(sent): unsentStart += sent
            case let .failure(failure) where failure.isWouldBlock: return .success(false)
            case let .failure(failure): return .failure(.system(failure))
            }
        }
        unsent.removeAll(keepingCapacity: unsent.capacity <= PairedFrames.maximumPayload + PairedFrames.overhead)
        unsentStart = 0
        return .success(true)
    }

    /// Sends stream bytes, as many as the socket takes now. A paired channel takes up to a
    /// frame's payload at a time and keeps the part of its frame the kernel did not take (at
    /// most one frame), which the next call or ``flush()`` sends first.
    ///
    /// - Returns: how many of `bytes` were taken: 0 while the socket is full or the pairing
    ///   is not done.
    package func send(_ bytes: UnsafeRawBufferPointer) -> Result<Int, Failure> {
        guard !bytes.isEmpty, isOpen else { return .success(0) }
        switch flush() {
        case let .failure(failure): return .failure(failure)
        case .success(false): return .success(0)
        case .success(true): break
        }
        guard var sealer else {
            switch valueOrErrno({ systemSend(descriptor, bytes) }) {
            case let .success(sent): return .success(sent)
            case let .failure(failure) where failure.isWouldBlock: return .success(0)
            case let .failure(failure): return .failure(.system(failure))
            }
        }
        let taken = min(bytes.count, PairedFrames.maximumPayload)
        unsent = sealer.seal(UnsafeRawBufferPointer(rebasing: bytes[0..<taken]))
        self.sealer = sealer
        if case let .failure(failure) = flush() { return .failure(failure) }
        return .success(taken)
    }

    /// Reads stream bytes without waiting; while pairing, reads and answers the handshake.
    ///
    /// - Returns: the bytes read; `nil` when none are there now; 0 when the peer hung up.
    package func receive(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int?, Failure> {
        guard !buffer.isEmpty else { return .success(nil) }
        while true {
            switch openFrames() {
            case let .failure(failure): return .failure(failure)
            case .success:
                if openedStart < opened.count { return .success(takeOpened(into: buffer)) }
            }
            switch read(into: buffer) {
            case let .failure(failure): return .failure(failure)
            case .success(nil): return .success(nil)
            case .success(0): return .success(0)
            case let .success(count?):
                // Bytes of an unpaired channel are the stream's; a paired one's went to the
                // handshake or the frames.
                if handshake == nil, opener == nil { return .success(count) }
            }
        }
    }

    /// Reads and answers the handshake as far as the peer got, without taking stream bytes.
    ///
    /// - Returns: whether the channel is open, or why pairing failed (0 bytes: the peer hung up).
    package func advancePairing() -> Result<Bool, Failure> {
        var scratch = [UInt8](repeating: 0, count: 256)
        while handshake != nil {
            let result = scratch.withUnsafeMutableBytes { read(into: $0) }
            switch result {
            case let .failure(failure): return .failure(failure)
            case .success(nil): return .success(false)
            case .success(0): return .failure(.system(.connectionReset))
            case .success: continue
            }
        }
        return .success(true)
    }

    /// One `recv`: a paired channel hands what it read to the handshake or the frames.
    ///
    /// - Returns: the bytes read, `nil` for none now, 0 at the end.
    private func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int?, Failure> {
        let count: Int
        switch valueOrErrno({ recv(descriptor, buffer.baseAddress, buffer.count, 0) }) {
        case let .success(read): count = read
        case let .failure(failure) where failure.isWouldBlock: return .success(nil)
        case let .failure(failure): return .failure(.system(failure))
        }
        guard count > 0 else { return .success(0) }
        let raw = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        if var handshake {
            switch handshake.receive(raw) {
            case let .failed(failure, send):
                queue(send)
                _ = flush()
                return .failure(.pairing(failure))
            case let .waiting(send):
                self.handshake = handshake
                queue(send)
            case let .paired(send, keys, leftover):
                self.handshake = nil
                queue(send)
                sealer = PairedFrames.Sealer(key: keys.sending)
                var opener = PairedFrames.Opener(key: keys.receiving)
                opener.append(leftover)
                self.opener = opener
            }
            if case let .failure(failure) = flush() { return .failure(failure) }
        } else {
            opener?.append(raw)
        }
        return .success(count)
    }

    /// Opens the frames received whole.
    private func openFrames() -> Result<Void, Failure> {
        guard var opener else { return .success(()) }
        // Taken out while it works, so that its buffer is not copied.
        self.opener = nil
        defer { self.opener = opener }
        do throws(TraceError) {
            while let payload = try opener.next() { opened += payload }
        } catch {
            return .failure(.forged("\(error)"))
        }
        return .success(())
    }

    /// Closes the descriptor (never retried: after EINTR its state is unspecified).
    package func close() {
        _ = systemClose(descriptor)
    }

    private func queue(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if unsentStart == unsent.count {
            unsent = bytes
            unsentStart = 0
        } else {
            unsent += bytes
        }
    }

    private func takeOpened(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, opened.count - openedStart)
        opened.withUnsafeBytes { raw in
            buffer.baseAddress!.copyMemory(from: raw.baseAddress! + openedStart, byteCount: count)
        }
        openedStart += count
        if openedStart == opened.count {
            opened.removeAll(keepingCapacity: opened.capacity <= 1 << 20)
            openedStart = 0
        }
        return count
    }
}

private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}

/// `send(2)` without waiting and without SIGPIPE: `MSG_NOSIGNAL` on Linux; on Darwin the
/// socket's `SO_NOSIGPIPE`, set when it was made (not again on every send, as
/// ``Syscalls/sendWithoutSignal(_:_:dontWait:)`` does for sockets of unknown origin).
private func systemSend(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Darwin)
    send(fd, bytes.baseAddress, bytes.count, MSG_DONTWAIT)
    #else
    send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
    #endif
}
