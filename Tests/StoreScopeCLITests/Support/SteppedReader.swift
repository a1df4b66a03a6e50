import TraceAnalysis

@testable import StoreScopeCLI

/// A reader that reads everything with a real ``BackgroundReader`` but what it reads in parts:
/// it keeps the timeline's search and the effects asked, and reads one part of them (on a
/// session of its own) when the test says (``readSearchPart()``, ``readEffectsPart()``). A test
/// then counts parts and presses keys between them, where threads would leave the order to
/// chance.
final class SteppedReader: ViewerReading {
    /// The search asked and not ended or stopped, from where its next part starts.
    private(set) var search: SearchRequest?
    /// The effects asked and not read yet.
    private(set) var effects: BackgroundReader.EffectsRequest?
    /// How many parts were read.
    private(set) var partsRead = 0
    private var answers: [BackgroundReader.Read] = []
    private var session: TraceSession?
    private let others = BackgroundReader()

    func read(_ request: BackgroundReader.Request) {
        switch request {
        case let .search(search): self.search = search
        case .stopSearch: search = nil
        case let .effects(effects): self.effects = effects
        default: others.read(request)
        }
    }

    func takeFinished() -> [BackgroundReader.Read] {
        defer { answers = [] }
        return others.takeFinished() + answers
    }

    /// Only the other reads finish by themselves: the parts wait for the test.
    func awaitFinished(until deadline: ContinuousClock.Instant?) -> Bool {
        others.awaitFinished(until: deadline)
    }

    /// Reads the next part of the search asked, for the loop's next look
    /// (``ViewerHarness/takeAnswers()``); returns whether there was one to read.
    @discardableResult
    func readSearchPart() throws -> Bool {
        guard let request = search else { return false }
        let answer = SearchReader(session: try session(request.trace)).part(request)
        partsRead += 1
        answers.append(.search(answer))
        search = request.next(after: answer)
        return true
    }

    /// Reads the effects of the next `chunks` chunks asked for, for the loop's next look;
    /// returns whether effects were asked for.
    @discardableResult
    func readEffectsPart(chunks: Int = 1) throws -> Bool {
        guard let request = effects else { return false }
        let session = try session(request.trace)
        try session.refresh()
        var spans = request.spans
        spans.chunksKnown = session.reader.chunks.count
        spans.chunksRead = spans.collected.add(chunksOf: session, from: spans.chunksRead, limit: chunks)
        effects = nil
        answers.append(.effects(.init(request: request, spans: spans)))
        return true
    }

    private func session(_ trace: BackgroundReader.Trace) throws -> TraceSession {
        if let session { return session }
        let opened = try TraceSession.forViewer(path: trace.path)
        session = opened
        return opened
    }
}
