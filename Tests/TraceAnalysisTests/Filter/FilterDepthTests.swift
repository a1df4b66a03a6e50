import Testing
import TraceAnalysis

/// Filters nested or chained beyond reason: an error at the column where the nesting goes too
/// deep, never a stack overflow (issue 19, item 2).
@Suite("Filter depth")
struct FilterDepthTests {
    static let entry = FilterTests.entry(5, "search")

    func parseError(_ text: String) -> FilterError? {
        do throws(FilterError) {
            _ = try Filter(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("two thousand nested parentheses are refused at the 101st '('")
    func deepParentheses() throws {
        let text = String(repeating: "(", count: 2000) + "action:x" + String(repeating: ")", count: 2000)
        let error = try #require(parseError(text))
        #expect(error.column == 101)
        #expect(error.message == "the filter nests deeper than 100 levels of '(' and 'not'")
    }

    @Test("three thousand nots are refused at the 101st")
    func deepNots() throws {
        let text = String(repeating: "not ", count: 3000) + "action:x"
        let error = try #require(parseError(text))
        #expect(error.column == 401)
        #expect(error.message == "the filter nests deeper than 100 levels of '(' and 'not'")
    }

    @Test("a hundred levels of '(' and 'not' still parse and match")
    func hundredLevelsParse() throws {
        let text = String(repeating: "(not ", count: 50) + "action:x" + String(repeating: ")", count: 50)
        #expect(try Filter(parsing: text).matches(Self.entry, in: FilterTests.context) == false)
        #expect(try Filter(parsing: "not " + String(repeating: "(not ", count: 49) + "action:search" + String(repeating: ")", count: 49))
            .matches(Self.entry, in: FilterTests.context), "fifty nots: an even count")
    }

    @Test("levels are counted by nesting, not in total: many groups side by side parse")
    func groupsSideBySide() throws {
        let text = Array(repeating: "(not action:x)", count: 500).joined(separator: " and ")
        #expect(try Filter(parsing: text).matches(Self.entry, in: FilterTests.context))
    }

    @Test("a hundred thousand conditions side by side parse, match and are released")
    func longChains() throws {
        let and = Array(repeating: "store:app", count: 100_000).joined(separator: " ")
        #expect(try Filter(parsing: and).matches(Self.entry, in: FilterTests.context))
        let or = Array(repeating: "action:x", count: 100_000).joined(separator: " or ") + " or action:search"
        #expect(try Filter(parsing: or).matches(Self.entry, in: FilterTests.context))
    }

    @Test("the pointer of a long filter shows the part around the column, the caret under it")
    func longPointer() throws {
        let text = String(repeating: "(", count: 2000) + "action:x" + String(repeating: ")", count: 2000)
        let error = try #require(parseError(text))
        let window = "…" + String(repeating: "(", count: 24) + String(repeating: "(", count: 48) + "…"
        #expect(error.pointer == "  " + window + "\n  " + String(repeating: " ", count: 25) + "^")
    }
}
