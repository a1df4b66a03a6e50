/// Golden screens of the viewer after the keys the tmux tests once pressed in the real binary,
/// at 80x24 unless named otherwise: each rendered, read, and compared with the real binary's
/// pane in tmux where a file can be opened (the rest checked by eye).
extension ViewerGolden {
    /// f ↑ Ctrl-U, `seq:>2` edited to `not seq:>2` and applied on the search sample opened with `outcome:failed`: #2, the last match before #4.
    static let notSeqFilter = """
            seq time      store    action                 reducer changes          fx
             #1 +7.486ms  search   .search(query: "sw")     1.9µs .query .isLoadi… SC
        >    #2 +15.660ms search   .search(query: "swift…     2µs .query           S







        ── #2 search [d diff]  s state   a action  ─────────────────────────────────────
        action SearchAction.search(query: "swift")
          SearchState(
        -   query: "sw"
        +   query: "swift"
            … (2 unchanged)
          )
          +0.015699s effect 2 started "SearchMiddleware" in search by #2 at StoreScopeSa
          +0.023554s effect 2 emitted #3



         search.sstrace │ #2/6 │ filter: not seq:>2 │ paused │ session ended
        """

    /// The users sample at its last action, back at 80x24 after 20x5: the timeline fills its rows again.
    static let usersLast = """
            seq time      store    action                 reducer changes          fx
             #1 +19.639ms users    .fetch                   1.8µs .isLoading       SF
             #2 +20.411ms users    .failed("503 Service …   932ns .isLoading .err…
             #3 +20.480ms users    .fetch                   672ns .isLoading .err… S
             #4 +20.590ms users    .loaded([3 elements])    892ns .users[0] .user… E
             #5 +20.614ms users    .setFilter("a")          1.6µs .filter
             #6 +20.622ms users    .navigate(.detail(…))    390ns .route           SC
             #7 +20.842ms users    .navigate(.detail(…))    901ns .route?/detail.… S
             #8 +20.938ms users    .detailsLoaded(UserDe…   801ns .details         E
        >    #9 +20.956ms users    .navigate(nil)           421ns .route .details
        ── #9 users [d diff]  s state   a action  ──────────────────────────────────────
        action UsersAction.navigate(nil)
          UsersState(
            … (4 unchanged)
        -   route: .detail(
        -     userID: 2
        -   )
        +   route: nil
        -   details: UserDetails(
        -     userID: 2
        -     phone: "+44 20 7946 0120"
        -     postCount: 6
         users.sstrace │ #9/9 │ no filter │ paused │ session ended       ? help  q quit
        """

    /// The search sample played to its end after `m` on #1: the bookmark, #6 selected, paused.
    static let playedToTheEnd = """
            seq time      store    action                 reducer changes          fx
             #0 +0.000ms  search   (initial state)
         *   #1 +7.486ms  search   .search(query: "sw")     1.9µs .query .isLoadi… SC
             #2 +15.660ms search   .search(query: "swift…     2µs .query           S
             #3 +23.557ms search   .setResults(repos: [5…   1.8µs .repos[0] .repo… SE
             #4 +23.643ms search   .search(query: "swift…   842ns .query .isLoadi… SF
             #5 +28.992ms search   .search(query: "nio")    1.5µs .query           S
        >    #6 +34.184ms search   .setResults(repos: [1…   1.8µs .repos[4] .repo… SE


        ── #6 search [d diff]  s state   a action  ─────────────────────────────────────
        action SearchAction.setResults(repos: [Repo(id: 2, name: "apple/swift-nio", sta…
          SearchState(
            query: "nio"
            repos: [
        -     [0] Repo(
        -       id: 1
        -       name: "apple/swift"
        -       stars: 67000
        -     )
        -     [1] Repo(
        -       id: 3
         search.sstrace │ #6/6 │ no filter │ paused │ session ended      ? help  q quit
        played to the last action
        """

    /// `[ s` under the filter `outcome:failed` from #4: the state after #3, which the filter hides.
    static let earlierStateUnderFilter = """
            seq time      store    action                 reducer changes          fx
             #4 +23.643ms search   .search(query: "swift…   842ns .query .isLoadi… SF








        ── #3 search  d diff  [s state]  a action  ─────────────────────────────────────
        action SearchAction.setResults(repos: [Repo(id: 1, name: "apple/swift", stars: …
          ▾ SearchState(
              query: "swift"
            ▾ repos: [
        +     ▾ [0] Repo(
        +         id: 1
        +         name: "apple/swift"
        +         stars: 67000
        +       )
        +     ▾ [1] Repo(
        +         id: 3
         sea… │ #3/6 (hidden by the filter) │ filter: outcome:failed │ paused │ session
        """

    /// The same at 100x30: the columns widen, the status line moves to row 29.
    static let earlierStateUnderFilterWide = """
            seq time      store    action                                 reducer changes              fx
             #4 +23.643ms search   .search(query: "swiftui")                842ns .query .isLoading    SF











        ── #3 search  d diff  [s state]  a action  ─────────────────────────────────────────────────────────
        action SearchAction.setResults(repos: [Repo(id: 1, name: "apple/swift", stars: 67000), Repo(id: 3, …
          ▾ SearchState(
              query: "swift"
            ▾ repos: [
        +     ▾ [0] Repo(
        +         id: 1
        +         name: "apple/swift"
        +         stars: 67000
        +       )
        +     ▾ [1] Repo(
        +         id: 3
        +         name: "pointfreeco/swift-composable-architecture"
        +         stars: 12000
        +       )
         search.sstrace │ #3/6 (hidden by the filter) │ filter: outcome:failed │ paused │ session ended
        """

