// Runs the cart scenario, recording to the trace file named by the first argument. The app is
// a local of main() and the recorder is never closed by hand: it closes when the app goes away.
import Foundation
import ReSwiftCart

@main
struct ReSwiftCartMain {
    @MainActor
    static func main() async throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: reswift-cart TRACE\n".utf8))
            exit(64)
        }
        let app = try CartApp(tracePath: CommandLine.arguments[1])
        await app.run()
        print("reduced \(app.journal.entries.count) actions, recorded to \(CommandLine.arguments[1])")
    }
}
