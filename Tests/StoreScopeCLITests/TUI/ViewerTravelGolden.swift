/// Golden screens of the viewer's time travel and wide characters (generated from the render
/// function, then read and checked by hand).
enum ViewerTravelGolden {
    static let bookmarks = """
            seq time      store    action                 reducer changes          fx
             #0 +0.000ms  search   (initial state)
             #1 +7.486ms  search   .search(query: "sw")     1.9µs .query .isLoadi… SC
         *   #2 +15.660ms search   .search(query: "swift…     2µs .query           S
             #3 +23.557ms search   .setResults(repos: [5…   1.8µs .repos[0] .repo… SE
         *   #4 +23.643ms search   .search(query: "swift…   842ns .query .isLoadi… SF
        >    #5 +28.992ms search   .search(query: "nio")    1.5µs .query           S
             #6 +34.184ms search   .setResults(repos: [1…   1.8µs .repos[4] .repo… SE


        ── #5 search [d diff]  s state   a action  ─────────────────────────────────────
        action SearchAction.search(query: "nio")
          SearchState(
        -   query: "swiftui"
        +   query: "nio"
            … (2 unchanged)
          )
          +0.029030s effect 5 started "SearchMiddleware" in search by #5 at StoreScopeSa
          +0.034182s effect 5 emitted #6



         search.sstrace │ #5/6 │ no filter │ paused │ session ended      ? help  q quit
        """

    static let playing = """
            seq time      store    action                 reducer changes          fx
             #0 +0.000ms  search   (initial state)
             #1 +7.486ms  search   .search(query: "sw")     1.9µs .query .isLoadi… SC
        >    #2 +15.660ms search   .search(query: "swift…     2µs .query           S
             #3 +23.557ms search   .setResults(repos: [5…   1.8µs .repos[0] .repo… SE
             #4 +23.643ms search   .search(query: "swift…   842ns .query .isLoadi… SF
             #5 +28.992ms search   .search(query: "nio")    1.5µs .query           S
             #6 +34.184ms search   .setResults(repos: [1…   1.8µs .repos[4] .repo… SE


        ── #2 search [d diff]  s state   a action  ─────────────────────────────────────
        action SearchAction.search(query: "swift")
          SearchState(
        -   query: "sw"
        +   query: "swift"
            … (2 unchanged)
          )
          +0.015699s effect 2 started "SearchMiddleware" in search by #2 at StoreScopeSa
          +0.023554s effect 2 emitted #3



         search.sstrace │ #2/6 │ no filter │ playing 2x │ session ended  ? help  q quit
        """

    /// CJK and emoji take two columns each: the reducer column stays in place on every row,
    /// and the long name is cut at a whole CJK character where its column ends.
    static let wide = """
            seq time      store    action                     reducer changes      fx
             #0 +0.000µs  main     (initial state)
             #1 +0.001µs  main     .rename("名前")                1ns .name
             #2 +0.002µs  main     .react("👍")                   1ns .reaction
        >    #3 +0.003µs  main     .rename("東京都渋谷区の長…     1ns .name
             #4 +0.004µs  main     .react("❤️👍🏽")                 1ns .reaction




        ── #3 main [d diff]  s state   a action  ───────────────────────────────────────
        action Action.rename("東京都渋谷区の長い名前です")
          Profile(
        -   name: "名前"
        +   name: "東京都渋谷区の長い名前です"
            reaction: "👍"
          )





         wide.sstrace │ #3/4 │ no filter │ paused │ session did not end  ? help  q quit
        """
}