    /// The effects view of `HostileTrace.extremeTimes`: an effect that ended before it started, one running for `UInt64.max` ns.
    static let extremeEffects = """
           id effect        store    started by       +0.000000s ────── +0.000000s emit
        >   1 backwards     main     #1 .set(n: 1)    │                          ━    0
            2 forever       main     #1 .set(n: 1)    ━━━━━━━━━━━━━━━━━━━━━━━━━━━F    1







        ── effect 1 (1 of 2) p parent  o emitted  enter start  e esc timeline ──────────
        effect   1 "backwards" in main
        started  +0.000000s by #1 .set(n: 1)
        ended    finished at +0.000000s after 0ns
        emitted  no action







         ext… │ #1/18446744073709551615 │ no filter │ paused (10x) │ session ended │ dro
        """

    /// A live session whose last action has seq `UInt64.max`, after its app hung up: the seq whole (the changes column gives way at 80 columns), the end in the detail.
    static let liveMaxSeqEnded = """
                           seq time      store    action                   reducer fx
                            #0 +0.000µs  main     (initial state)
                            #1 +0.010µs  main     .set(n: 1)                   1ns
                            #2 +0.020µs  main     .set(n: 2)                   1ns
        >#18446744073709551615 +0.030µs  main     .set(n: 184467440737095…     1ns SLM





        ── #18446744073709551615 main [d diff]  s state   a action  ────────────────────
        action Action.set(n: 18446744073709551615)
          S(
        -   n: 2
        +   n: 3
            … (1 unchanged)
          )
          +0.000000s effect 18446744073709551615 started "fx" in main by #18446744073709
          +0.000000s effect 18446744073709551615 emitted #18446744073709551615
          +0.000000s mark after #18446744073709551615: last
          +0.000000s session ended

         Hos… │ #18446744073709551615/18446744073709551615 │ no filter │ paused │ sessio
        """

    /// An app that reconnected after #5: one session, the reconnect row between #5 and #9, said on the message line.
    static let reconnected = """
            seq time      store    action                 reducer changes          fx
             #0 +0.00µs   counter  (initial state)
             #1 +1.00µs   counter  .increment                10ns .count
             #2 +2.00µs   counter  .increment                10ns .count           S
             #3 +3.00µs   counter  .increment                10ns .count
             #4 +4.00µs   counter  .increment                10ns .count
             #5 +5.00µs   counter  .increment                10ns .count           D
          ⇄ app reconnected 895µs later: 3 actions lost (#6-#8) while it had no listener
             #9 +909.00µs counter  .increment                10ns .count
        >   #10 +910.00µs counter  .increment                10ns .count
        ── #10 counter [d diff]  s state   a action  ───────────────────────────────────
        action Action.increment
          Counter(
        -   count: 9
        +   count: 10
          )
          +0.000920s session ended





         reconnecting/0001 │ #10/10 │ no filter │ following │ session ended │ dropped 3
        session reconnecting/0001 reconnected: it continues after the reconnect row
        """

    /// Its effects view: the reconnect marked ⇄ on the running effect's bar, whose end may be among the lost records.
    static let reconnectedEffects = """
           id effect        store    started by       +0.000002s ────── +0.000920s emit
        >   1 poll          counter  #2 .increment    ━━━━━━━━━━━━━━━━━━━━━━━━━━⇄?    0








        ── effect 1 (1 of 1) p parent  o emitted  enter start  e esc timeline ──────────
        effect   1 "poll" in counter
        started  +0.000002s by #2 .increment
        ended    no end: records were lost while it ran (its end may be among them; ran
        emitted  no action
        across   the app reconnected at +0.000900s while it ran (⇄ on its bar)






         reconnecting/0001 │ #10/10 │ no filter │ following │ session ended │ dropped 3
        """

    /// `/needle` found at #150000 of 200000: the seq cut to its column, the action with its type in the detail.
    static let needleFound = """
             seq time      store    action                    reducer changes      fx
         #149992 +149.992s main     .step(note: "hay 149992")    10ns -
         #149993 +149.993s main     .step(note: "hay 149993")    10ns -
         #149994 +149.994s main     .step(note: "hay 149994")    10ns -
         #149995 +149.995s main     .step(note: "hay 149995")    10ns -
         #149996 +149.996s main     .step(note: "hay 149996")    10ns -
         #149997 +149.997s main     .step(note: "hay 149997")    10ns -
         #149998 +149.998s main     .step(note: "hay 149998")    10ns -
         #149999 +149.999s main     .step(note: "hay 149999")    10ns -
        >#150000 +150.000s main     .step(note: "a needle in…    10ns -
        ── #150000 main [d diff]  s state   a action  ──────────────────────────────────
        action A.step(note: "a needle in the haystack")
          (the state did not change)









         long.sstrace │ #150000/200000 │ no filter │ paused │ session did not end
        """
}
