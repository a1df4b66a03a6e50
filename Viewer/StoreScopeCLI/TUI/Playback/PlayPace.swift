import TraceAnalysis

/// How fast `space` plays: the recorded gaps between actions divided by the factor, or one
/// action per screen update (`max`).
enum PlaySpeed: Int, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case recorded = 1, double = 2, five = 5, ten = 10, hundred = 100, max = 0

    var description: String { self == .max ? "max" : "\(rawValue)x" }

    /// The next speed up (`+`) or down (`-`), stopping at the ends.
    func next(faster: Bool) -> PlaySpeed {
        let all = Self.allCases, index = all.firstIndex(of: self)!
        return all[Swift.max(0, Swift.min(all.count - 1, index + (faster ? 1 : -1)))]
    }
}

/// A fixed pace for `space`, in actions per second whatever the recorded gaps (Redux DevTools'
/// slider): `*` switches to it and back to the recorded pace, `+` and `-` change it.
enum PlayRate: Int, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case one = 1, two = 2, five = 5, ten = 10, twentyFive = 25

    var description: String { "\(rawValue)/s" }

    /// The nanoseconds between two steps.
    var interval: UInt64 { 1_000_000_000 / UInt64(rawValue) }

    /// The next rate up (`+`) or down (`-`), stopping at the ends.
    func next(faster: Bool) -> PlayRate {
        let all = Self.allCases, index = all.firstIndex(of: self)!
        return all[Swift.max(0, Swift.min(all.count - 1, index + (faster ? 1 : -1)))]
    }
}

/// How fast `space` plays, as a feature of its own: the recorded pace times a speed, or a
/// fixed rate per action. `+` `-` `*` change it (``change(faster:)``, ``toggleRate()``), seeing
/// nothing else of the viewer; the playback reads it at each step.
struct PlayPace: Sendable, Equatable {
    /// How fast the recorded pace plays (`+` and `-` change it).
    var speed: PlaySpeed = .recorded
    /// A fixed pace per action instead (`*`), or `nil` for the recorded pace.
    var rate: PlayRate?

    /// `+` (`faster`) or `-`: the next speed, or the next rate when playing at one.
    ///
    /// - Returns: what the message line says.
    mutating func change(faster: Bool) -> String {
        if let current = rate {
            let next = current.next(faster: faster)
            rate = next
            return "play rate \(next) (one action every \(DurationText.text(next.interval)))"
        }
        speed = speed.next(faster: faster)
        return "play speed \(speed)"
    }

    /// `*`: a fixed rate per action (5 a second to begin with), or the recorded pace again.
    ///
    /// - Returns: what the message line says.
    mutating func toggleRate() -> String {
        rate = rate == nil ? .five : nil
        if let rate { return "play at a fixed rate: \(rate) (+ - change it, * back to the recorded pace)" }
        return "play at the recorded pace, \(speed)"
    }

    /// The pace as the status line names it: `5/s`, `2x`.
    var description: String { rate.map(\.description) ?? speed.description }

    /// Whether it is the recorded pace at its own speed (the status line then says no more).
    var isRecorded: Bool { speed == .recorded && rate == nil }
}
