import Foundation
import StoreScope
import StoreScopeSamples
import StoreScopeTestSupport
import Testing
import TraceFormat

/// What a generated regression test needs from `ReducerReplay`: every sample's own reducer,
/// ranges, a chosen store, comparison by the recorded tree, and a divergence that names its
/// seq, action and path with a `-`/`+` diff.
@Suite("Replay ranges, stores and recorded-tree comparison")
struct ReplayRangeTests {
    /// The seqs of `store`'s actions in the trace, read with the format's own reader (not the
    /// replay), so counts are checked against an independent reading.
    static func actionSeqs(_ path: String, store: String) throws -> [UInt64] {
        try TraceReader(path: path).allRecords().compactMap { record -> UInt64? in
            guard case let .action(action) = record, action.store == store else { return nil }
            return action.seq
        }
    }

    static func record(_ sample: any SampleApp.Type, in directory: TemporaryDirectory) async throws -> String {
        let trace = directory.path("\(sample.name).sstrace")
        _ = try await Samples.record(sample, to: trace)
        return trace
    }

    @Test("Each of the five samples' recordings replays through the sample's own reducer, every action compared")
    func everySampleReplays() async throws {
        let directory = try TemporaryDirectory()
        let notes = try await Self.record(ElmNotesSample.self, in: directory)
        let todos = try await Self.record(ReduxTodosSample.self, in: directory)
        let users = try await Self.record(UsersContainerSample.self, in: directory)
        let login = try await Self.record(ReduxUILoginSample.self, in: directory)
        let search = try await Self.record(RepoSearchSample.self, in: directory)
        let environment = NotesEnvironment(service: NotesService(network: FakeNetwork()))
        let reports: [(String, String, ReplayReport)] = [
            ("notes", notes, try ReducerReplay { NotesModel.update(model: $0, environment: environment, action: $1).state }.check(tracePath: notes)),
            ("todos", todos, try ReducerReplay(reducer: TodoReducer().reduce(state:mutation:)).check(tracePath: todos)),
            ("users", users, try ReducerReplay(reducer: usersReducer(state:action:)).check(tracePath: users)),
            ("login", login, try ReducerReplay(redactedText: "<redacted>") { (state: inout LoginState, action: LoginAction) in
                LoginReducer().reduce(&state, action: action, performRoute: { _ in })
            }.check(tracePath: login)),
            ("search", search, try ReducerReplay(reducer: SearchReducer().reduce(oldState:with:)).check(tracePath: search)),
        ]
        for (store, path, report) in reports {
            let seqs = try Self.actionSeqs(path, store: store)
            #expect(report.divergence == nil, "\(store): \(report)")
            #expect(report.actionsReplayed == seqs.count && seqs.count >= 5, "\(store): \(report)")
            #expect(report.lastSeq == seqs.last && report.startSeq == 0, "\(store): \(report)")
        }
        let loginReport = reports[3].2
        #expect(loginReport.notes.contains("action #2: .password was redacted in the recording; the reducer got \"<redacted>\""), "\(loginReport)")
        #expect(loginReport.notes.contains("state .password is not compared: redacted in the recording"), "\(loginReport)")
        #expect(loginReport.notes.contains("the state after #0: .session was redacted in the recording; the reducer got nil"), "\(loginReport)")
        #expect(loginReport.description.hasSuffix("\nevery compared state matches the recording"))
    }

    @Test("Without a placeholder, a redacted password in an action stops the replay with the path, instead of a guess")
    func redactedTextNeedsConsent() async throws {
        let directory = try TemporaryDirectory()
        let login = try await Self.record(ReduxUILoginSample.self, in: directory)
        do {
            _ = try ReducerReplay { (state: inout LoginState, action: LoginAction) in
                LoginReducer().reduce(&state, action: action, performRoute: { _ in })
            }.check(tracePath: login)
            Issue.record("a redacted password must not decode without a placeholder")
        } catch {
            #expect(error.description.hasPrefix("the state of #0 does not decode: at .password: the String here was redacted"), "\(error)")
        }
    }

    @Test("A range replays only its actions, from the recorded state before its first one; a bug outside it goes unseen")
    func rangeReplay() async throws {
        let directory = try TemporaryDirectory()
        let todos = try await Self.record(ReduxTodosSample.self, in: directory)
        let replay = { (from: UInt64?, to: UInt64?) throws -> ReplayReport in
            try ReducerReplay(from: from, to: to, reducer: TodoReducer().reduce(state:mutation:)).check(tracePath: todos)
        }
        let middle = try replay(3, 4)
        #expect(middle.startSeq == 2 && middle.lastSeq == 4 && middle.actionsReplayed == 2, "\(middle)")
        #expect(middle.description == "replayed 2 actions of store \"todos\" from the recorded state after #2 through #4: every state matches the recording")

        try InjectedBug.$active.withValue(.todosImportNotCounted) {
            let before = try replay(nil, 3)
            #expect(before.divergence == nil && before.actionsReplayed == 3, "\(before)")
            let last = try replay(5, nil)
            let divergence = try #require(last.divergence, "\(last)")
            #expect(divergence.seq == 5 && divergence.path == ".importedCount" && last.startSeq == 4)
        }
        #expect(throws: ReplayError.self) { try replay(1000, nil) }
        do {
            _ = try replay(1000, 2000)
            Issue.record("an empty range must throw")
        } catch {
            #expect("\(error)" == "store \"todos\" has no replayable action from #1000 to #2000")
        }
    }

