import Testing
@testable import TraceFormat

@Suite struct PatchTests {
    let state = TraceValue.structure(type: "State", fields: [
        .init("items", .array([.string("a"), .string("b"), .string("c")])),
        .init("scores", .dictionary([.init(key: .string("ada"), value: .int(1)), .init(key: .string("cy"), value: .int(3))])),
        .init("tags", .set([.int(1), .int(5)])),
        .init("load", .enumeration(type: "Load", caseName: "loaded", payload: [.init("", .int(7)), .init("page", .int(1))])),
        .init("selected", .none(type: "Int")),
        .init("user", .some(.structure(type: "User", fields: [.init("name", .string("Ada"))]))),
    ])

    func patched(_ operations: [PatchOperation]) throws -> TraceValue {
        var value = state
        try value.apply(operations)
        return value
    }

    @Test func setReplacesAnArrayElementAndAFieldNestedInsideIt() throws {
        let result = try patched([.set(path: [.field("items"), .index(1)], value: .string("B"))])
        #expect(result.node(at: [.field("items")]) == .array([.string("a"), .string("B"), .string("c")]))
    }

    @Test func insertIntoAnArrayAcceptsEveryPositionIncludingTheEnd() throws {
        for position in 0...3 {
            let result = try patched([.insert(path: [.field("items"), .index(position)], value: .string("x"))])
            var expected: [TraceValue] = [.string("a"), .string("b"), .string("c")]
            expected.insert(.string("x"), at: position)
            #expect(result.node(at: [.field("items")]) == .array(expected))
        }
    }

    @Test func removeFromAnArray() throws {
        let result = try patched([.remove(path: [.field("items"), .index(0)])])
        #expect(result.node(at: [.field("items")]) == .array([.string("b"), .string("c")]))
    }

