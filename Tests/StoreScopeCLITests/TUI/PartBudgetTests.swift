import Testing

@testable import StoreScopeCLI

/// The one bounded loop that searches and the effects view read the trace in parts with.
@Suite("Part budget")
struct PartBudgetTests {
    @Test("With no time a part is one step of the budget's chunks; with time, steps go on until the reader says it is done")
    func steps() {
        var asked: [Int] = []
        PartBudget(chunks: 3, time: nil).spend { chunks in asked.append(chunks); return true }
        #expect(asked == [3])

        asked = []
        PartBudget(chunks: 2, time: .seconds(60)).spend { chunks in asked.append(chunks); return asked.count < 5 }
        #expect(asked == [2, 2, 2, 2, 2], "stops when the step says there is nothing more, long before the time is up")
    }

    @Test("A spent time stops the part after its first step")
    func timeUp() {
        var steps = 0
        PartBudget(chunks: 1, time: .zero).spend { _ in steps += 1; return true }
        #expect(steps == 1)
        steps = 0
        PartBudget(chunks: 1, time: .milliseconds(20)).spend { _ in steps += 1; return true }
        #expect(steps > 1, "steps go on while there is time")
    }
}
