import Foundation
import StoreScope
import TraceFormat

/// The transports a live benchmark streams over, each to a real `storescope listen`: its Unix
/// socket, or loopback TCP with pairing (every frame authenticated both ways).
enum LiveTransport: String, CaseIterable {
    case unixSocket = "Unix socket"
    case tcp = "loopback TCP, paired"

    /// The secret both sides of a TCP benchmark pair with.
    static let pairing = PairingSecret(typed: "7kq2-m9xd-4hb1-zc0p-8tnv-w3ry-6feg")!

    /// A running listener and the sink an app streams to it with.
    struct Listener {
        let process: Process
        let sink: RecordingSink

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Starts `storescope listen SOCKET ARGUMENTS` (with `--tcp 127.0.0.1:0 --pairing` for TCP)
    /// in `directory`, its standard output to `output`, and waits until it listens.
    func startListener(storescope: URL, in directory: URL, _ arguments: [String], output: Any) -> Listener {
        let socket = directory.appendingPathComponent("run/live.sock").path
        let listener = Process()
        let errors = Pipe()
        listener.executableURL = storescope
        listener.arguments = ["listen", socket] + arguments + (self == .tcp ? ["--tcp", "127.0.0.1:0", "--pairing", "\(Self.pairing)"] : [])
        listener.standardOutput = output
        listener.standardError = errors
        try! listener.run()
        // The banner names the port the system chose; the rest of standard error is drained.
        var banner = ""
        while self == .tcp, !banner.contains("Listening on tcp ") || !banner.hasSuffix("\n") {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            banner += String(decoding: data, as: UTF8.self)
        }
        Thread.detachNewThread { while !errors.fileHandleForReading.availableData.isEmpty {} }
        while !FileManager.default.fileExists(atPath: socket) { Thread.sleep(forTimeInterval: 0.01) }
        switch self {
        case .unixSocket:
            return Listener(process: listener, sink: .socket(socket))
        case .tcp:
            let line = banner.split(separator: "\n").first { $0.hasPrefix("Listening on tcp ") } ?? ""
            let address = TCPAddress(parsing: String(line.dropFirst("Listening on tcp ".count).prefix { $0 != " " }))!
            return Listener(process: listener, sink: .tcp(address, pairing: Self.pairing))
        }
    }
}