    @Test func moveTakesTheElementOutThenInsertsItAtTheTarget() throws {
        #expect(try patched([.move(path: [.field("items"), .index(0)], to: 2)]).node(at: [.field("items")])
            == .array([.string("b"), .string("c"), .string("a")]))
        #expect(try patched([.move(path: [.field("items"), .index(2)], to: 0)]).node(at: [.field("items")])
            == .array([.string("c"), .string("a"), .string("b")]))
        #expect(try patched([.move(path: [.field("items"), .index(1)], to: 1)]).node(at: [.field("items")])
            == .array([.string("a"), .string("b"), .string("c")]))
    }

    @Test func operationsApplyInOrderEachSeeingTheTreeThePreviousLeft() throws {
        let result = try patched([
            .insert(path: [.field("items"), .index(0)], value: .string("z")),
            .set(path: [.field("items"), .index(1)], value: .string("A")),
            .remove(path: [.field("items"), .index(3)]),
        ])
        #expect(result.node(at: [.field("items")]) == .array([.string("z"), .string("A"), .string("b")]))
    }

    @Test func settingANewDictionaryKeyInsertsItInCanonicalOrder() throws {
        let result = try patched([
            .set(path: [.field("scores"), .key(.string("bo"))], value: .int(2)),
            .set(path: [.field("scores"), .key(.string("zed"))], value: .int(26)),
            .set(path: [.field("scores"), .key(.string("Ab"))], value: .int(0)),
            .set(path: [.field("scores"), .key(.string("cy"))], value: .int(33)),
        ])
        let keys: [TraceValue]? = {
            guard case let .dictionary(entries)? = result.node(at: [.field("scores")]) else { return nil }
            return entries.map(\.key)
        }()
        #expect(keys == ["Ab", "ada", "bo", "cy", "zed"].map(TraceValue.string))
        #expect(result.node(at: [.field("scores"), .key(.string("cy"))]) == .int(33))
    }

    @Test func removingADictionaryEntryAndSettingInsideAnEntry() throws {
        let result = try patched([
            .remove(path: [.field("scores"), .key(.string("ada"))]),
            .set(path: [.field("scores"), .key(.string("cy"))], value: .some(.int(1))),
            .set(path: [.field("scores"), .key(.string("cy")), .some], value: .int(2)),
        ])
        #expect(result.node(at: [.field("scores")]) == .dictionary([.init(key: .string("cy"), value: .some(.int(2)))]))
    }

    @Test func setElementsInsertInCanonicalOrderOnceAndRemove() throws {
        let result = try patched([
            .insert(path: [.field("tags"), .key(.int(3))], value: .int(3)),
            .insert(path: [.field("tags"), .key(.int(-2))], value: .int(-2)),
            .insert(path: [.field("tags"), .key(.int(5))], value: .int(5)),
            .remove(path: [.field("tags"), .key(.int(1))]),
        ])
        #expect(result.node(at: [.field("tags")]) == .set([.int(-2), .int(3), .int(5)]))
    }

    @Test func canonicalOrderOfDoublesIsIEEETotalOrderSoSortedInsertsStaySorted() throws {
        let keys: [Double] = [1, .nan, -1, -.nan, 0, -0.0, .infinity, -.infinity, 2.5, -2.5]
        var dictionary = TraceValue.dictionary([])
        var set = TraceValue.set([])
        for key in keys {
            try dictionary.apply(.set(path: [.key(.double(key))], value: .bool(true)))
            try set.apply(.insert(path: [.key(.double(key))], value: .double(key)))
        }
        let expected = keys.sorted { $0.isTotallyOrdered(belowOrEqualTo: $1) }.map(\.bitPattern)
        guard case let .dictionary(entries) = dictionary, case let .set(elements) = set else {
            Issue.record("kind changed")
            return
        }
        #expect(entries.map { if case let .double(d) = $0.key { d.bitPattern } else { 0 } } == expected)
        #expect(elements.map { if case let .double(d) = $0 { d.bitPattern } else { 0 } } == expected)
        // The order is transitive across nan, which a `<` with a bit-pattern fallback is not.
        for a in keys { for b in keys { for c in keys {
            let (x, y, z) = (TraceValue.double(a), TraceValue.double(b), TraceValue.double(c))
            if TraceValue.canonicalOrder(x, y) && TraceValue.canonicalOrder(y, z) {
                #expect(TraceValue.canonicalOrder(x, z))
            }
        } } }
    }

    @Test func canonicalOrderSortsByKindBeforeContent() {
        #expect(TraceValue.canonicalOrder(.int(100), .uint(0)))
        #expect(TraceValue.canonicalOrder(.bool(false), .bool(true)))
        #expect(TraceValue.canonicalOrder(.string("Z"), .string("a")))
        #expect(TraceValue.canonicalOrder(.string("é"), .string("😀")))
        #expect(TraceValue.canonicalOrder(.data([1]), .data([1, 0])))
        #expect(TraceValue.compare(.double(.nan), .double(.nan)) == 0)
    }

    @Test func enumPayloadsAreReachedByLabelOrByPosition() throws {
        let result = try patched([
            .set(path: [.field("load"), .index(0)], value: .int(8)),
            .set(path: [.field("load"), .field("page")], value: .int(2)),
        ])
        #expect(result.node(at: [.field("load")])
            == .enumeration(type: "Load", caseName: "loaded", payload: [.init("", .int(8)), .init("page", .int(2))]))
    }

    @Test func anEnumCaseChangeIsASetOfTheWholeEnum() throws {
        let idle = TraceValue.enumeration(type: "Load", caseName: "idle", payload: [])
        #expect(try patched([.set(path: [.field("load")], value: idle)]).node(at: [.field("load")]) == idle)
    }

    @Test func optionalsBecomeSomeThroughTheSomeStepAndNoneBySettingTheOptional() throws {
        let filled = try patched([.set(path: [.field("selected"), .some], value: .int(4))])
        #expect(filled.node(at: [.field("selected")]) == TraceValue.some(.int(4)))
        let renamed = try patched([.set(path: [.field("user"), .some, .field("name")], value: .string("Bo"))])
        #expect(renamed.node(at: [.field("user"), .some, .field("name")]) == .string("Bo"))
        let cleared = try patched([.set(path: [.field("user")], value: .none(type: "User"))])
        #expect(cleared.node(at: [.field("user")]) == .none(type: "User"))
    }

    @Test func anEmptyPathSetReplacesTheRoot() throws {
        #expect(try patched([.set(path: [], value: .int(1))]) == .int(1))
    }

    @Test func badPathsFailWithAPatchErrorNamingThePath() {
        let cases: [(PatchOperation, String)] = [
            (.set(path: [.field("missing")], value: .int(1)), "cannot apply patch at .missing: no field missing"),
            (.set(path: [.field("nope"), .field("x")], value: .int(1)), "cannot apply patch at .nope.x: no .nope in structure State"),
            (.set(path: [.field("items"), .index(3)], value: .int(1)), "cannot apply patch at .items[3]: set index 3 outside 0…2"),
            (.insert(path: [.field("items"), .index(4)], value: .int(1)), "cannot apply patch at .items[4]: insert index 4 outside 0…3"),
            (.remove(path: [.field("items"), .index(-1)]), "cannot apply patch at .items[-1]: remove index -1 outside 0…2"),
            (.move(path: [.field("items"), .index(0)], to: 3), "cannot apply patch at .items[0]: move target 3 outside 0…2"),
            (.move(path: [.field("scores"), .key(.string("ada"))], to: 0), "cannot apply patch at .scores[\"ada\"]: move needs an array index, found dictionary"),
            (.remove(path: [.field("scores"), .key(.string("nobody"))]), "cannot apply patch at .scores[\"nobody\"]: no such key"),
            (.remove(path: [.field("tags"), .key(.int(9))]), "cannot apply patch at .tags[9]: no such element"),
            (.insert(path: [.field("scores"), .key(.string("x"))], value: .int(1)), "cannot apply patch at .scores[\"x\"]: insert needs an array index or a set element, found dictionary"),
            (.remove(path: []), "cannot apply patch at <root>: only set applies to the root"),
            (.set(path: [.field("selected"), .some, .field("x")], value: .int(1)), "cannot apply patch at .selected?.x: no ? in none"),
            (.set(path: [.field("load"), .index(5)], value: .int(1)), "cannot apply patch at .load[5]: no associated value 5"),
        ]
        for (operation, message) in cases {
            var value = state
            let error = #expect(throws: PatchError.self) { try value.apply(operation) }
            #expect(error?.operation == operation)
            #expect(error?.description == message)
        }
    }
}

