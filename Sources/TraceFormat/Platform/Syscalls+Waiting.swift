#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for descriptors to become ready: the one place that chooses between `poll(2)` and
/// `select(2)`.
///
/// Linux (and musl) use `poll`. Darwin's `poll(2)` does not support devices (its man page,
/// BUGS: "The poll() system call currently does not support devices"): on a terminal it
/// answers `POLLNVAL` at once instead of waiting, so a key loop spins and never sees a key,
/// and a write loop waiting for a full terminal spins too. Darwin therefore waits with
/// `select(2)`, which supports every descriptor type, for descriptors below `FD_SETSIZE`
/// (1024); a larger descriptor (never a terminal, which is 0-2 or opened first) falls back to
/// `poll`, which is right for the sockets, pipes and files such numbers belong to.
extension Syscalls {
    /// Waits at most `milliseconds` (-1: no limit) until one of `descriptors` can be read, has
    /// reached its end or failed (so that the next read says which).
    ///
    /// - Returns: one flag per descriptor, all `false` on a timeout or when a signal ended the
    ///   wait early (`EINTR` is not retried: callers check their signals between waits).
    package static func waitForInput(_ descriptors: [Int32], milliseconds: Int32) -> [Bool] {
        #if canImport(Darwin)
        if descriptors.allSatisfy({ $0 >= 0 && $0 < DescriptorSet.capacity }) {
            return selectReady(reading: descriptors, writing: [], milliseconds: milliseconds).reading
        }
        #endif
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = poll(&entries, nfds_t(entries.count), milliseconds)
        guard count > 0 else { return Array(repeating: false, count: descriptors.count) }
        return entries.map { $0.revents != 0 }
    }

    /// Waits at most `milliseconds` (-1: no limit) until `fd` can take bytes (or has failed,
    /// which the next write reports).
    ///
    /// - Returns: whether it is ready; `false` on a timeout or an interrupting signal.
    package static func waitUntilWritable(_ fd: Int32, milliseconds: Int32) -> Bool {
        #if canImport(Darwin)
        if fd >= 0, fd < DescriptorSet.capacity {
            return selectReady(reading: [], writing: [fd], milliseconds: milliseconds).writing.first ?? false
        }
        #endif
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }
}

#if canImport(Darwin)
extension Syscalls {
    /// `select(2)` over `reading` and `writing` (every descriptor below
    /// ``DescriptorSet/capacity``).
    private static func selectReady(reading: [Int32], writing: [Int32], milliseconds: Int32) -> (reading: [Bool], writing: [Bool]) {
        var readSet = DescriptorSet(reading)
        var writeSet = DescriptorSet(writing)
        let highest = (reading + writing).max() ?? -1
        var timeout = timeval(tv_sec: Int(milliseconds / 1000), tv_usec: suseconds_t((milliseconds % 1000) * 1000))
        let count: Int32 = withUnsafeMutablePointer(to: &readSet.value) { readPointer in
            withUnsafeMutablePointer(to: &writeSet.value) { writePointer in
                milliseconds < 0
                    ? select(highest + 1, reading.isEmpty ? nil : readPointer, writing.isEmpty ? nil : writePointer, nil, nil)
                    : select(highest + 1, reading.isEmpty ? nil : readPointer, writing.isEmpty ? nil : writePointer, nil, &timeout)
            }
        }
        guard count > 0 else {
            return (Array(repeating: false, count: reading.count), Array(repeating: false, count: writing.count))
        }
        return (reading.map(readSet.contains), writing.map(writeSet.contains))
    }
}

/// A Darwin `fd_set`, written by hand: the `FD_SET`/`FD_ISSET`/`FD_ZERO` macros
/// (`sys/_types/_fd_def.h`) are not imported into Swift. Darwin's `fd_set` is
/// `__int32_t fds_bits[__DARWIN_howmany(__DARWIN_FD_SETSIZE, __DARWIN_NFDBITS)]`: 1024 bits in
/// 32-bit words, descriptor `fd` being bit `fd % 32` of word `fd / 32` (the macros'
/// `__DARWIN_NFDBITS` is `sizeof(__int32_t) * 8`).
private struct DescriptorSet {
    /// `__DARWIN_FD_SETSIZE`: `select` cannot watch a descriptor at or above it.
    static let capacity: Int32 = 1024

    var value = fd_set()

    /// A set holding `descriptors` (each below ``capacity``), like `FD_ZERO` then `FD_SET`.
    init(_ descriptors: [Int32]) {
        withUnsafeMutableBytes(of: &value) { raw in
            for fd in descriptors {
                let offset = Int(fd) / 32 * 4
                let word = raw.load(fromByteOffset: offset, as: UInt32.self) | 1 << UInt32(fd % 32)
                raw.storeBytes(of: word, toByteOffset: offset, as: UInt32.self)
            }
        }
    }

    /// `FD_ISSET`.
    func contains(_ fd: Int32) -> Bool {
        withUnsafeBytes(of: value) { raw in
            raw.load(fromByteOffset: Int(fd) / 32 * 4, as: UInt32.self) & 1 << UInt32(fd % 32) != 0
        }
    }
}
#endif
