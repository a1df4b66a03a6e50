#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// Outside any Linux-only branch: reported.
let plantedFlags = Int32(MSG_NOSIGNAL) // PLANTED(linux)

// A comment naming MSG_NOSIGNAL does not count; a string literal does ("/proc" paths are strings).
let procPath = "/proc/self/status" // PLANTED(linux)
let environment = ProcessInfo.processInfo.environment // GUARDED(linux)

#if os(Linux)
let linuxFlags = Int32(MSG_NOSIGNAL) // GUARDED(linux)
#endif

#if canImport(Darwin)
let darwinFlags: Int32 = 0
#else
let nonDarwinFlags = SOCK_CLOEXEC // GUARDED(linux)
#endif

#if os(macOS)
let macFlags: Int32 = 0
#elseif os(Linux)
let elseifFlags = SOCK_NONBLOCK // GUARDED(linux)
#else
let otherFlags = Int32(0)
#endif

#if canImport(Glibc)
  #if DEBUG
  let nestedFlags = Int32(MSG_NOSIGNAL) // GUARDED(linux)
  #endif
#endif

#if !canImport(Darwin) && DEBUG
let negatedFlags = Int32(MSG_NOSIGNAL) // GUARDED(linux)
#endif

#if os(Linux) || os(macOS)
let eitherFlags = Int32(MSG_NOSIGNAL) // PLANTED(linux)
#endif

/* A block comment naming MSG_NOSIGNAL and environ
   over two lines does not count. */
