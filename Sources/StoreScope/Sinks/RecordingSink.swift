import TraceFormat
import Foundation

/// Where a ``Recorder`` sends its trace.
public struct RecordingSink: Sendable {
    /// What a sink is told when it opens.
    struct Context {
        /// The bytes a sink may buffer: its share of the recorder's memory budget.
        var bufferLimit: Int
        /// Where the sink reports its own problems, once each.
        var diagnostics: @Sendable (String) -> Void
        /// The limits on control commands the stream reads.
        var control = ControlSettings()
        /// The session the sink records: its app, id and start name the file of
        /// ``RecordingSink/file(exclusive:)``.
        var header: SessionHeader
        /// The secret whose SHA-256 the header commits to: a live stream proves with it that
        /// a reconnection is this session's (``SessionProof``). Nothing else sees it.
        var sessionSecret: [UInt8] = []
    }

    let open: @Sendable (Context) throws(TraceError) -> any TraceOutput

    /// Creates a sink from a function that opens its output (for tests and custom transports).
    package init(_ open: @escaping @Sendable () throws(TraceError) -> any TraceOutput) {
        self.open = { (_) throws(TraceError) in try open() }
    }

    init(opening open: @escaping @Sendable (Context) throws(TraceError) -> any TraceOutput) {
        self.open = open
    }

    /// A trace file, created (or replaced, unless `exclusive`) when recording starts. It ends
    /// with a footer index when the recorder closes. The recorder holds an exclusive lock on
    /// the file until it closes: a second recorder given the same path fails to start with a
    /// clear error and leaves the first one's trace alone.
    public static func file(_ path: String, exclusive: Bool = false) -> RecordingSink {
        RecordingSink { () throws(TraceError) in try LockedTraceFile(path: path, exclusive: exclusive) }
    }

    /// A trace file of the session's own in the app's caches, for an app that names no path:
    /// on an iPhone or iPad the app container's `Library/Caches/StoreScope/`, on macOS
    /// `~/Library/Caches/StoreScope/`, on Linux `~/.cache/StoreScope/`; named by the app and
    /// the session (`MyApp-20261206-142501-1f3a9c.sstrace`). The recorder says where through
    /// ``RecorderConfiguration/diagnostics`` when it starts, and ``Recorder/traceFile`` holds
    /// the path. Otherwise as ``file(_:exclusive:)``.
    ///
    /// - Parameter exclusive: fails to start rather than replace a file (two sessions started
    ///   in the same second by the same app get the same name only if their ids also agree).
    public static func file(exclusive: Bool = false) -> RecordingSink {
        RecordingSink(opening: { (context) throws(TraceError) in
            let path = try AppTraceFile.path(for: context.header)
            let file = try LockedTraceFile(path: path, exclusive: exclusive)
            context.diagnostics("recording to \(path)")
            return file
        })
    }

    /// A live stream to the Unix socket a viewer (`storescope listen`) listens on.
    ///
    /// The app never waits for the viewer and never fails because of it: recording starts
    /// whether or not a listener is there, connects when one appears and reconnects with
    /// backoff when it goes away. Sends are non-blocking into a buffer of a quarter of
    /// ``RecorderConfiguration/maximumPendingBytes``; what cannot be sent (no listener, or one
    /// slower than the app) is counted and, once the stream can take bytes again, reported in
    /// a `dropped` record followed by a fresh keyframe of every store.
    ///
    /// - Parameter path: the socket; `SocketPath.default` unless given.
    public static func socket(_ path: String = SocketPath.default) -> RecordingSink {
        RecordingSink(opening: { context in
            LiveSocketOutput(
                path: path, bufferLimit: context.bufferLimit, control: context.control, sessionSecret: context.sessionSecret,
                diagnostics: context.diagnostics)
        })
    }

