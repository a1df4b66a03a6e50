#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one file in TraceFormat that calls libc for files (``Errno`` names its codes). Each
/// function retries EINTR and returns the errno of a failure instead of throwing, so the
/// callers decide how to report it.
package enum Syscalls {
    static func open(_ path: String, flags: Int32, mode: UInt32) -> Result<Int32, Errno> {
        valueOrErrno { path.withCString { systemOpen($0, flags, mode_t(mode)) } }
    }

    /// Opens a trace file for appending, private to its owner: created `0600`, and an existing
    /// regular file that is replaced (emptied) loses any group and other permission bits
    /// before a byte is written. `O_NOFOLLOW`: a symbolic link at `path` is refused (`ELOOP`,
    /// or `EEXIST` when `exclusive`) instead of truncating whatever it points to. An existing
    /// regular file of another user is refused (`EPERM`) before anything is cut: run as root, a
    /// recorder or `storescope test` never replaces a file someone else put at the path.
    static func openForAppending(_ path: String, exclusive: Bool) -> Result<Int32, Errno> {
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | (exclusive ? O_EXCL : 0)
        let opened = open(path, flags: flags, mode: 0o600)
        guard case let .success(fd) = opened, !exclusive else { return opened }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return closing(fd) }
        // Only regular files: a device such as /dev/null keeps its mode, owner and contents.
        guard info.modeBits & UInt32(S_IFMT) == UInt32(S_IFREG) else { return opened }
        guard info.ownerID == userID else {
            _ = systemClose(fd)
            return .failure(Errno(code: EPERM))
        }
        if info.st_size > 0, ftruncate(fd, 0) != 0 { return closing(fd) }
        if info.modeBits & 0o077 != 0, fchmod(fd, 0o600) != 0 { return closing(fd) }
        return opened
    }

    /// Opens an existing regular file for appending, never through a symbolic link, and cuts it
    /// to `length` bytes first (a trace written on by a second writer: a listener continuing a
    /// reconnecting app's file drops its footer, or a partial chunk, before writing on).
    static func openForContinuing(_ path: String, truncatingTo length: Int64) -> Result<Int32, Errno> {
        let opened = open(path, flags: O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW, mode: 0)
        guard case let .success(fd) = opened else { return opened }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return closing(fd) }
        guard info.modeBits & UInt32(S_IFMT) == UInt32(S_IFREG) else {
            _ = systemClose(fd)
            return .failure(Errno(code: EINVAL))
        }
        guard Int64(info.st_size) != length else { return opened }
        if case let .failure(failure) = valueOrErrno({ Int(ftruncate(fd, off_t(length))) }) {
            _ = systemClose(fd)
            return .failure(failure)
        }
        return opened
    }

    /// Gives the file at `existing` the second name `path`, failing with `EEXIST` when anything
    /// is at `path`: an exclusive create whose file appears with what was written to it.
    static func link(_ existing: String, to path: String) -> Result<Void, Errno> {
        valueOrErrno { existing.withCString { from in path.withCString { to in systemLink(from, to) } } }.map { _ in }
    }

    /// Removes the name `path`.
    static func unlink(_ path: String) -> Result<Void, Errno> {
        valueOrErrno { path.withCString { systemUnlink($0) } }.map { _ in }
    }

    /// Opens (creating it `0600` if missing, never truncating, never through a symbolic link)
    /// the file a recorder locks before it replaces it.
    static func openForLocking(_ path: String) -> Result<Int32, Errno> {
        open(path, flags: O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode: 0o600)
    }

    /// What `lstat` says about `path`: its owner and mode, or the errno (`ENOENT` ...).
    static func linkStatus(_ path: String) -> Result<(owner: UInt32, mode: UInt32), Errno> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(Errno.current) }
        return .success((info.ownerID, info.modeBits))
    }

    /// Creates the directory `path` with `permissions` (less the umask), or the errno.
    static func makeDirectory(_ path: String, permissions: UInt32) -> Result<Void, Errno> {
        mkdir(path, mode_t(permissions)) == 0 ? .success(()) : .failure(Errno.current)
    }

    /// Sets the permission bits of `path` (following a symbolic link: check with
    /// ``linkStatus(_:)`` first where that matters).
    static func setPermissions(_ path: String, _ permissions: UInt32) -> Result<Void, Errno> {
        chmod(path, mode_t(permissions)) == 0 ? .success(()) : .failure(Errno.current)
    }

    /// Creates a new directory `0700` named `prefix` and six random characters (`mkdtemp`).
    static func makeTemporaryDirectory(prefix: String) -> Result<String, Errno> {
        var template = Array((prefix + "XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let made = mkdtemp(buffer.baseAddress!) else { return .failure(Errno.current) }
            return .success(String(cString: made))
        }
    }

    /// Whether `mode` (from ``linkStatus(_:)``) is a directory's.
    static func isDirectory(mode: UInt32) -> Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }

    /// The errno meaning "no such file".
    static var noSuchFile: Int32 { ENOENT }

    /// Opens for positioned reads. `O_NONBLOCK` so that opening a named pipe with no writer
    /// returns at once (its first `pread` then fails with `ESPIPE`) instead of blocking forever;
    /// it changes nothing for regular files. A device (`/dev/zero`, a terminal) is refused with
    /// `ENODEV`: it has no size, and what reads as its bytes is no file's.
    static func openForReading(_ path: String) -> Result<Int32, Errno> {
        let opened = open(path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK, mode: 0)
        guard case let .success(fd) = opened else { return opened }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return closing(fd) }
        let kind = info.modeBits & UInt32(S_IFMT)
        guard kind != UInt32(S_IFCHR), kind != UInt32(S_IFBLK) else {
            _ = systemClose(fd)
            return .failure(Errno(code: ENODEV))
        }
        return opened
    }

    /// Reads up to `buffer.count` bytes at `offset`.
    static func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Result<Int, Errno> {
        valueOrErrno { systemPread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Writes all bytes, looping over partial writes; on a non-blocking descriptor that is full
    /// (`EAGAIN`) it waits until it can take bytes, never spinning. The one write loop of
    /// StoreScope: files, standard output and error, the terminal.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
        var written = 0
        while written < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[written...])
            switch valueOrErrno({ systemWrite(fd, rest.baseAddress, rest.count) }) {
            case let .success(n): written += n
            case let .failure(error) where error.isWouldBlock:
                // A terminal on Darwin too (`waitUntilWritable` selects there: poll(2)
                // answers POLLNVAL for devices, which would spin here).
                _ = waitUntilWritable(fd, milliseconds: -1)
            case let .failure(error): return .failure(error)
            }
        }
        return .success(())
    }

    static func fsync(_ fd: Int32) -> Result<Void, Errno> {
        valueOrErrno { Int(systemFsync(fd)) }.map { _ in () }
    }

    static func fileSize(_ fd: Int32) -> Result<Int64, Errno> {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(Errno.current) }
        return .success(Int64(info.st_size))
    }

    /// Closes without retrying: after EINTR the descriptor state is unspecified.
    package static func close(_ fd: Int32) {
        _ = systemClose(fd)
    }

    /// The offset of the first `byte` in `buffer` (`memchr`: the resynchronising scan crosses
    /// megabytes of damage, byte by byte would be slow in debug builds).
    static func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// The user id of the process at the other end of a connected Unix socket: the one check
    /// of a peer's credentials, for the app (its listener) and the listener (its apps).
    package static func peerUserID(_ fd: Int32) -> UInt32? {
        #if canImport(Darwin)
        var uid = uid_t()
        var gid = gid_t()
        return getpeereid(fd, &uid, &gid) == 0 ? UInt32(uid) : nil
        #else
        // `struct ucred { pid_t pid; uid_t uid; gid_t gid; }` (Glibc hides the type without
        // _GNU_SOURCE; its layout is fixed by the kernel ABI).
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 ? credentials.1 : nil
        #endif
    }

    /// The process id of a connected Unix socket's peer, as the kernel recorded it at connect
    /// time: `SO_PEERCRED` on Linux, `LOCAL_PEERPID` on Darwin (`getpeereid` gives only ids).
    package static func peerProcessID(_ fd: Int32) -> UInt32? {
        #if canImport(Darwin)
        var pid: pid_t = 0
        var length = socklen_t(MemoryLayout<pid_t>.size)
        return getsockopt(fd, localSocketLevel, localPeerProcessID, &pid, &length) == 0 ? UInt32(bitPattern: pid) : nil
        #else
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 ? UInt32(bitPattern: credentials.0) : nil
        #endif
    }

    #if canImport(Darwin)
    /// `SOL_LOCAL` and `LOCAL_PEERPID` of Darwin's `sys/un.h` (`#define SOL_LOCAL 0`, the level
    /// of local-domain socket options; `#define LOCAL_PEERPID 0x002`, "retrieve peer pid",
    /// macOS 10.8 / iOS 6), declared here rather than relying on the Darwin overlay importing
    /// them (the second is only defined when `_DARWIN_C_SOURCE` features are on).
    private static let localSocketLevel: Int32 = 0
    private static let localPeerProcessID: Int32 = 0x002
    #endif

    /// The real user id of this process (for the default live socket path).
    static var userID: UInt32 { UInt32(getuid()) }

    static func errorMessage(_ code: Int32) -> String {
        if code == ESPIPE { return "not a regular file (a pipe or socket cannot be read at an offset)" }
        if code == ENODEV { return "not a regular file (a device)" }
        return String(cString: strerror(code))
    }

    /// The words for a file that could not be created for writing: `ELOOP` from `O_NOFOLLOW`
    /// means a symbolic link is at the path.
    static func creationErrorMessage(_ code: Int32) -> String {
        if code == ELOOP {
            return "it is a symbolic link, and trace files are never written through one (remove the link, or give the real path)"
        }
        if code == EPERM {
            return "it belongs to another user, whose file is never replaced (remove it, or give another path)"
        }
        return errorMessage(code)
    }

    private static func closing(_ fd: Int32) -> Result<Int32, Errno> {
        let failure = Errno.current
        close(fd)
        return .failure(failure)
    }
}

