import Foundation
import TraceAnalysis

/// Sends the viewer's control requests to its own listener, one at a time on a thread of its
/// own (a jump waits for the app's outcome; the keys and the screen must not), and keeps the
/// replies for the loop, as message lines.
final class ControlLink: Sendable {
    let socket: String
    private let replies = LockedValue<[String]>([])
    private let queue = DispatchQueue(label: "storescope control")

    init(socket: String) {
        self.socket = socket
    }

    /// Sends `request`; its reply comes back through ``takeReplies()``.
    func send(_ request: ControlRequest) {
        queue.async { [self] in
            let line: String
            do throws(ListenError) {
                line = ControlReplyText.line(try ControlClient.send(request, to: socket))
            } catch {
                line = "\(request.command): \(error.description)"
            }
            replies.withLock { $0.append(line) }
        }
    }

    /// The replies since the last call, as message lines.
    func takeReplies() -> [String] {
        replies.withLock { replies in
            defer { replies = [] }
            return replies
        }
    }
}
