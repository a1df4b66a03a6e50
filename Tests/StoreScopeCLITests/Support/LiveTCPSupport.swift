import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real processes for the TCP live-session tests: `storescope listen --tcp`, apps that stream
/// with `STORESCOPE_TCP`, and apps that listen with `STORESCOPE_TCP_LISTEN`.
extension Live {
    /// The secret the tests pair with (given to every side, so that a restarted listener
    /// takes the same apps).
    static let pairing = "7kq2-m9xd-4hb1-zc0p-8tnv-w3ry-6feg"

    /// Starts `storescope listen SOCKET --tcp ADDRESS --pairing ... --record DIR ...` and waits
    /// until it listens on TCP; returns it and the address it listens on (the port the system
    /// chose for port 0).
    static func listenTCP(
        _ socket: String, on address: String = "127.0.0.1:0", record directory: String? = nil, pairing: String = Live.pairing, _ extra: [String] = []
    ) throws -> (listener: RunningProcess, address: String) {
        let listener = try Live.listen(socket, record: directory, ["--tcp", address, "--pairing", pairing] + extra)
        let banner = try listener.waitForError(containing: "Listening on tcp ")
        let line = try #require(banner.split(separator: "\n").first { $0.hasPrefix("Listening on tcp ") })
        let bound = String(line.dropFirst("Listening on tcp ".count).prefix { $0 != " " })
        return (listener, bound)
    }

    /// Starts `storescope listen SOCKET --connect ADDRESS --pairing ... --record DIR ...`.
    static func listenConnecting(_ socket: String, to address: String, record directory: String? = nil, _ extra: [String] = []) throws -> RunningProcess {
        try Live.listen(socket, record: directory, ["--connect", address, "--pairing", Live.pairing] + extra)
    }

    /// Starts an app that streams to `address` over TCP with only the environment set.
    static func tcpApp(_ name: String, to address: String, pairing: String = Live.pairing, _ extra: [String] = []) throws -> RunningProcess {
        try RunningProcess(
            product: "live-app-fixture", [name] + extra,
            environment: [TCPAddress.environmentVariable: address, PairingSecret.environmentVariable: pairing])
    }

    /// Starts an app that listens on the loopback for a tool to connect, and returns it and
    /// the address it says it listens on.
    static func listeningApp(_ name: String, _ extra: [String] = []) throws -> (app: RunningProcess, address: String) {
        let app = try RunningProcess(
            product: "live-app-fixture", [name] + extra,
            environment: [TCPAddress.listenEnvironmentVariable: "127.0.0.1:0", PairingSecret.environmentVariable: Live.pairing])
        // The recorder listens once its session starts: the first action starts it.
        app.send("record 1")
        let said = try app.waitForError(containing: "--connect ")
        let address = String(said.components(separatedBy: "--connect ")[1].prefix { $0 != " " })
        return (app, address)
    }
}

/// A TCP peer written against the platform layer, for peers that are not StoreScope apps: it
/// pairs (or fails to) and sends what a test makes it send.
final class TCPPeer {
    let fd: Int32
    private(set) var channel: StreamChannel?

    /// Connects to `address` (`HOST:PORT`), waiting at most 5 s.
    init(connectingTo address: String) throws {
        let parsed = try #require(TCPAddress(parsing: address))
        guard case let .success(resolved) = Syscalls.resolve(parsed, numericOnly: true),
            case let .success((fd, _)) = Syscalls.startConnecting(to: resolved)
        else { throw POSIXError(.ECONNREFUSED) }
        self.fd = fd
        guard Syscalls.waitUntilWritable(fd, milliseconds: 5_000), Syscalls.pendingError(fd) == nil else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit {
        if let channel { channel.close() } else { close(fd) }
    }

    /// Sends raw bytes (ignoring a peer that already hung up).
    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Syscalls.sendWithoutSignal(fd, $0) }
    }

    /// Reads what arrives within `milliseconds` (raw, unpaired).
    func receive(waiting milliseconds: Int32 = 2_000) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Syscalls.waitForInput([fd], milliseconds: received.isEmpty ? milliseconds : 50).first == true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// Pairs as `role` (an app, unless told) with `secret`.
    ///
    /// - Returns: why pairing failed, or `nil` once paired.
    @discardableResult
    func pair(secret: String = Live.pairing, as role: PairingRole = .app) throws -> StreamChannel.Failure? {
        let channel = StreamChannel(descriptor: fd, pairing: (role, try #require(PairingSecret(typed: secret))))
        self.channel = channel
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            switch channel.advancePairing() {
            case .success(true): return nil
            case .success(false): _ = Syscalls.waitForInput([fd], milliseconds: 100)
            case let .failure(failure): return failure
            }
        }
        return .system(.timedOut)
    }

    /// Sends stream bytes in frames once paired, waiting for room.
    func sendPaired(_ bytes: [UInt8]) throws {
        let channel = try #require(channel)
        var start = 0
        while start < bytes.count || channel.hasUnsent {
            let sent = bytes.withUnsafeBytes { raw in channel.send(UnsafeRawBufferPointer(rebasing: raw[start...])) }
            guard case let .success(count) = sent else { return }
            start += count
            if count == 0 { _ = Syscalls.waitUntilWritable(fd, milliseconds: 100) }
            if start >= bytes.count, case .success(true) = channel.flush() { break }
        }
    }
}
