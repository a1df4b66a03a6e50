import StoreScopeCLI

/// One thing a user does in the viewer, timed at several places of the trace: an untimed
/// setup brings the screen there, then each of `keys` is one sample.
struct ViewerScenario {
    var name: String
    /// Scans much of the trace per key: fewer repetitions.
    var slow = false
    var setup: (ViewerScreen, UInt64) -> Void
    var keys: [ViewerAction]

    /// Opens the trace once and runs the scenario at `repetitions` places; returns the table row.
    func measure(path: String, repetitions: Int) -> [String] {
        let screen = ViewerScreen(source: try! FileTraceSource(path: path), columns: ViewerBenchmarks.columns, rows: ViewerBenchmarks.rows)
        var timings = Timings()
        for repetition in 0..<repetitions {
            setup(screen, ViewerScenario.place(repetition, of: repetitions))
            // A search reading far is read by the reader a part at a time after its key (a
            // tree search, a part per tick): what the loop does with each batch of answers is
            // what a key waits at most meanwhile, so each is a sample.
            for key in keys {
                timings.time { screen.send(key) }
                while screen.isSearching {
                    _ = screen.runner.reader.awaitFinished(until: .now + .milliseconds(Int(ViewerApp.detailWait)))
                    timings.time { screen.send([.tick] + screen.runner.takeAnswers()) }
                }
            }
        }
        return [name] + timings.cells(goalMilliseconds: 50)
    }

    /// Places spread over the trace, off the keyframes.
    static func place(_ index: Int, of count: Int) -> UInt64 {
        UInt64((2 * index + 1) * ViewerBenchmarks.actions / (2 * count) + 4_321)
    }
}

extension ViewerBenchmarks {
    /// 1 action in about 400.
    static let selectiveFilter = "action:insertFront and reducer:>30us"
    static let noMatchFilter = "store:nothing"

    static var scenarios: [ViewerScenario] {
        func at(_ screen: ViewerScreen, _ seq: UInt64) { screen.jump(to: seq) }
        func filtered(_ filter: String) -> (ViewerScreen, UInt64) -> Void {
            { screen, seq in
                screen.prompt("f", "")
                screen.press(.enter)
                screen.jump(to: seq)
                screen.prompt("f", filter)
                screen.press(.enter)
            }
        }
        func key(_ character: Character) -> ViewerAction { .key(.character(character)) }
        func unfiltered(_ seq: UInt64, _ screen: ViewerScreen) {
            screen.prompt("f", "")
            screen.press(.enter)
            screen.jump(to: seq)
        }
        var all: [ViewerScenario] = [
            .init(name: "j", setup: at, keys: Array(repeating: key("j"), count: 5)),
            .init(name: "k", setup: at, keys: Array(repeating: key("k"), count: 5)),
            .init(name: "PgDn", setup: at, keys: Array(repeating: .key(.pageDown), count: 3)),
            .init(name: "PgUp", setup: at, keys: Array(repeating: .key(.pageUp), count: 3)),
            .init(name: "g (from anywhere)", setup: at, keys: [key("g")]),
            .init(name: "G (from anywhere)", setup: at, keys: [key("G")]),
            .init(name: "] next state", setup: at, keys: Array(repeating: key("]"), count: 5)),
            .init(name: "[ previous state", setup: at, keys: Array(repeating: key("["), count: 5)),
            .init(name: ": 500000 ⏎", setup: { screen, seq in at(screen, seq); screen.prompt(":", "500000") }, keys: [.key(.enter)]),
            .init(name: ": end ⏎", setup: { screen, seq in at(screen, seq); screen.prompt(":", "end") }, keys: [.key(.enter)]),
            .init(name: "s state tree (late seq), then d", setup: { screen, seq in at(screen, 990_000 + seq / 1_000) }, keys: [key("s"), key("d")]),
            .init(name: "[ with the state tree shown", setup: { screen, seq in at(screen, 990_000 + seq / 1_000); screen.press(.character("s")) }, keys: Array(repeating: key("["), count: 3)),
            .init(name: "resize 200x60, 80x24, 120x40", setup: { screen, seq in screen.press(.character("d")); at(screen, seq) }, keys: [
                .resize(columns: 200, rows: 60), .resize(columns: 80, rows: 24), .resize(columns: columns, rows: rows),
            ]),
        ]
        for (label, filter, slow) in [("selective filter", selectiveFilter, false), ("no-match filter", noMatchFilter, true)] {
            all.append(.init(name: "f \(filter) ⏎", slow: slow, setup: { screen, seq in unfiltered(seq, screen); screen.prompt("f", filter) }, keys: [.key(.enter)]))
            for (name, keys) in [("j", [key("j"), key("j")]), ("k", [key("k"), key("k")]), ("PgDn", [.key(.pageDown)]), ("G", [key("G")]), ("g", [key("g")])] as [(String, [ViewerAction])] {
                all.append(.init(name: "\(name) under the \(label)", slow: slow, setup: filtered(filter), keys: keys))
            }
        }
        all += [
            .init(name: "/ \"Renamed 900000\" ⏎ (match ~900k actions on)", slow: true,
                  setup: { screen, seq in unfiltered(1_000 + seq / 1_000, screen); screen.prompt("/", "\"Renamed 900000\"") }, keys: [.key(.enter)]),
            .init(name: "n after it (no later match, 100k actions to the end)", slow: true,
                  setup: { screen, seq in unfiltered(1_000 + seq / 1_000, screen); screen.prompt("/", "\"Renamed 900000\""); screen.press(.enter) }, keys: [key("n")]),
            .init(name: "/ \"no such text\" ⏎ (no match at all)", slow: true,
                  setup: { screen, seq in unfiltered(seq, screen); screen.prompt("/", "\"no such text\"") }, keys: [.key(.enter)]),
            .init(name: "n and N with no match at all", slow: true,
                  setup: { screen, seq in unfiltered(seq, screen); screen.prompt("/", "\"no such text\""); screen.press(.enter) }, keys: [key("n"), key("N")]),
        ]
        return all
    }
}
