#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A connected Unix-domain stream socket: the only StoreScope code that calls the socket API.
struct UnixSocket {
    let descriptor: Int32

    /// Connects to the listener at `path`.
    static func connect(to path: String, sendTimeout: Duration) throws(TraceError) -> UnixSocket {
        #if canImport(Darwin)
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard fd >= 0 else { throw error("cannot create a socket for", path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            _ = Glibc_close(fd)
            throw .io(operation: "cannot connect to", path: path, errno: ENAMETOOLONG, message: "socket path longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8)
            raw[path.utf8.count] = 0
        }
        var timeout = timeval(
            tv_sec: Int(sendTimeout.components.seconds),
            tv_usec: .init(sendTimeout.components.attoseconds / 1_000_000_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc_connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let failure = error("cannot connect to", path)
            _ = Glibc_close(fd)
            throw failure
        }
        return UnixSocket(descriptor: fd)
    }

    /// Sends every byte, retrying EINTR and partial sends.
    func sendAll(_ bytes: UnsafeRawBufferPointer, path: String) throws(TraceError) {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Darwin)
            let flags: Int32 = 0
            #else
            let flags = Int32(MSG_NOSIGNAL)
            #endif
            let n = send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, flags)
            if n >= 0 {
                sent += n
            } else if errno != EINTR {
                throw Self.error("cannot send to", path)
            }
        }
    }

    func close() {
        _ = Glibc_close(descriptor)
    }

    private static func error(_ operation: String, _ path: String) -> TraceError {
        let code = errno
        return .io(operation: operation, path: path, errno: code, message: String(cString: strerror(code)))
    }
}

private func Glibc_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

private func Glibc_close(_ fd: Int32) -> Int32 {
    close(fd)
}
