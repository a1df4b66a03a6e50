import Foundation
import StoreScopeTestSupport
import Testing

/// End-to-end tests of `storescope compare`: two recordings of the same scenario are equal;
/// a different state, action or length is the first divergence, rendered -/+.
@Suite("storescope compare")
struct CompareCommandTests {
    @Test("two recordings of the search sample are equal (times and seqs ignored), exit 0")
    func equalRecordings() throws {
        let directory = try TemporaryDirectory()
        let a = try Analysis.recordSample("search", in: directory, as: "a.sstrace")
        let b = try Analysis.recordSample("search", in: directory, as: "b.sstrace")
        let compare = try ChildProcess.storescope(["compare", a, b])
        #expect(compare.status == 0, "stdout: \(compare.stdout) stderr: \(compare.stderr)")
        #expect(compare.stdout == "equal: 6 actions, the same actions and states\n")
        let json = try ChildProcess.storescope(["compare", "--json", a, b])
        #expect(json.stdout == #"{"equal":true,"actionsCompared":6,"unknownStates":0,"gaps":[],"schemasDiffer":false}"# + "\n")
    }

    @Test("sessions recorded with different State and Action types (their schema fingerprints differ) compare with a note saying so")
    func differentSchemasAreNoted() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try CheckoutTrace.write(to: a)
        try CheckoutTrace.write(to: b, schemaFingerprint: 8)
        let compare = try ChildProcess.storescope(["compare", a, b])
        #expect(compare.status == 0)
        #expect(compare.stdout.hasSuffix("note: the sessions were recorded with different State and Action types (their schema fingerprints differ): differences may come from the types, not the behaviour\n"), "\(compare.stdout)")
        let json = try ChildProcess.storescope(["compare", "--json", a, b])
        #expect(try Analysis.jq(["-c", ".schemasDiffer"], input: json.stdout).stdout == "true\n")
    }

    @Test("a reducer that left a different state diverges at that action, with the state diff, exit 1")
    func stateDivergence() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace")
        try CheckoutTrace.write(to: a)
        try CheckoutTrace.write(to: b, variant: .otherTotal)
        let compare = try ChildProcess.storescope(["compare", a, b])
        #expect(compare.status == 1)
        #expect(
            compare.stdout == """
                diverge at #5: CartAction.pricesLoaded(total: 7) left different states in cart
                  CartState(
                    … (1 unchanged)
                -   total: 7
                +   total: 8
                    isPaying: false
                  )

                """)
        let json = try ChildProcess.storescope(["compare", "--json", a, b])
        #expect(json.status == 1)
        let facts = try Analysis.jq(["-c", "[.equal, .divergence, .seq, .a.seq, .a.state.total, .b.state.total]"], input: json.stdout)
        // The seq the text names, not a 0-based index (issue 19, item 24).
        #expect(facts.stdout == #"[false,"state",5,5,7,8]"# + "\n")
    }

    @Test("a different action diverges with the action diff; a shorter session diverges where it stops")
    func actionAndLengthDivergence() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace"), b = directory.path("b.sstrace"), c = directory.path("c.sstrace")
        try CheckoutTrace.write(to: a)
        try CheckoutTrace.write(to: b, variant: .otherAction)
        try CheckoutTrace.write(to: c, variant: .shorter)
        let action = try ChildProcess.storescope(["compare", a, b])
        #expect(action.status == 1)
        #expect(
            action.stdout == """
                diverge at #2: the actions differ
                  .add(
                -   item: "pear"
                +   item: "plum"
                  )

                """)
        let length = try ChildProcess.storescope(["compare", a, c])
        #expect(length.status == 1)
        #expect(length.stdout == "diverge after #5: only A goes on, with #6 CartAction.checkout\n")
    }

    @Test("compare with a missing file exits 2 naming it; with one argument it is a usage error")
    func unreadableAndUsage() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.sstrace")
        try CheckoutTrace.write(to: a)
        let missing = try ChildProcess.storescope(["compare", a, directory.path("nope.sstrace")])
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.hasPrefix("Error: \(directory.path("nope.sstrace")): "))
        let usage = try ChildProcess.storescope(["compare", a])
        #expect(usage.status == 64)
        #expect(usage.stderr.split(separator: "\n").first == "Error: missing B")
    }
}
