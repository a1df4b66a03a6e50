/// Golden screens of the viewer (`swift test --filter ViewerScreenTests` shows the actual
/// screen when one differs). Generated from the render function, then read and checked by hand.
enum ViewerGolden {
    static let timelineAndDiff = """
            seq time      store    action                 reducer changes          fx
             #0 +0.000ms  search   (initial state)
             #1 +7.486ms  search   .search(query: "sw")     1.9µs .query .isLoadi… SC
             #2 +15.660ms search   .search(query: "swift…     2µs .query           S
             #3 +23.557ms search   .setResults(repos: [5…   1.8µs .repos[0] .repo… SE
        >    #4 +23.643ms search   .search(query: "swift…   842ns .query .isLoadi… SF
             #5 +28.992ms search   .search(query: "nio")    1.5µs .query           S
             #6 +34.184ms search   .setResults(repos: [1…   1.8µs .repos[4] .repo… SE


        ── #4 search [d diff]  s state   a action  ─────────────────────────────────────
        action SearchAction.search(query: "swiftui")
          SearchState(
        -   query: "swift"
        +   query: "swiftui"
            … (1 unchanged)
        -   isLoading: false
        +   isLoading: true
          )
          +0.023667s effect 4 started "SearchMiddleware" in search by #4 at StoreScopeSa
          +0.028952s effect 4 failed: 403 rate limit exceeded

         search.sstrace │ #4/6 │ no filter │ paused │ session ended      ? help  q quit
        """

    static let stateTree = """
            seq time      store    action                 reducer changes          fx
             #0 +0.000ms  search   (initial state)
             #1 +7.486ms  search   .search(query: "sw")     1.9µs .query .isLoadi… SC
             #2 +15.660ms search   .search(query: "swift…     2µs .query           S
        >    #3 +23.557ms search   .setResults(repos: [5…   1.8µs .repos[0] .repo… SE
             #4 +23.643ms search   .search(query: "swift…   842ns .query .isLoadi… SF
             #5 +28.992ms search   .search(query: "nio")    1.5µs .query           S
             #6 +34.184ms search   .setResults(repos: [1…   1.8µs .repos[4] .repo… SE


        ── #3 search  d diff  [s state]  a action  ─────────────────────────────────────
        action SearchAction.setResults(repos: [Repo(id: 1, name: "apple/swift", stars: …
          ▾ SearchState(
              query: "swift"
            ▾ repos: [
        +     ▸ [0] Repo(… 3)
        +     ▾ [1] Repo(
        +         id: 3
        +         name: "pointfreeco/swift-composable-architecture"
        +         stars: 12000
        +       )
        +     ▾ [2] Repo(
         search.sstrace │ #3/6 │ no filter │ paused │ session ended      ? help  q quit
        """

    static let help = """
         StoreScope viewer keys (j k PgDn PgUp g G scroll; any other key closes)

           j k  ↓ ↑        next / previous action in the timeline (the filter applies)
           PgDn PgUp  b    a page down / up
           g G  Home End   first / last action
           ] [  → ←        next / previous state: every action, whatever the filter
           } {             next / previous change of the path under the cursor
           space  + -      play / pause through the states; faster / slower (1x..max)
           *               play at a fixed rate per action (1/s..25/s), or recorded pace
           m  ' "          bookmark the action (this run only); next / previous bookmark
           ) (             next / previous mark the app placed (Recorder.mark)
           :               jump to an action: 42, start, end, or a time such as 1.5s
           /  n  N         search (filter language; in a tree: text); next / previous
           f               filter the timeline: action:search* and not store:ui
           F               follow a growing trace (the last action stays selected)
           d  s  a         detail pane: state diff / full state tree / the action's tree
           tab             move the keys between timeline and detail pane
           h l enter       fold / unfold / toggle the node under the cursor (s, a trees)
           H L             collapse / expand every node of the tree (s, a)
           y               copy the path under the cursor (message line, clipboard)
           e  p  o         effects view (enter: start); parent / next emitted action
         lines 1-21 of 35 (more: j PgDn G; any other key closes)
         search.sstrace │ #1/6 │ no filter │ paused │ session ended      ? help  q quit
        """

