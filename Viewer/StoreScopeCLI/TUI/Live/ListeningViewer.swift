import TraceAnalysis

/// The viewer on live sessions (`storescope view --listen`, and `storescope listen` in a
/// terminal): a listener on its own thread records each session to a file, and the viewer
/// shows them, switching with `<` `>` and `S`.
enum ListeningViewer {
    /// Listens at `path` and runs the viewer until the user quits; then stops the listener
    /// (completing every session's file) and says where the sessions were recorded.
    ///
    /// - Returns: the exit status.
    static func run(path: String, options: LiveListener.Options, filter: Filter, console: Console) -> Int32 {
        let arrivals: ListenerArrivals
        do throws(ListenFailure) {
            arrivals = try ListenerArrivals(path: path, options: options)
        } catch {
            console.error(error.message)
            return error.status
        }
        // The same words as `listen`'s first line.
        let sources = ViewerSources(
            arrivals: arrivals, waitingFor: "an app to connect on \(path)",
            hint: (ListenOptions.tcpBanner(options, bound: options.tcp)
                + ["Run an app against it with STORESCOPE_SOCKET=\(path), e.g. STORESCOPE_SOCKET=\(path) storescope demo"]).joined(separator: "  "))
        console.flush()
        var status = ExitStatus.failure
        if let screen = TerminalScreen() {
            var app = ViewerApp(sources: sources, filter: filter)
            app.control = ControlLink(socket: path)
            status = app.run(on: screen)
        } else {
            console.error("Error: the terminal cannot be taken over")
        }
        for line in sources.finish() { console.error(line) }
        return status
    }
}
