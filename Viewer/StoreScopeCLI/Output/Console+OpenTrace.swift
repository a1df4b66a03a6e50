import TraceAnalysis

extension Console {
    /// Opens a trace for a command, or reports on standard error why it cannot be read
    /// (`Error: FILE: reason`) and returns `nil`; the command then exits 2.
    func openTrace(_ path: String) -> TraceReader? {
        do {
            return try TraceReader(path: path)
        } catch {
            self.error("Error: \(path.sanitizedForTerminal): \(error.description.sanitizedForTerminal)")
            return nil
        }
    }
}
