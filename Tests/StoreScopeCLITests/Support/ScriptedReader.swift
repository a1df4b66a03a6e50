@testable import StoreScopeCLI

/// A reader that reads nothing by itself: it keeps what the reducer asked
/// (``ViewerEffect/read(_:)``), and hands back what the test answers, when it answers. A test
/// then decides the order of reads and keys that threads would leave to chance.
final class ScriptedReader: ViewerReading {
    /// Every request, oldest first.
    private(set) var asked: [BackgroundReader.Request] = []
    private var answers: [BackgroundReader.Read] = []

    func read(_ request: BackgroundReader.Request) {
        asked.append(request)
    }

    func takeFinished() -> [BackgroundReader.Read] {
        defer { answers = [] }
        return answers
    }

    /// Nothing finishes by itself: answers wait for the test's ``ViewerHarness/takeAnswers()``.
    func awaitFinished(until deadline: ContinuousClock.Instant?) -> Bool {
        false
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