    static let helpEnd = """
           F               follow a growing trace (the last action stays selected)
           d  s  a         detail pane: state diff / full state tree / the action's tree
           tab             move the keys between timeline and detail pane
           h l enter       fold / unfold / toggle the node under the cursor (s, a trees)
           H L             collapse / expand every node of the tree (s, a)
           y               copy the path under the cursor (message line, clipboard)
           e  p  o         effects view (enter: start); parent / next emitted action
           in effects      f filter the list, / n N search it, F follow the newest
                           │ the selected action's time, ⇄ the app reconnected
           esc             close a prompt; back to the timeline
           in a prompt     ← → Home End ^A ^E move, ^W ^U ^K cut, ↑ ↓ earlier entries
           < >  S          live sessions: previous / next session; list them to pick one
           J  R  D         live app: jump it to this state; re-send it; type an action
           X  x            live app: replay from here (X again: stop); x: one at a time
           P  K            live app: pause / resume recording; lock / unlock its actions
           ?  q  Ctrl-C    this help; quit (Ctrl-Z suspends; fg in the shell resumes)

         In this help: j k ↓ ↑ a line, PgDn PgUp space b a page, g G Home End the ends

         fx marks: S started an effect  E emitted by one  D actions dropped  M app mark
           and of the effects the action started: F failed  C cancelled  L leaked
         lines 15-35 of 35 (END: k PgUp g scroll back; any other key closes)
         search.sstrace │ #1/6 │ no filter │ paused │ session ended      ? help  q quit
        """

    static let wideHelp = """
         StoreScope viewer keys (j k PgDn PgUp g G scroll; any other key closes)

           j k  ↓ ↑        next / previous action in the timeline (the filter applies)
           PgDn PgUp  b    a page down / up
           g G  Home End   first / last action
           ] [  → ←        next / previous state: every action, whatever the filter
           } {             next / previous change of the path under the cursor
           space  + -      play / pause through the states; faster / slower (1x..max)
           *               play at a fixed rate per action (1/s..25/s), or recorded pace
           m  ' "          bookmark the action (this run only); next / previous bookmark
           ) (             next / previous mark the app placed (Recorder.mark)
           :               jump to an action: 42, start, end, or a time such as 1.5s
           /  n  N         search (filter language; in a tree: text); next / previous
           f               filter the timeline: action:search* and not store:ui
           F               follow a growing trace (the last action stays selected)
           d  s  a         detail pane: state diff / full state tree / the action's tree
           tab             move the keys between timeline and detail pane
           h l enter       fold / unfold / toggle the node under the cursor (s, a trees)
           H L             collapse / expand every node of the tree (s, a)
           y               copy the path under the cursor (message line, clipboard)
           e  p  o         effects view (enter: start); parent / next emitted action
           in effects      f filter the list, / n N search it, F follow the newest
                           │ the selected action's time, ⇄ the app reconnected
           esc             close a prompt; back to the timeline
           in a prompt     ← → Home End ^A ^E move, ^W ^U ^K cut, ↑ ↓ earlier entries
           < >  S          live sessions: previous / next session; list them to pick one
           J  R  D         live app: jump it to this state; re-send it; type an action
           X  x            live app: replay from here (X again: stop); x: one at a time
           P  K            live app: pause / resume recording; lock / unlock its actions
           ?  q  Ctrl-C    this help; quit (Ctrl-Z suspends; fg in the shell resumes)

         In this help: j k ↓ ↑ a line, PgDn PgUp space b a page, g G Home End the ends

         fx marks: S started an effect  E emitted by one  D actions dropped  M app mark
           and of the effects the action started: F failed  C cancelled  L leaked



         users.sstrace │ #1/9 │ no filter │ paused │ session ended                                               ? help  q quit
        """