    /// A trace file and a live stream together, each with its own failure handling: a full
    /// disk stops the file and not the stream; a missing viewer never touches the file. The
    /// file is locked like ``file(_:exclusive:)``'s: a second recorder given the same path
    /// fails to start and leaves the first one's trace alone.
    ///
    /// - Parameters:
    ///   - path: the trace file (replaced if it exists, unless `exclusive`).
    ///   - exclusive: fails to start rather than replace a file already at `path`.
    ///   - socket: the socket to stream to.
    public static func file(_ path: String, exclusive: Bool = false, streamingTo socket: String) -> RecordingSink {
        RecordingSink(opening: { (context) throws(TraceError) in
            let file = try LockedTraceFile(path: path, exclusive: exclusive)
            let stream = LiveSocketOutput(
                path: socket, bufferLimit: context.bufferLimit, control: context.control, sessionSecret: context.sessionSecret,
                diagnostics: context.diagnostics)
            return TeeOutput(file: file, path: path, stream: stream, diagnostics: context.diagnostics)
        })
    }

    /// A live stream to a listener over TCP (`storescope listen --tcp`), for an app on another
    /// machine or device: an iPhone streaming to the Mac over Wi-Fi, the Simulator to
    /// `127.0.0.1`. Everything ``socket(_:)`` does (non-blocking sends, the memory budget,
    /// confirmations, reconnects that continue the session, control commands), after a mutual
    /// pairing with the listener: each side proves it knows `pairing` without sending it, and
    /// every frame either way carries a code only the pair can make. The stream is not
    /// encrypted: on a network others can read it (docs/GUIDE.md, "Stream from an iPhone").
    ///
    /// - Parameters:
    ///   - address: the listener's IP address and port (a numeric address, or `localhost`:
    ///     the recorder never waits on a name lookup).
    ///   - pairing: the secret the listener printed.
    public static func tcp(_ address: TCPAddress, pairing: PairingSecret) -> RecordingSink {
        live(file: nil) { _ in TCPDialer(address: address, secret: pairing) }
    }

    /// A live stream the app offers on a TCP port of its own, for a tool to connect to
    /// (`storescope listen --connect HOST:PORT --pairing SECRET`): how a device on USB streams
    /// (`iproxy` forwards a port of the Mac to the device's), and any ssh tunnel. Listen on
    /// the loopback (`127.0.0.1`) unless the tool must reach the app across a network. The
    /// recorder says through ``RecorderConfiguration/diagnostics`` where it listens, the
    /// secret, and the command to connect. Otherwise as ``tcp(_:pairing:)``.
    ///
    /// - Parameters:
    ///   - address: where to listen; port 0 lets the system choose (the diagnostic names it).
    ///   - pairing: the secret, or `nil` for a new one (said in the diagnostic).
    public static func tcpListening(_ address: TCPAddress, pairing: PairingSecret? = nil) -> RecordingSink {
        live(file: nil) { context in
            TCPAccepter(address: address, secret: pairing ?? .generate(), diagnostics: context.diagnostics)
        }
    }

    /// A live stream to `endpoint`, and the trace `file` too when one is given (each failing
    /// on its own, as ``file(_:exclusive:streamingTo:)``'s).
    private static func live(file: String?, _ endpoint: @escaping @Sendable (Context) -> any LiveEndpoint) -> RecordingSink {
        RecordingSink(opening: { (context) throws(TraceError) in
            let stream = LiveSocketOutput(
                endpoint: endpoint(context), bufferLimit: context.bufferLimit, control: context.control, sessionSecret: context.sessionSecret,
                diagnostics: context.diagnostics)
            guard let file else { return stream }
            return TeeOutput(file: try LockedTraceFile(path: file, exclusive: false), path: file, stream: stream, diagnostics: context.diagnostics)
        })
    }

