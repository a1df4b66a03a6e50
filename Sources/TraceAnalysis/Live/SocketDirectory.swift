/// Prepares the place a listener's socket lives, the way DESIGN.md's "Security and privacy"
/// says: the directory is ours and closed to others (created `0700`; one owned by someone
/// else, or open to group or others, is refused rather than fixed), and a socket file left by a
/// listener that died is removed, while one a live listener still serves is never taken.
enum SocketDirectory {
    /// Makes `socketPath` ready to bind.
    ///
    /// - Throws: ``ListenError`` naming what is wrong and what to do.
    static func prepare(socketPath: String) throws(ListenError) {
        let directory = parent(of: socketPath)
        try prepareDirectory(directory, socketPath: socketPath)
        switch LiveSyscalls.status(socketPath) {
        case .failure(.noSuchFile): return
        case let .failure(error): throw ListenError("cannot inspect \(socketPath): \(error)")
        case let .success(status):
            guard status.isSocket else {
                throw ListenError("\(socketPath) exists and is not a socket; remove it or choose another path")
            }
            guard !LiveSyscalls.someoneListens(at: socketPath) else {
                throw ListenError("another listener is running at \(socketPath); stop it, or give this one another path")
            }
            // Stale: its listener died without removing it.
            if case let .failure(error) = LiveSyscalls.remove(socketPath), error != .noSuchFile {
                throw ListenError("cannot remove the stale socket \(socketPath): \(error)")
            }
        }
    }

    /// The directory part of `path` (`.` for a bare name).
    static func parent(of path: String) -> String {
        PrivateDirectory.parent(of: path)
    }

    /// A private directory to suggest instead of `directory`, a shared one (`/tmp`): never
    /// `chmod` a directory others may use. The default socket's directory, or else one of the
    /// user's own inside `directory`; the listener creates either `0700`.
    static func privateAlternative(to directory: String, socketPath: String) -> String {
        let name = socketPath.split(separator: "/").last.map(String.init) ?? "storescope.sock"
        let preferred = parent(of: SocketPath.default)
        let place = preferred != directory ? preferred : (directory.hasSuffix("/") ? directory : directory + "/") + "storescope-\(LiveSyscalls.userID)"
        return place + "/" + name
    }

    private static func prepareDirectory(_ directory: String, socketPath: String) throws(ListenError) {
        let instead = "listen in a private directory instead, which storescope creates for you (mode 700): storescope listen \(privateAlternative(to: directory, socketPath: socketPath))"
        let problem: PrivateDirectory.Problem
        switch PrivateDirectory.create(at: directory, withParents: false) {
        case .success: return
        case let .failure(.parentMissing(parent)): throw ListenError("cannot create \(directory): \(parent) does not exist")
        case let .failure(.cannotCreate(_, error)): throw ListenError("cannot create \(directory): \(error)")
        case let .failure(.notPrivate(found)): problem = found
        }
        switch problem {
        case .missing: throw ListenError("cannot inspect \(directory): it does not exist")
        case let .unreadable(_, message): throw ListenError("cannot inspect \(directory): \(message)")
        case .notADirectory: throw ListenError("\(directory) is not a directory")
        case let .owned(by: owner):
            throw ListenError("\(directory) belongs to uid \(owner), not to you (uid \(LiveSyscalls.userID)); sessions there are not private, so the listener refuses it; \(instead)")
        case let .open(permissions):
            throw ListenError("\(directory) has mode \(String(permissions, radix: 8)), open to other users, so sessions there are not private; \(instead)")
        }
    }
}
