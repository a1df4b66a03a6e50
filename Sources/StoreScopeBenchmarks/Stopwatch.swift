import Dispatch

/// Wall-clock timing for benchmarks (release builds only; tests never assert times).
enum Stopwatch {
    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Runs `body` once and returns the elapsed seconds.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }
}

/// Formats numbers for the benchmark tables.
enum Report {
    /// `figure`, unless the run it was measured on dropped actions: a median over dropped actions
    /// is the cost of a drop, not of recording (issue 40: the 10k-user rename row's 120 ns was
    /// the median of a run that dropped 13.3k of its 20k actions).
    static func unlessDropped(_ figure: String, dropped: UInt64) -> String {
        dropped == 0 ? figure : "not reported: \(dropped) dropped"
    }

    static func rate(_ count: Double, per seconds: Double) -> String {
        let value = count / seconds
        switch value {
        case 1e6...: return fixed(value / 1e6, 2) + " M/s"
        case 1e3...: return fixed(value / 1e3, 1) + " k/s"
        default: return fixed(value, 0) + " /s"
        }
    }

    static func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 2) + " MiB" }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if digits == 0 { text = String(text[..<dot]) } else if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }

    static func nanos(_ value: Double) -> String {
        switch value {
        case ..<1_000: return fixed(value, 0) + " ns"
        case ..<1_000_000: return fixed(value / 1_000, 2) + " µs"
        default: return fixed(value / 1_000_000, 2) + " ms"
        }
    }

    /// Prints a table with aligned columns.
    static func table(_ header: [String], _ rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }.joined(separator: " | ") + " |"
        }
        print(line(header))
        print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in rows { print(line(row)) }
        print()
    }
}