private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemLink(_ existing: UnsafePointer<CChar>, _ path: UnsafePointer<CChar>) -> Int32 { link(existing, path) }
private func systemUnlink(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }
private func systemPread(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int {
    pread(fd, buffer, count, offset)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }


/// The fields of a `stat` that StoreScope compares, as fixed-width unsigned numbers, converted
/// once here. The C types differ: Darwin's `dev_t` is `Int32` (`sys/_types.h`:
/// `__darwin_dev_t` is `__int32_t`, and `UInt64(_:)` traps on a negative one), `mode_t`
/// `UInt16`, `ino_t` `UInt64` (64-bit inodes); Linux's `dev_t` is `UInt64`, `mode_t`
/// `UInt32`. Signed values keep their bit pattern.
extension stat {
    /// `st_dev`, its bits.
    package var deviceBits: UInt64 {
        #if canImport(Darwin)
        UInt64(UInt32(bitPattern: st_dev))
        #else
        UInt64(truncatingIfNeeded: st_dev)
        #endif
    }

    /// `st_ino`.
    package var inodeNumber: UInt64 { UInt64(truncatingIfNeeded: st_ino) }

    /// `st_mode`: type and permission bits (`S_IFMT`, `0o7777`).
    package var modeBits: UInt32 { UInt32(truncatingIfNeeded: st_mode) }

    /// `st_uid`.
    package var ownerID: UInt32 { UInt32(truncatingIfNeeded: st_uid) }
}
