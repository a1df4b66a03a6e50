import Foundation
import StoreScopeTestSupport

extension ChildProcess {
    /// Runs the built `storescope` with `arguments` and waits for it to end.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program name.
    ///   - workingDirectory: The child's working directory; the test runner's by default.
    /// - Returns: The exit status and output.
    /// - Throws: ``ProductNotFound`` when `storescope` was not built, ``TimedOut`` when it hangs.
    static func storescope(_ arguments: [String], workingDirectory: URL? = nil) throws -> Outcome {
        try run(product: "storescope", arguments, workingDirectory: workingDirectory)
    }
}
