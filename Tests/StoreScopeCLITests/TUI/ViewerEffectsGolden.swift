/// Golden screens of the effects view (`swift test --filter ViewerEffectsTests` shows the
/// actual screen when one differs). Generated from the render function, then read and checked
/// by hand against `storescope effects` on the same traces.
enum ViewerEffectsGolden {
    /// search sample at 80x24, #4 selected: effect 4 (started by #4, failed) under the cursor; effect 1 cancelled.
    static let search80 = """
           id effect        store    started by       +0.007661s ────── +0.034291s emit
            1 SearchMiddle… search   #1 .search(quer… ━━━━━━━C        │               0
            2 SearchMiddle… search   #2 .search(quer…         ━━━━━━━━━               1
            3 SearchMiddle… search   #3 .setResults(…                 ━               0
        >   4 SearchMiddle… search   #4 .search(quer…                 ━━━━━F          0
            5 SearchMiddle… search   #5 .search(quer…                 │    ━━━━━━━    1
            6 SearchMiddle… search   #6 .setResults(…                 │         ━     0



        ── effect 4 (4 of 6) p parent  o emitted  enter start  e esc timeline ──────────
        effect   4 "SearchMiddleware" in search
        at       StoreScopeSamples/UnidirectionalFlow.swift:59
        started  +0.023667s by #4 .search(query: "swiftui")
        ended    failed at +0.028952s after 5.3ms
        error    403 rate limit exceeded
        emitted  no action





         search.sstrace │ #4/6 │ no filter │ paused │ session ended      ? help  q quit
        """

    /// users sample at 120x40, #7 selected, the cursor moved up to effect 3 (cancelled).
    static let users120 = """
           id effect               store    started by               +0.019836s ─────────────────────────────── +0.020949s emit
            1 fetchUsers           users    #1 .fetch                ━━━━━━━━━━━━━━━━━━━━━━━━━━F                    │         0
            2 fetchUsers           users    #3 .fetch                                              ━━━━━━           │         1
        >   3 details              users    #6 .navigate(.detail(…))                                      ━━━━━━━━━━━━━C      0
            4 details              users    #7 .navigate(.detail(…))                                                │━━━━━    1













        ── effect 3 (3 of 4) p parent  o emitted  enter start  e esc timeline ──────────────────────────────────────────────────
        effect   3 "details" in users
        at       StoreScopeSamples/ContainerStore.swift:66
        started  +0.020630s by #6 .navigate(.detail(…))
        ended    cancelled at +0.020922s after 292.1µs
        emitted  no action














         users.sstrace │ #7/9 │ no filter │ paused │ session ended                                               ? help  q quit
        """

    /// A hand-written checkout session at 80x24: effect 3 never ended (a leak), its bar runs to the end.
    static let leak80 = """
           id effect        store    started by       +0.003100s ────── +1.300000s emit
            1 loadPrices    cart     #3 .refresh      ━                               1
            2 charge        cart     #6 .checkout     F                               0
        >   3 poll          cart     #6 .checkout     ━━━━━━━━━━━━━━━━━━━━━━━━━━━▶    0






        ── effect 3 (3 of 3) p parent  o emitted  enter start  e esc timeline ──────────
        effect   3 "poll" in cart
        started  +0.020200s by #6 .checkout
        ended    never: still running when the session ended, a leak (1.3s)
        emitted  no action







         checkout.sstrace │ #1/9 │ no filter │ paused │ session ended │ dropped 2
        """
}
