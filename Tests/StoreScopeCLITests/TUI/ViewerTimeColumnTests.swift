import Foundation
import StoreScopeTestSupport
import Testing
import TraceFormat

@testable import StoreScopeCLI

/// The timeline's time column in a unit chosen by the session's span (issue 19, item 8: every
/// row of a fast session read `+0.000s` or `+0.005s`).
@Suite("The timeline's time column")
struct ViewerTimeColumnTests {
    @Test("The unit follows the span, the decimals fill the 9 cells, times are cut, never rounded", arguments: [
        (UInt64(800), UInt64(799), "+0.799µs"),
        (999_999, 123_456, "+123.45µs"),
        (34_184_000, 7_486_999, "+7.486ms"),
        (34_184_000, 34_184_000, "+34.184ms"),
        (999_999_999, 15_660_000, "+15.66ms"),
        (2_500_000_000, 1_234_567_891, "+1.234s"),
        (7_200_000_000_000, 3_600_000_000_000, "+3600.00s"),
        (2_000_000_000_000_000, 1_000_000_000_000_000, "+1000000s"),
    ])
    func units(span: UInt64, nanos: UInt64, text: String) {
        let column = TimeColumn(span: span)
        #expect(column.text(nanos) == text)
        #expect(column.text(span).count <= TimeColumn.width, "the largest time fits")
    }

    /// `actions` of store "main", action `seq` at `seq * step` nanoseconds.
    static func trace(step: UInt64, actions: UInt64, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("timed-\(step).sstrace")
        try HostileTrace.write((1...actions).map { HostileTrace.action($0, at: $0 * step) }, to: path)
        return path
    }

    @Test("A 34 ms session reads in milliseconds to the microsecond; a minute-long one in seconds; a 5 µs one in microseconds")
    func sessions() throws {
        let fast = try ViewerHarness(fixture: "search")
        #expect(fast.screen.contains("  #1 +7.486ms  search"), "\(fast.screen)")
        #expect(fast.screen.contains("  #6 +34.184ms search"))
        let directory = try TemporaryDirectory()
        let slow = try ViewerHarness(path: try Self.trace(step: 6_000_000_000, actions: 10, in: directory))
        #expect(slow.screen.contains("  #1 +6.000s "), "\(slow.screen)")
        #expect(slow.screen.contains("  #8 +48.000s "))
        let tiny = try ViewerHarness(path: try Self.trace(step: 500, actions: 10, in: directory))
        #expect(tiny.screen.contains("  #1 +0.500µs "), "\(tiny.screen)")
        #expect(tiny.screen.contains("  #8 +4.000µs "))
    }
}

@Suite("The timeline's time column at 80x24")
struct ViewerTimeColumnScreenTests {
    @Test("The demo's search session at 80x24 reads in milliseconds")
    func milliseconds() throws {
        let viewer = try ViewerHarness(fixture: "search")
        #expect(viewer.screen.contains(">    #1 +7.486ms  search   .search(query: \"sw\")"), "\(viewer.screen)")
        #expect(viewer.screen.contains("     #3 +23.557ms search"))
    }
}
