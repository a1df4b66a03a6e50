#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Errno {
    /// Why a TCP connection to `address` failed, in words that name the cause and what to
    /// check: what an app and `storescope listen --connect` say when they cannot connect.
    package func connectCause(to address: TCPAddress) -> String {
        switch code {
        case ECONNREFUSED:
            "refused: nothing listens on \(address) (is the other side running, on that port?)"
        case ETIMEDOUT:
            "timed out: no answer from \(address) (a wrong address, another network, or a firewall)"
        case EPERM, EACCES:
            "permission denied connecting to \(address) (on iOS: allow Local Network for the app in Settings › Privacy & Security › Local Network; in a macOS sandbox: the network client entitlement)"
        case EHOSTUNREACH, ENETUNREACH, ENETDOWN:
            "unreachable: \(address) (\(description); on iOS, also what a denied Local Network permission looks like)"
        default:
            "cannot connect to \(address): \(description)"
        }
    }

    /// `ETIMEDOUT`.
    package static let timedOut = Errno(code: ETIMEDOUT)
    /// `EINVAL`.
    package static let invalidArgument = Errno(code: EINVAL)
}
