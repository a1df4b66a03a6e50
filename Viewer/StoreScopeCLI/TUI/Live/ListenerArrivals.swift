#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TraceAnalysis
import TraceFormat

/// Live sessions arriving at a listener, as sources for the viewer. Every session is recorded
/// to its own file: in the `--record` directory, or else in a private directory (`0700`)
/// that is kept when a session was recorded in it, and named on exit so nothing is lost.
final class ListenerArrivals: SourceArrivals {
    private let listener: ListenerThread
    private let directory: String
    private let directoryIsPrivate: Bool
    private var sources: [Int: LiveSessionSource] = [:]
    private var recorded: [String] = []

    /// Listens at `path`, recording to `options.recordDirectory` or a new private directory.
    ///
    /// - Throws: the line to print when the directory cannot be made or the socket not
    ///   listened on.
    init(path: String, options: LiveListener.Options) throws(ListenFailure) {
        var options = options
        options.decodesRecords = false
        if let directory = options.recordDirectory {
            if let failure = ListenOptions.createRecordDirectory(directory) { throw failure }
            self.directory = directory
            directoryIsPrivate = false
        } else {
            guard case let .success(made) = PrivateDirectory.makeTemporary(in: NSTemporaryDirectory(), prefix: "storescope-sessions-") else {
                throw ListenFailure(message: "Error: cannot create a directory for the sessions in \(NSTemporaryDirectory().sanitizedForTerminal)")
            }
            directory = made
            directoryIsPrivate = true
            options.recordDirectory = directory
        }
        do throws(ListenError) {
            listener = try ListenerThread.start(path: path, options: options)
        } catch {
            if directoryIsPrivate { rmdir(directory) }
            throw ListenFailure(message: "Error: \(error.description.sanitizedForTerminal)")
        }
    }

    func poll() -> [SourceArrival] {
        arrivals(listener.take())
    }

    func finish() -> [String] {
        _ = arrivals(listener.stop())
        guard !recorded.isEmpty else {
            if directoryIsPrivate { rmdir(directory) }
            return []
        }
        let count = recorded.count == 1 ? "1 session" : "\(recorded.count) sessions"
        return ["storescope: \(count) recorded in \(directory.sanitizedForTerminal):"]
            + recorded.map { "  " + ($0.split(separator: "/").last.map(String.init) ?? $0).sanitizedForTerminal }
    }

    private func arrivals(_ events: [LiveEvent]) -> [SourceArrival] {
        var arrivals: [SourceArrival] = []
        for event in events {
            switch event {
            case let .started(live):
                guard let path = live.recordingPath else { continue }
                // The app reconnected: its earlier connection's source goes on, read anew.
                if live.continuesRecording, let (id, source) = sources.first(where: { $0.value.live.recordingPath == path }) {
                    do throws(TraceError) {
                        try source.resume(live)
                        sources[id] = nil
                        sources[live.id] = source
                        arrivals.append(.resumed(source))
                    } catch {
                        arrivals.append(.message("\(live.tag): cannot read \(path): \(error)"))
                    }
                    continue
                }
                if !recorded.contains(path) { recorded.append(path) }
                do throws(TraceError) {
                    let source = try LiveSessionSource(live, recording: path)
                    sources[live.id] = source
                    arrivals.append(.started(source))
                } catch {
                    arrivals.append(.message("\(live.tag): cannot read \(path): \(error)"))
                }
            case let .ended(live, end):
                // An ended source is kept: the app may reconnect and continue its file.
                guard let source = sources[live.id] else { continue }
                source.ended(end)
                arrivals.append(.ended(source))
            case let .refused(reason):
                arrivals.append(.message(reason))
            case let .warning(live, message):
                arrivals.append(.message("\(live.tag): \(message)"))
            case .records:
                break
            }
        }
        return arrivals
    }
}

/// Why a live viewer could not start: the line to print and the exit status.
struct ListenFailure: Error {
    var message: String
    var status: Int32 = ExitStatus.failure
}