    /// The live stream the environment asks for over TCP: `$STORESCOPE_TCP_LISTEN`
    /// (``tcpListening(_:pairing:)``), else `$STORESCOPE_TCP` with `$STORESCOPE_PAIRING`
    /// (``tcp(_:pairing:)``); `nil` when neither is set. A value that cannot be used is said
    /// through the diagnostics, and the sink records as if it were not set.
    private static func tcpFromEnvironment(file: String?, otherwise: RecordingSink) -> RecordingSink? {
        let environment = ProcessInfo.processInfo.environment
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let pairingText = value(PairingSecret.environmentVariable)
        let pairing = pairingText.flatMap(PairingSecret.init(typed:))
        let badPairing = "\(PairingSecret.environmentVariable) is not a pairing secret (28 letters and digits, as the listener printed it)"
        let problem: String
        if let text = value(TCPAddress.listenEnvironmentVariable) {
            if let address = TCPAddress(parsing: text), pairingText == nil || pairing != nil {
                return live(file: file) { context in
                    TCPAccepter(address: address, secret: pairing ?? .generate(), diagnostics: context.diagnostics)
                }
            }
            problem = pairing == nil && pairingText != nil ? badPairing : "\(TCPAddress.listenEnvironmentVariable)=\(text) is not [HOST:]PORT"
        } else if let text = value(TCPAddress.environmentVariable) {
            if let address = TCPAddress(parsing: text), let pairing {
                return live(file: file) { _ in TCPDialer(address: address, secret: pairing) }
            }
            problem = if TCPAddress(parsing: text) == nil {
                "\(TCPAddress.environmentVariable)=\(text) is not [HOST:]PORT"
            } else if pairingText != nil {
                badPairing
            } else {
                "\(TCPAddress.environmentVariable) needs \(PairingSecret.environmentVariable), the secret 'storescope listen --tcp' printed"
            }
        } else {
            return nil
        }
        return RecordingSink(opening: { (context) throws(TraceError) in
            context.diagnostics("not streaming over TCP: \(problem)")
            return try otherwise.open(context)
        })
    }

    /// The sink an app records to unless it chooses: a live stream when
    /// `$STORESCOPE_SOCKET` is set, so that setting the variable alone streams an unchanged
    /// app, plus the trace `file` when one is given. With neither, it streams to
    /// `SocketPath.default`, where `storescope listen` listens by default.
    ///
    /// On an iPhone, iPad, Apple TV, Apple Watch or Vision Pro (not their Simulators) no
    /// listener can be reached through a Unix socket, so the sink is the trace `file`, or
    /// ``file(exclusive:)``'s file in the app's caches when `file` is `nil`, and the recorder
    /// says once, through ``RecorderConfiguration/diagnostics``, that it records to a file only.
    ///
    /// `$STORESCOPE_TCP` (with `$STORESCOPE_PAIRING`) streams over TCP instead, and
    /// `$STORESCOPE_TCP_LISTEN` listens for a tool to connect (``tcp(_:pairing:)``,
    /// ``tcpListening(_:pairing:)``), on a device too.
    ///
    /// - Parameter file: a trace file to record into as well, or `nil`.
    public static func `default`(file: String? = nil) -> RecordingSink {
        let local = localDefault(file: file)
        return tcpFromEnvironment(file: file, otherwise: local) ?? local
    }

    /// ``default(file:)`` without TCP: the Unix socket, or a file on a device.
    private static func localDefault(file: String?) -> RecordingSink {
        guard LocalListener.isReachable else {
            let sink = file.map { RecordingSink.file($0) } ?? .file()
            return RecordingSink(opening: { (context) throws(TraceError) in
                context.diagnostics("no listener can be reached from this device: recording to a file only")
                return try sink.open(context)
            })
        }
        let environment = ProcessInfo.processInfo.environment[SocketPath.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch (file, environment) {
        case let (file?, socket?): return .file(file, streamingTo: socket)
        case let (file?, nil): return .file(file)
        case (nil, _): return .socket(SocketPath.default)
        }
    }
}
