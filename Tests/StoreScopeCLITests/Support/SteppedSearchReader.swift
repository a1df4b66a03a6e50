import TraceAnalysis

@testable import StoreScopeCLI

/// A reader that reads everything with a real ``BackgroundReader`` but the timeline's
/// searches: it keeps the search asked, and reads one part of it (``SearchReader``, on a
/// session of its own) when the test says (``readSearchPart()``). A test then counts parts and
/// presses keys between them, where threads would leave the order to chance.
final class SteppedSearchReader: ViewerReading {
    /// The search asked and not ended or stopped, from where its next part starts.
    private(set) var search: SearchRequest?
    /// How many parts were read.
    private(set) var partsRead = 0
    private var answers: [BackgroundReader.Read] = []
    private var session: TraceSession?
    private let others = BackgroundReader()

    func read(_ request: BackgroundReader.Request) {
        switch request {
        case let .search(search): self.search = search
        case .stopSearch: search = nil
        default: others.read(request)
        }
    }

    func takeFinished() -> [BackgroundReader.Read] {
        defer { answers = [] }
        return others.takeFinished() + answers
    }

    /// Only the other reads finish by themselves: a search's parts wait for the test.
    func awaitFinished(until deadline: ContinuousClock.Instant?) -> Bool {
        others.awaitFinished(until: deadline)
    }

    /// Reads the next part of the search asked, for the loop's next look
    /// (``ViewerHarness/takeAnswers()``); returns whether there was one to read.
    @discardableResult
    func readSearchPart() throws -> Bool {
        guard let request = search else { return false }
        if session == nil { session = try TraceSession.forViewer(path: request.trace.path) }
        let answer = SearchReader(session: session!).part(request)
        partsRead += 1
        answers.append(.search(answer))
        search = request.next(after: answer)
        return true
    }
}
