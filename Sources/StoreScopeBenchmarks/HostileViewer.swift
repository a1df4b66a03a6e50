import Foundation
import StoreScopeCLI
import TraceAnalysis

/// Issue 17, item 12: the interactive viewer's keys on the hostile traces (``HostileTraces``: the
/// four of large states, the one of 1,000,000-character strings, then the 300,000 one-action
/// chunks),
/// at 80x24, through the real reducer, render and grid diff (``ViewerScreen``), with the
/// viewer loop's own check whether the screen changed. A key's time is until its screen is
/// drawn; the detail of a large state (read off the loop's thread by the `BackgroundReader`, the
/// loop looking for it every 5 ms as the real one does) or the rest of a tree search (read on
/// the ticks), and the timeline's large chunks (read off the thread too), are timed apart, with the longest step of the loop meanwhile: what a key pressed
/// then waits for before its own cost. The opening is timed too: the session, the first
/// screen, and the rows and detail read off the thread after it. Each repetition opens the trace afresh
/// and presses the same keys in order from the first action; the table gives per key the
/// median and the worst over the repetitions.
///
/// Run: `swift run -c release StoreScopeBenchmarks hostile-viewer` (the traces are cached in
/// the temp directory, as for `hostile`; `HOSTILE_VIEWER_REPETITIONS` sets the repetitions, 5
/// by default, `HOSTILE_VIEWER_TRACE` one trace, e.g. `bigdict`: for a profiler, and
/// `HOSTILE_VIEWER_TICKS=1` lists every tick's time).
enum HostileViewer {
    static let keys: [(name: String, action: ViewerAction)] = [
        ("j (timeline: next action, its diff)", .key(.character("j"))),
        ("j", .key(.character("j"))),
        ("s (state tree)", .key(.character("s"))),
        ("j (timeline, tree shown)", .key(.character("j"))),
        ("k", .key(.character("k"))),
        ("Tab (focus the tree)", .key(.tab)),
        ("j (cursor in the tree)", .key(.character("j"))),
        ("PgDn (in the tree)", .key(.pageDown)),
        ("G (in the tree)", .key(.character("G"))),
        ("h (fold)", .key(.character("h"))),
        ("/ (search the tree)", .key(.character("/"))),
        ("q (typed at the prompt)", .key(.character("q"))),
        ("enter (a text no line has: the first part)", .key(.enter)),
        ("Tab (focus the timeline)", .key(.tab)),
        ("PgDn (timeline: the next screen)", .key(.pageDown)),
        ("PgDn (again)", .key(.pageDown)),
        ("PgDn (a third time)", .key(.pageDown)),
        ("/ (search the timeline)", .key(.character("/"))),
        ("z (typed at the prompt)", .key(.character("z"))),
        ("enter (no action has it: the first part)", .key(.enter)),
        ("G (timeline: last action)", .key(.character("G"))),
        ("k (from the last action)", .key(.character("k"))),
        ("resize to 80x40 (the window fills above)", .resize(columns: 80, rows: 40)),
        ("resize back to 80x24", .resize(columns: 80, rows: 24)),
        ("g (timeline: first action)", .key(.character("g"))),
        ("k (onto #0, the initial state)", .key(.character("k"))),
        ("j (back to the first action)", .key(.character("j"))),
        ("space (play to the end at the recorded pace)", .key(.character(" "))),
        ("a (the action as a tree)", .key(.character("a"))),
        ("d (the diff again, with the effects' events)", .key(.character("d"))),
        ("e (the effects view)", .key(.character("e"))),
        ("j (the next effect)", .key(.character("j"))),
        ("e (back to the timeline)", .key(.character("e"))),
    ]

