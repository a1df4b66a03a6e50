/// The one check of whether a directory is private to the user, and the one way to make one,
/// shared by every place that puts sessions in a directory or takes them from one: the
/// listener's socket directory, the listener's `--record` directory, the viewer's directory
/// for live sessions, and the app's check of the socket it is about to stream to.
///
/// Private means: a real directory (not a symbolic link, which is not followed), owned by the
/// user (or by an owner the caller trusts, such as root), with no permission bits for group or
/// others (`0700` or stricter). Group bits count too: a group of one today can gain members.
/// A directory that only holds private files (``Use/privateFiles``: the listener's recordings,
/// each `0600`) may be readable by others, as an ordinary `0755` folder is: what it must not be
/// is writable by them, where they could remove, rename or plant files, unless its sticky bit
/// keeps each user to their own files (as `/tmp`'s does).
package enum PrivateDirectory {
    /// What the directory is for, which decides what "private" asks of its mode.
    package enum Use: Sendable {
        /// Sockets and anything whose name or presence is itself private: no bits for group or
        /// others.
        case everything
        /// Files created `0600` and never followed through a link: not writable by group or
        /// others without the sticky bit.
        case privateFiles
    }

    /// Why a directory is not private.
    package enum Problem: Sendable, Hashable {
        /// Nothing is at the path.
        case missing
        /// Something other than a directory is at the path (a symbolic link counts).
        case notADirectory
        /// The directory belongs to this user id.
        case owned(by: UInt32)
        /// The directory grants group or other users these permission bits (`0o755` ...).
        case open(permissions: UInt32)
        /// `lstat` failed with this errno and message.
        case unreadable(errno: Int32, message: String)
    }

    /// The real user id of this process.
    package static var userID: UInt32 { Syscalls.userID }

    /// What keeps the directory at `path` from being private, or `nil` when it is.
    ///
    /// - Parameters:
    ///   - path: the directory.
    ///   - owners: the user ids it may belong to; this process's real user id when `nil`.
    ///   - use: what the directory holds (``Use``).
    /// - Returns: the first problem found, or `nil`.
    package static func problem(at path: String, owners: Set<UInt32>? = nil, for use: Use = .everything) -> Problem? {
        // `lstat("link/")` would follow the link: look at the name itself.
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        switch Syscalls.linkStatus(String(path)) {
        case let .failure(error) where error.code == Syscalls.noSuchFile: return .missing
        case let .failure(error): return .unreadable(errno: error.code, message: Syscalls.errorMessage(error.code))
        case let .success(status):
            guard Syscalls.isDirectory(mode: status.mode) else { return .notADirectory }
            guard (owners ?? [userID]).contains(status.owner) else { return .owned(by: status.owner) }
            let permissions = status.mode & 0o7777
            switch use {
            case .everything:
                guard permissions & 0o077 == 0 else { return .open(permissions: permissions) }
            case .privateFiles:
                guard permissions & 0o022 == 0 || permissions & 0o1000 != 0 else { return .open(permissions: permissions) }
            }
            return nil
        }
    }

    /// Why a private directory could not be made or used.
    package enum CreationFailure: Error, Sendable, Hashable {
        /// The directory above it does not exist (and was not to be created).
        case parentMissing(String)
        /// `mkdir` failed on this directory with this errno.
        case cannotCreate(String, Errno)
        /// The directory exists, or was made, and is not private.
        case notPrivate(Problem)
    }

    /// Makes `path` a private directory, the one way every place that puts sessions somewhere
    /// does: when missing it is created `0700` (with its missing ancestors, also `0700`, when
    /// `withParents`), and then, new or not, it must be private (``problem(at:owners:)``). An
    /// existing directory is never changed: one open to others is usually shared on purpose.
    package static func create(at path: String, withParents: Bool, for use: Use = .everything) -> Result<Void, CreationFailure> {
        if problem(at: path) == .missing {
            let parent = parent(of: path)
            if problem(at: parent) == .missing {
                guard withParents, parent != path else { return .failure(.parentMissing(parent)) }
                // A missing ancestor is made private too; its failure is the reason.
                if case let .failure(failure) = create(at: parent, withParents: true) { return .failure(failure) }
            }
            switch Syscalls.makeDirectory(path, permissions: 0o700) {
            case .success, .failure(.alreadyExists): break
            case let .failure(error): return .failure(.cannotCreate(path, error))
            }
            // mkdir applies the umask, which can only remove bits; a new directory is ours.
            _ = Syscalls.setPermissions(path, 0o700)
        }
        if let problem = problem(at: path, for: use) { return .failure(.notPrivate(problem)) }
        return .success(())
    }

    /// A new private directory in `parent`, named `prefix` and six random characters.
    package static func makeTemporary(in parent: String, prefix: String) -> Result<String, Errno> {
        Syscalls.makeTemporaryDirectory(prefix: (parent.hasSuffix("/") ? parent : parent + "/") + prefix)
    }

    /// The directory part of `path` (`.` for a bare name, `/` for a name at the root).
    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