/// Keys are found by binary search in the canonical order, and still found in a dictionary a
/// hostile writer left unsorted.
@Suite struct DictionaryKeyPatchTests {
    func user(_ age: Int64) -> TraceValue { .structure(type: "User", fields: [.init("age", .int(age))]) }

    @Test func aPatchReachesAnEntryOfASortedDictionaryAndRemovesOne() throws {
        var value = TraceValue.dictionary((0..<1_000).map { .init(key: .int($0), value: user(Int64($0))) })
        try value.apply([.set(path: [.key(.int(500)), .field("age")], value: .int(-1)), .remove(path: [.key(.int(999))])])
        #expect(value.node(at: [.key(.int(500)), .field("age")]) == .int(-1))
        #expect(value.node(at: [.key(.int(499)), .field("age")]) == .int(499))
        #expect(value.node(at: [.key(.int(999))]) == nil)
        guard case let .dictionary(entries) = value else { Issue.record("not a dictionary"); return }
        #expect(entries.count == 999)
    }

    @Test func aPatchReachesAnEntryOfAnUnsortedDictionaryAndRemovesOne() throws {
        var value = TraceValue.dictionary([.init(key: .string("c"), value: user(3)), .init(key: .string("a"), value: user(1)), .init(key: .string("b"), value: user(2))])
        try value.apply([.set(path: [.key(.string("a")), .field("age")], value: .int(10)), .remove(path: [.key(.string("c"))])])
        #expect(value == .dictionary([.init(key: .string("a"), value: user(10)), .init(key: .string("b"), value: user(2))]))
    }

    @Test func aMissingKeyIsAnErrorNotAnotherEntry() {
        var value = TraceValue.dictionary([.init(key: .int(1), value: user(1)), .init(key: .int(3), value: user(3))])
        #expect(throws: PatchError.self) { try value.apply(.set(path: [.key(.int(2)), .field("age")], value: .int(0))) }
        #expect(throws: PatchError.self) { try value.apply(.remove(path: [.key(.int(2))])) }
    }
}
