import TraceAnalysis

/// The timeline's time column: times since the session start, all in one unit chosen by the
/// session's span, as lnav and the Redux DevTools do, so a fast session reads `+7.486ms`,
/// `+15.660ms` instead of `+0.007s`, `+0.015s`. A session shorter than a millisecond is shown
/// in microseconds, one shorter than a second in milliseconds, a longer one in seconds; the
/// decimals fill the column's 9 characters for the largest time (at most 3: a nanosecond, a
/// microsecond, a millisecond), cut, never rounded, so a row never reads later than it was.
/// A live session that grows past a bound switches to the next unit.
struct TimeColumn: Sendable, Equatable {
    enum Unit: Sendable, Equatable {
        case microseconds, milliseconds, seconds

        var nanos: UInt64 {
            switch self {
            case .microseconds: 1_000
            case .milliseconds: 1_000_000
            case .seconds: 1_000_000_000
            }
        }

        var symbol: String {
            switch self {
            case .microseconds: "µs"
            case .milliseconds: "ms"
            case .seconds: "s"
            }
        }
    }

    /// The column's width in terminal cells.
    static let width = 9

    let unit: Unit
    let fractionDigits: Int

    /// The column for a session whose last action came `span` nanoseconds after its start.
    init(span: UInt64) {
        unit = span < 1_000_000 ? .microseconds : span < 1_000_000_000 ? .milliseconds : .seconds
        let whole = String(span / unit.nanos).count
        // "+", the whole part, ".", the decimals and the unit symbol in the column's width.
        let room = Self.width - 1 - whole - 1 - unit.symbol.count
        fractionDigits = max(0, min(3, room))
    }

    /// `+7.486ms`: `nanos` after the session start in the column's unit.
    func text(_ nanos: UInt64) -> String {
        DurationText.offset(Int64(clamping: nanos), unitNanos: unit.nanos, symbol: unit.symbol, fractionDigits: fractionDigits)
    }
}