    static let filterError = """
            seq time      store    action                 reducer changes          fx
             #0 +0.000ms  search   (initial state)
        >    #1 +7.486ms  search   .search(query: "sw")     1.9µs .query .isLoadi… SC
             #2 +15.660ms search   .search(query: "swift…     2µs .query           S
             #3 +23.557ms search   .setResults(repos: [5…   1.8µs .repos[0] .repo… SE
             #4 +23.643ms search   .search(query: "swift…   842ns .query .isLoadi… SF
             #5 +28.992ms search   .search(query: "nio")    1.5µs .query           S
             #6 +34.184ms search   .setResults(repos: [1…   1.8µs .repos[4] .repo… SE


        ── #1 search [d diff]  s state   a action  ─────────────────────────────────────
        action SearchAction.search(query: "sw")
          SearchState(
        -   query: ""
        +   query: "sw"
            repos: []
        -   isLoading: false
        +   isLoading: true
          )
          +0.007661s effect 1 started "SearchMiddleware" in search by #1 at StoreScopeSa
          +0.015531s effect 1 cancelled
                                                  ^ expected a condition after 'or'
         search.sstrace │ #1/6 │ no filter │ paused │ session ended      ? help  q quit
        filter: action:search and (reducer:>1ms or
        """

    static let wideDiff = """
            seq time      store    action                                 reducer changes                                  fx
             #0 +0.000ms  users    (initial state)
             #1 +19.639ms users    .fetch                                   1.8µs .isLoading                               SF
             #2 +20.411ms users    .failed("503 Service Unavailable")       932ns .isLoading .errorMessage
             #3 +20.480ms users    .fetch                                   672ns .isLoading .errorMessage                 S
             #4 +20.590ms users    .loaded([3 elements])                    892ns .users[0] .users[1] .users[2] .isLoading E
             #5 +20.614ms users    .setFilter("a")                          1.6µs .filter
             #6 +20.622ms users    .navigate(.detail(userID: 1))            390ns .route                                   SC
        >    #7 +20.842ms users    .navigate(.detail(userID: 2))            901ns .route?/detail.userID                    S
             #8 +20.938ms users    .detailsLoaded(UserDetails(…))           801ns .details                                 E
             #9 +20.956ms users    .navigate(nil)                           421ns .route .details







        ── #7 users [d diff]  s state   a action  ──────────────────────────────────────────────────────────────────────────────
        action UsersAction.navigate(.detail(userID: 2))
          UsersState(
            … (4 unchanged)
            route: .detail(
        -     userID: 1
        +     userID: 2
            )
            details: nil
          )
          +0.020864s effect 4 started "details" in users by #7 at StoreScopeSamples/ContainerStore.swift:66
          +0.020922s effect 3 cancelled
          +0.020938s effect 4 emitted #8







         users.sstrace │ #7/9 │ no filter │ paused │ session ended                                               ? help  q quit
        """

    static let wideTree = """
            seq time      store    action                                 reducer changes                                  fx
             #0 +0.000ms  users    (initial state)
             #1 +19.639ms users    .fetch                                   1.8µs .isLoading                               SF
             #2 +20.411ms users    .failed("503 Service Unavailable")       932ns .isLoading .errorMessage
             #3 +20.480ms users    .fetch                                   672ns .isLoading .errorMessage                 S
             #4 +20.590ms users    .loaded([3 elements])                    892ns .users[0] .users[1] .users[2] .isLoading E
             #5 +20.614ms users    .setFilter("a")                          1.6µs .filter
             #6 +20.622ms users    .navigate(.detail(userID: 1))            390ns .route                                   SC
        >    #7 +20.842ms users    .navigate(.detail(userID: 2))            901ns .route?/detail.userID                    S
             #8 +20.938ms users    .detailsLoaded(UserDetails(…))           801ns .details                                 E
             #9 +20.956ms users    .navigate(nil)                           421ns .route .details







        ── #7 users  d diff  [s state]  a action  ──────────────────────────────────────────────────────────────────────────────
        action UsersAction.navigate(.detail(userID: 2))
                  id: 2
                  name: "Alan Turing"
                  username: "alan"
                )
              ▾ [2] User(
                  id: 3
                  name: "Grace Hopper"
                  username: "grace"
                )
              ]
              isLoading: false
              errorMessage: nil
              filter: "a"
            ▾ route: .detail(
        +       userID: 2
              )
              details: nil
            )
         users.sstrace │ #7/9 │ no filter │ paused │ session ended                                               ? help  q quit
        """
}