    @Test("A divergence names its seq, action, origin and path, and shows the recorded and replayed values as - and + lines")
    func divergenceReport() async throws {
        let directory = try TemporaryDirectory()
        let todos = try await Self.record(ReduxTodosSample.self, in: directory)
        let report = try InjectedBug.$active.withValue(.todosImportNotCounted) {
            try ReducerReplay(reducer: TodoReducer().reduce(state:mutation:)).check(tracePath: todos)
        }
        let divergence = try #require(report.divergence)
        #expect(divergence.seq == 4 && divergence.path == ".importedCount" && report.actionsReplayed == 4)
        let origin = try #require(divergence.effectID).description + (divergence.location.map { "; sent from \($0)" } ?? "")
        #expect(
            divergence.description == """
                after #4 TodoMutation.imported(Todo(id: 100, title: "Tent", isDone: false)) the reducer's state differs from the recording at .importedCount (- recorded, + replayed):
                  .importedCount
                  - 1
                  + 0
                action #4 was emitted by effect \(origin)
                """)
    }

    /// A store state with Foundation scalars and a second store beside it.
    struct Ledger: Sendable, Equatable, Decodable {
        var opened = Date(timeIntervalSince1970: 1_764_633_600.123_456)
        var id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        var balance = Decimal(string: "1234.5678")!
        var entries: [Decimal] = []
        var stamps: [Date] = []
    }

    enum LedgerAction: Sendable, Equatable, Decodable {
        case post(Decimal, at: Date)
    }

    static func ledger(_ state: inout Ledger, _ action: LedgerAction) {
        guard case let .post(amount, date) = action else { return }
        state.balance += amount
        state.entries.append(amount)
        state.stamps.append(date)
    }

    @Test("Dates, UUIDs and Decimals compare as recorded, and the store to replay is chosen among several")
    func foundationValuesAndStores() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("ledger.sstrace")
        let recorder = try Recorder(sink: .file(trace), mainStore: "other", configuration: .init(diagnostics: { _ in }))
        var other = SearchState()
        let others = recorder.store("other", initialState: other, actions: SearchAction.self)
        var state = Ledger()
        let ledger = recorder.store("ledger", initialState: state, actions: LedgerAction.self)
        for (index, amount) in ["0.1", "19.99", "-3.3333"].enumerated() {
            _ = others.record(.search(query: amount), reducing: &other) { $0 = SearchReducer().reduce(oldState: $0, with: $1) }
            let action = LedgerAction.post(Decimal(string: amount)!, at: Date(timeIntervalSince1970: 1_764_700_000.987_654 + Double(index) * 0.1))
            _ = ledger.record(action, reducing: &state, Self.ledger)
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let report = try ReducerReplay(store: "ledger", reducer: Self.ledger).check(tracePath: trace)
        #expect(report.divergence == nil && report.actionsReplayed == 3 && report.notes.isEmpty, "\(report)")
        #expect(report.store == "ledger" && report.lastSeq == 6)
        let wrong = try ReducerReplay(store: "ledger") { (state: inout Ledger, action: LedgerAction) in
            Self.ledger(&state, action)
            state.stamps[state.stamps.count - 1].addTimeInterval(0.001)
        }.check(tracePath: trace)
        let divergence = try #require(wrong.divergence)
        #expect(divergence.seq == 2 && divergence.path == ".stamps[0]", "\(divergence)")
    }

    /// A cache the app keeps in its state (mutable: recorded by identity only), and a label
    /// held by an immutable class (recorded with its fields and an identity number).
    final class Cache: @unchecked Sendable {  // never mutated in this test; the field exists to be recorded by identity
        var hits = 0
    }

    final class Label: Sendable, Decodable {
        let text: String
        init(text: String) { self.text = text }
    }

    struct Shelf: Sendable, Decodable {
        var cache = Cache()
        var label = Label(text: "new")
        var count = 0
        enum CodingKeys: String, CodingKey { case label, count }  // the cache is rebuilt, not decoded
    }

    @Test("A reference to a mutable instance and a class instance's identity number are skipped with a note, not reported as differences")
    func referencesAreNotedNotFailed() throws {
        let directory = try TemporaryDirectory()
        let trace = directory.path("shelf.sstrace")
        let recorder = try Recorder(sink: .file(trace), mainStore: "shelf", configuration: .init(diagnostics: { _ in }))
        var state = Shelf()
        let recording = recorder.store("shelf", initialState: state, actions: Int.self)
        for step in [1, 2] {
            _ = recording.record(step, reducing: &state) { state, step in
                state.count += step
                state.label = Label(text: "step \(step)")
            }
        }
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let reduce = { (state: inout Shelf, step: Int) in
            state.count += step
            state.label = Label(text: "step \(step)")
        }
        let report = try ReducerReplay(reducer: reduce).check(tracePath: trace)
        #expect(report.divergence == nil && report.actionsReplayed == 2, "\(report)")
        #expect(report.notes == ["state .cache is not compared: a class instance recorded by its identity alone"], "\(report)")

        let wrong = try ReducerReplay { (state: inout Shelf, step: Int) in
            reduce(&state, step)
            state.label = Label(text: "oops")
        }.check(tracePath: trace)
        #expect(wrong.divergence?.path == ".label.text", "\(wrong)")
    }

    @Test("Actions given by seq are sent instead of the recorded ones, as a generated test's literals are")
    func givenActionsAreSent() async throws {
        let directory = try TemporaryDirectory()
        let search = try await Self.record(RepoSearchSample.self, in: directory)
        let same = try ReducerReplay(actions: [1: .search(query: "sw")], reducer: SearchReducer().reduce(oldState:with:)).check(tracePath: search)
        #expect(same.divergence == nil, "\(same)")
        let other = try ReducerReplay(actions: [2: .search(query: "rust")], reducer: SearchReducer().reduce(oldState:with:)).check(tracePath: search)
        #expect(other.divergence?.seq == 2 && other.divergence?.path == ".query", "\(other)")
    }
}
