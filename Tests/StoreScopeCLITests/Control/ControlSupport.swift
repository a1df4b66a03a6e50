import Foundation
import StoreScopeTestSupport
import Testing
import TraceAnalysis
import TraceFormat

/// What the control tests share: `storescope control` against a real listener, and the
/// outcome records of a recorded session.
enum Control {
    /// Runs `storescope control ARGS --socket SOCKET`.
    static func run(_ arguments: [String], socket: String) throws -> ChildProcess.Outcome {
        try ChildProcess.storescope(["control"] + arguments + ["--socket", socket])
    }

    /// The control outcome records of a trace, in order.
    static func outcomes(in records: [Record]) -> [ControlOutcome] {
        records.compactMap { record in
            guard case let .log(log) = record else { return nil }
            return ControlOutcome(message: log.message)
        }
    }

    /// `total=T` of the app's `state` line.
    static func appTotal(_ app: RunningProcess) throws -> Int {
        let asked = app.stdout.split(separator: "\n").filter { $0.hasPrefix("state total=") }.count
        app.send("state")
        let output = try app.waitForOutput("state line \(asked + 1)") { output in
            output.split(separator: "\n").filter { $0.hasPrefix("state total=") }.count > asked
        }
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("state total=") })
        return try #require(Int(line.dropFirst("state total=".count).prefix { $0.isNumber || $0 == "-" }))
    }

    /// Waits until the app printed `line` `count` times.
    static func waitForLines(_ app: RunningProcess, _ line: String, count: Int) throws {
        try app.waitForOutput("\(count) × \(line)") { output in
            output.split(separator: "\n").filter { $0 == line }.count >= count
        }
    }

    /// Waits until the listener said `count` sessions ended, so the next app is the only one.
    static func waitForSessionsToEnd(_ listener: RunningProcess, count: Int) throws {
        try listener.waitForOutput("\(count) sessions ended") { output in
            output.components(separatedBy: "app closed the session").count - 1 >= count
        }
    }

    /// The `total` field of a recorded `AppState`.
    static func total(of state: TraceValue) -> Int? {
        guard case let .structure(_, fields) = state, case let .int(total)? = fields.first(where: { $0.name == "total" })?.value else { return nil }
        return Int(total)
    }
}

/// What most control tests start from: the real `storescope listen` recording into a temporary
/// directory, and a real app (`live-app-fixture --control held`) streaming to it.
struct ControlledSession {
    let directory: TemporaryDirectory
    let socket: String
    let recordings: String
    let listener: RunningProcess
    let app: RunningProcess

    /// - Parameter extra: more of the app's options (`--store NAME`, `--flush-ms N`).
    init(app name: String, _ extra: [String] = []) throws {
        directory = try TemporaryDirectory()
        socket = directory.path("run/scope.sock")
        recordings = directory.path("sessions")
        listener = try Live.listen(socket, record: recordings)
        app = try Live.app(name, socket: socket, ["--control", "held"] + extra)
    }
}