    static func run() {
        // As the viewer does; `HOSTILE_VIEWER_MALLOC=default` or `=thresholds` to measure what
        // that costs (``ViewerAllocator``).
        ViewerAllocator.set(from: "HOSTILE_VIEWER_MALLOC")
        let repetitions = Int(ProcessInfo.processInfo.environment["HOSTILE_VIEWER_REPETITIONS"] ?? "") ?? 5
        let only = ProcessInfo.processInfo.environment["HOSTILE_VIEWER_TRACE"]
        let listTicks = ProcessInfo.processInfo.environment["HOSTILE_VIEWER_TICKS"] != nil
        let (directory, paths) = HostileTraces.cached()
        print("## Viewer keys on hostile traces, 80x24 (\(directory))\n")
        print("Load average before: \(ViewerBenchmarks.loadAverage()).\n")
        for path in [paths[1], paths[3], paths[4], paths[5], paths[6], paths[0]] where only.map({ path.hasSuffix("/\($0).sstrace") }) ?? true {
            var answers = Array(repeating: Timings(), count: keys.count), details = Array(repeating: Timings(), count: keys.count)
            // The first repetition's copies go into memory the process never touched (the
            // kernel zero-fills each page): its longest ticks are shown apart.
            var longestTick = Array(repeating: 0.0, count: keys.count), longestWarmTick = longestTick
            var opening = Timings(), firstScreen = Timings(), firstRows = Timings()
            var longestOpeningTick = 0.0
            for repetition in 0..<repetitions {
                var source: FileTraceSource!
                opening.time { source = try! FileTraceSource(path: path) }
                var opened: ViewerScreen!
                firstScreen.time { opened = ViewerScreen(source: source, columns: 80, rows: 24) }
                let screen: ViewerScreen = opened
                /// The loop's steps until the rows' large chunks, the detail of a large state
                /// (read off the thread), the rest of a tree search (on the ticks) are in, and
                /// playing has reached the end (the clock passed on every step, as the loop does).
                func settle(_ name: String) -> Double {
                    var longest = 0.0
                    while screen.isReadingRows || screen.isLoadingDetail || screen.isSearching || screen.isPlaying {
                        if screen.state.waitsForBackgroundReader {
                            Thread.sleep(forTimeInterval: Double(ViewerApp.detailWait) / 1_000)
                        } else if screen.isPlaying {
                            Thread.sleep(forTimeInterval: 0.001)
                        }
                        var tick = Timings()
                        tick.time {
                            // What arrived together is one turn of the loop, as in ViewerApp.
                            var turn: [ViewerAction] = [.tick] + screen.runner.takeAnswers()
                            if screen.isPlaying { turn.append(.clock(nanos: DispatchTime.now().uptimeNanoseconds)) }
                            screen.send(turn)
                        }
                        longest = max(longest, tick.cpu[0])
                        if listTicks { print("repetition \(repetition + 1), \(name): tick of \(Report.nanos(tick.cpu[0])) CPU, \(Report.nanos(tick.wall[0])) wall") }
                    }
                    return longest
                }
                firstRows.time { longestOpeningTick = max(longestOpeningTick, settle("opening")) }
                for (index, key) in keys.enumerated() {
                    answers[index].time { screen.send(key.action) }
                    var longest = 0.0
                    details[index].time { longest = settle(key.name) }
                    longestTick[index] = max(longestTick[index], longest)
                    if repetition > 0 { longestWarmTick[index] = max(longestWarmTick[index], longest) }
                }
            }
            print("`\((path as NSString).lastPathComponent)`:\n")
            func cells(_ timings: Timings) -> String { timings.cells(goalMilliseconds: 50).prefix(5).joined(separator: " / ") }
            print("Opening the trace (the session: index, bounds): \(cells(opening)); the first screen: \(cells(firstScreen)); then its rows and detail, off the thread: \(cells(firstRows)), the loop's longest step meanwhile \(Report.nanos(longestOpeningTick)) (samples / wall median / wall worst / CPU median / CPU worst).\n")
            Report.table(
                ["key", "samples", "wall median", "wall worst", "CPU median", "CPU worst", "goal", "met", "then the detail (wall median)", "the loop's longest step meanwhile (CPU)", "after the first repetition"],
                keys.indices.map {
                    [keys[$0].name] + answers[$0].cells(goalMilliseconds: 50)
                        + [Report.nanos(Samples(details[$0].wall).median), Report.nanos(longestTick[$0]), Report.nanos(longestWarmTick[$0])]
                })
        }
        print("Load average after: \(ViewerBenchmarks.loadAverage()).\n")
    }
}
