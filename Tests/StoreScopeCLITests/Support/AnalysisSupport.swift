import Foundation
import StoreScopeTestSupport
import Testing

/// Helpers shared by the analysis command tests: recorded sample sessions, the real `jq`, and
/// the normalization of the fields that differ between recordings.
enum Analysis {
    /// Records sample `name` with `storescope demo` into `directory` and returns the trace path.
    static func recordSample(_ name: String, in directory: TemporaryDirectory, as file: String? = nil) throws -> String {
        let path = directory.path(file ?? "\(name).sstrace")
        let demo = try ChildProcess.storescope(["demo", "--sample", name, "--output", path, "--json"])
        try #require(demo.status == 0, "demo failed: \(demo.stderr)")
        return path
    }

    /// Runs the real `jq` with `arguments` on `input`.
    static func jq(_ arguments: [String], input: String) throws -> ChildProcess.Outcome {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/jq"), arguments, input: Data(input.utf8))
    }

    /// `text` with what changes from one recording to the next replaced deliberately: times
    /// since the start (`+0.014548s`) become `+T`, durations (`5.4ms`, `850ns`) become `D`, and
    /// runs of spaces one space (so table columns do not depend on the durations' widths).
    static func normalized(_ text: String) -> String {
        var result = text.replacing(/[+-]\d+\.\d{6}s/, with: "+T")
        result = result.replacing(/\b\d+(\.\d+)?(ns|µs|ms|s)\b/, with: "D")
        return result.replacing(/[ ]{2,}/, with: " ")
    }
}
