import Foundation
import StoreScope
import TraceFormat

/// The stages of a jump on the app's side for a users state, timed one by one: the command's
/// body decoded (inflate, value tree) and the tree decoded into the app's `State`.
enum ControlStages {
    static func run() {
        for users in [1_000, 10_000] {
            let state = UsersFixture.State(users: (0..<users).map(UsersFixture.makeUser))
            let tree = captureValue(state)
            let command = ControlCommand(id: 1, store: "users", issuer: .init(pid: 1, uid: 1), request: .jump(sourceSeq: 1, state: tree))
            var body: [UInt8] = []
            let encode = ControlBenchmark.median { body = try! command.encoded() }
            let decode = ControlBenchmark.median { _ = try! ControlCommand.decode(body, maximumValueBytes: 1 << 30) }
            let typed = ControlBenchmark.median { _ = try! TraceValueDecoder().decode(UsersFixture.State.self, from: tree) }
            print("control stages, \(users) users: body \(body.count) bytes; encode \(encode) ms, decode body \(decode) ms, decode State \(typed) ms")
        }
    }
}

extension ControlBenchmark {
    static func median(_ body: () -> Void) -> String {
        var samples: [UInt64] = []
        for _ in 0..<7 {
            let start = monotonicNanos()
            body()
            samples.append(monotonicNanos() - start)
        }
        return Report.fixed(Double(samples.sorted()[3]) / 1e6, 1)
    }
}
