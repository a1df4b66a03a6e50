import Foundation
import TraceFormat

/// Where ``RecordingSink/file(exclusive:)`` writes when the app names no path: a file of the
/// session's own in the app's caches, which every platform has and an app may always write.
///
/// - iOS, tvOS, watchOS, visionOS (device or Simulator): the app container's `Library/Caches/StoreScope/`.
/// - macOS: `~/Library/Caches/StoreScope/` (a sandboxed app's container's `Library/Caches`).
/// - Linux: `$XDG_CACHE_HOME/StoreScope/`, or `~/.cache/StoreScope/`.
///
/// The file is named by the app and the session: `MyApp-20261206-142501-1f3a9c.sstrace` (the
/// session's start in UTC and the first bytes of its id), so sessions never replace each
/// other. Caches are not backed up, and the system may empty them when storage runs low.
enum AppTraceFile {
    /// The folder's name inside the caches directory.
    static let folderName = "StoreScope"

    /// The path of the trace of the session that `header` starts, its folder created (`0700`).
    ///
    /// - Throws: ``TraceError/io(_:)`` when the caches directory is unknown or the folder
    ///   cannot be created.
    static func path(for header: SessionHeader) throws(TraceError) -> String {
        let folder = try folder()
        return folder + "/" + fileName(appName: header.appName, sessionID: header.sessionID, startWallNanos: header.startWallNanos)
    }

    /// The folder, created private (`0700`) if missing; an existing one must be private.
    static func folder() throws(TraceError) -> String {
        guard let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first else {
            throw .io(operation: "find", path: "the caches directory", errno: 0, message: "unknown: give the recorder a file path")
        }
        let folder = caches.appendingPathComponent(folderName, isDirectory: true).path
        switch PrivateDirectory.create(at: folder, withParents: true) {
        case .success: return folder
        case let .failure(.parentMissing(parent)):
            throw .io(operation: "create", path: folder, errno: 0, message: "\(parent) does not exist")
        case let .failure(.cannotCreate(path, error)):
            throw .io(operation: "create", path: path, errno: error.code, message: error.description)
        case let .failure(.notPrivate(problem)):
            throw .io(operation: "use", path: folder, errno: 0, message: "not a private directory (\(problem)): give the recorder a file path")
        }
    }

    /// `APP-YYYYMMDD-HHMMSS-XXXXXX.sstrace`: the app's name with anything but letters, digits,
    /// `.`, `_` and `-` replaced by `_`, the start in UTC, and the session id's first three bytes.
    static func fileName(appName: String, sessionID: [UInt8], startWallNanos: Int64) -> String {
        let app = String(appName.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        // The trace's own UTC formatter (`2026-12-06T14:25:01Z`), to the second, without its
        // separators.
        let stamp = String(TraceValue.iso8601(Double(startWallNanos / 1_000_000_000)).compactMap { character -> Character? in
            switch character {
            case "-", ":", "Z": nil
            case "T": "-"
            default: character
            }
        })
        let id = sessionID.prefix(3).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        return "\(app.isEmpty ? "app" : app)-\(stamp)-\(id).sstrace"
    }
}
