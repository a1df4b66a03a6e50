@testable import StoreScopeCLI

/// A reader that reads only the timeline's screens by itself (with a real
/// ``BackgroundReader``): it keeps what the reducer asked (``ViewerEffect/read(_:)``), and
/// hands back the other reads' answers when the test answers. A test then decides the order
/// of reads and keys that threads would leave to chance.
final class ScriptedReader: ViewerReading {
    /// Every request, oldest first.
    private(set) var asked: [BackgroundReader.Request] = []
    private var answers: [BackgroundReader.Read] = []
    /// Reads the screens.
    private let screens = BackgroundReader()

    func read(_ request: BackgroundReader.Request) {
        asked.append(request)
        if case .screen = request { screens.read(request) }
    }

    func takeFinished() -> [BackgroundReader.Read] {
        defer { answers = [] }
        return screens.takeFinished() + answers
    }

    /// Only screens finish by themselves: other answers wait for the test's
    /// ``ViewerHarness/takeAnswers()``.
    func awaitFinished(until deadline: ContinuousClock.Instant?) -> Bool {
        screens.awaitFinished(until: deadline)
    }

    /// Hands `read` to the loop's next look (``ViewerHarness/takeAnswers()``).
    func answer(_ read: BackgroundReader.Read) {
        answers.append(read)
    }

    /// The detail requests, oldest first.
    var details: [BackgroundReader.DetailRequest] {
        asked.compactMap { if case let .detail(request) = $0 { request } else { nil } }
    }
}
