/// A TCP endpoint as a user writes it: `[HOST:]PORT`, `[IPv6]:PORT`. The host defaults to the
/// loopback, so nothing listens on a network unless the user names an address.
public struct TCPAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    /// The environment variable that makes the default sink stream to a listener over TCP.
    public static let environmentVariable = "STORESCOPE_TCP"
    /// The environment variable that makes the default sink listen on TCP for a tool to connect
    /// (through `iproxy`, `adb forward`, an ssh tunnel).
    public static let listenEnvironmentVariable = "STORESCOPE_TCP_LISTEN"
    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Reads `[HOST:]PORT`; a bare port is on `127.0.0.1`.
    ///
    /// - Returns: `nil` for text that is not one (a port outside 0...65535, an empty host).
    public init?(parsing text: String, defaultHost: String = "127.0.0.1") {
        var host = defaultHost
        var portText = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else { return nil }
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = UInt16(portText) else { return nil }
        self.host = host
        self.port = port
    }

    /// Whether the host is this machine's loopback (`127.x.x.x`, `::1`, `localhost`).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// `HOST:PORT`, with an IPv6 host in brackets.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
