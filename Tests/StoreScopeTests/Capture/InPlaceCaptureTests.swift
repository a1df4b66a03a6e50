import Testing
@testable import StoreScope

// Values of exact types (structs, enums, optionals, tuples) are captured and diffed where they
// are stored: the root, stored fields, enum payloads (projected in a bitwise image) and array
// elements. A root passed as `Any` still takes the boxed path, so it is the reference here;
// where that reference shares the in-place code below the root, expected trees are spelled out.

private final class Owner {
    let name: String
    init(name: String) { self.name = name }
}

/// Tags in the spare bits of the class pointer; a string payload.
private enum Holding {
    case owned(Owner)
    case lent(Owner)
    case text(String)
    case none
}

private struct Member: Equatable {
    var name: String
    var age: Int
}

private struct Team: Equatable {
    var members: [Member]
    var lead: Member?
    var motto: String
}

private struct League {
    var title: String
    var teams: [Team]
    var states: [Status]
    var holdings: [Holding]
    var sessionToken: String
    var point: Point
    var pair: (Int, String)
    var weight: Double
}

/// A struct whose `==` ignores `cache`: a patch may leave out a change `==` calls equal.
private struct Cached: Equatable {
    var value: Int
    var cache: Int
    static func == (lhs: Cached, rhs: Cached) -> Bool { lhs.value == rhs.value }
}

private struct Box<Content> {
    var content: Content
}

private func league(_ seed: Int) -> League {
    let members = (0..<3).map { Member(name: "m\(seed + $0)", age: 20 + $0) }
    return League(
        title: "board \(seed)",
        teams: [Team(members: members, lead: members.first, motto: "go"), Team(members: [], lead: nil, motto: "")],
        states: [.idle, .loading(progress: Double(seed) / 10), .failed("no", code: seed)],
        holdings: [.owned(Owner(name: "o\(seed)")), .lent(Owner(name: "l")), .text("t\(seed)"), .none],
        sessionToken: "tok\(seed)", point: Point(x: seed, y: -seed), pair: (seed, "p"), weight: 0.5)
}

/// Depth, node and collection limits that cut the boards at every level.
private let limitedOptions: [CaptureOptions] =
    [CaptureOptions.default] + (0...5).map { CaptureOptions(maximumDepth: $0) } + (1...40).map { CaptureOptions(maximumNodes: $0) }
    + (0...2).map { CaptureOptions(maximumCollectionCount: $0) } + [CaptureOptions(redaction: .none)]

@Test func aRootCapturedInPlaceGivesTheTreeOfTheBoxedRootUnderEveryLimit() {
    for options in limitedOptions {
        let value = league(1)
        #expect(captureValue(value, options: options) == captureValue(value as Any, options: options))
        #expect(captureValue(value.teams, options: options) == captureValue(value.teams as Any, options: options))
        #expect(captureValue(value.holdings[0], options: options) == captureValue(value.holdings[0] as Any, options: options))
        #expect(captureValue(value.states[2], options: options) == captureValue(value.states[2] as Any, options: options))
        #expect(captureValue(Optional(value.point), options: options) == captureValue(Optional(value.point) as Any, options: options))
    }
}

@Test func arrayElementsCapturedInPlaceCountNodesAndDepthAsBoxedOnes() {
    let team = Team(members: [Member(name: "a", age: 1), Member(name: "b", age: 2)], lead: nil, motto: "m")
    #expect(captureValue(team, options: CaptureOptions(maximumNodes: 4)) == .structure(type: "Team", fields: [
        .init("members", .array([
            .structure(type: "Member", fields: [.init("name", .string("a")), .init("age", .truncated(.init(reason: .size, type: "Int")))]),
            .truncated(.init(reason: .size, type: "Member", omitted: 1)),
        ])),
        .init("lead", .truncated(.init(reason: .size, type: "Optional<Member>"))),
        .init("motto", .truncated(.init(reason: .size, type: "String"))),
    ]))
    #expect(captureValue(team, options: CaptureOptions(maximumDepth: 2)) == .structure(type: "Team", fields: [
        .init("members", .array([
            .truncated(.init(reason: .depth, type: "Member")), .truncated(.init(reason: .depth, type: "Member")),
        ])),
        .init("lead", .none(type: "Member")),
        .init("motto", .string("m")),
    ]))
    #expect(captureValue([Status.idle, .failed("x", code: 2)], options: CaptureOptions(maximumCollectionCount: 1)) == .array([
        .enumeration(type: "Status", caseName: "idle", payload: []),
        .truncated(.init(reason: .collection, type: "Status", omitted: 1)),
    ]))
    #expect(captureValue([Status.failed("x", code: 2)]) == .array([
        .enumeration(type: "Status", caseName: "failed", payload: [.init("", .string("x")), .init("code", .int(2))]),
    ]))
}

@Test func payloadsReadFromAnImageNeitherLeakNorReleaseTheirObjects() {
    weak var owner: Owner?
    do {
        let first = Owner(name: "solo")
        owner = first
        let value = Box(content: [Holding.owned(first), .lent(first), .text("t")])
        let other = Box(content: [Holding.lent(first), .lent(first), .text("u")])
        for _ in 0..<3 {
            _ = captureValue(value)
            _ = captureValue(value.content[1])
            _ = capturePatch(from: value, to: other)
            _ = capturePatch(from: value.content[0], to: other.content[0])
        }
        guard case let .lent(kept) = other.content[0] else {
            Issue.record("the value changed case")
            return
        }
        #expect(kept === first)
        #expect(kept.name == "solo")
    }
    #expect(owner == nil)
}

@Test func patchesBetweenRootsReadInPlaceEqualThoseBetweenBoxedRoots() throws {
    let old = league(1)
    var changes: [(String, (inout League) -> Void)] = [
        ("title", { $0.title = "renamed" }),
        ("member", { $0.teams[0].members[1].age += 1 }),
        ("lead", { $0.teams[0].lead = nil }),
        ("state case", { $0.states[0] = .loading(progress: 1) }),
        ("state payload", { $0.states[1] = .loading(progress: 9) }),
        ("holding", { $0.holdings[1] = .owned(Owner(name: "n")) }),
        ("token", { $0.sessionToken = "other" }),
        ("point", { $0.point.y = 7 }),
        ("pair", { $0.pair.1 = "q" }),
        ("negative zero", { $0.weight = -0.0 }),
        ("nan", { $0.weight = .nan }),
        ("equal text, new storage", { $0.title = String("board 1".reversed().reversed()) }),
    ]
    changes.append(("everything", { $0 = league(2) }))
    for options in limitedOptions {
        for (name, change) in changes {
            var new = old
            change(&new)
            let patch = capturePatch(from: old, to: new, options: options)
            #expect(patch == capturePatch(from: old as Any, to: new as Any, options: options), "\(name)")
            // Patches are exact while the state stays under the node budget.
            guard options.maximumNodes == CaptureOptions.default.maximumNodes else { continue }
            var tree = captureValue(old, options: options)
            try tree.apply(patch)
            #expect(tree == captureValue(new, options: options), "\(name)")
        }
    }
}

@Test func enumsHeldInAnyKeepTheirPayloads() throws {
    let failed = Status.failed("no", code: 1)
    let expected = TraceValue.enumeration(type: "Status", caseName: "failed", payload: [.init("", .string("no")), .init("code", .int(1))])
    // `as Any` keeps the argument from being opened: the root is an `Any` holding the enum.
    #expect(captureValue(failed as Any) == expected)
    #expect(captureValue([failed] as [Any]) == .array([expected]))
    #expect(captureValue(Box<Any>(content: failed)) == .structure(type: "Box<Any>", fields: [.init("content", expected)]))
    #expect(capturePatch(from: Box<Any>(content: failed), to: Box<Any>(content: Status.failed("no", code: 2))) == [
        .set(path: [.field("content"), .field("code")], value: .int(2)),
    ])
    try expectExactPatchOfBoxed([failed] as [Any], [Status.failed("yes", code: 1)] as [Any])
}

private func expectExactPatchOfBoxed(_ old: [Any], _ new: [Any]) throws {
    var tree = captureValue(old)
    try tree.apply(capturePatch(from: old, to: new))
    #expect(tree == captureValue(new))
}

@Test func unchangedAndEqualRootsGivePatchesOnlyWhenTheirCapturesDiffer() {
    #expect(capturePatch(from: Member(name: "a", age: 1), to: Member(name: "a", age: 1)).isEmpty)
    #expect(capturePatch(from: Member(name: "a", age: 1), to: Member(name: "a", age: 2)) == [.set(path: [.field("age")], value: .int(2))])
    // `==` still prunes: a change it calls equal is left out, as for a boxed root.
    #expect(capturePatch(from: Cached(value: 1, cache: 1), to: Cached(value: 1, cache: 2)).isEmpty)
    #expect(capturePatch(from: Cached(value: 1, cache: 1) as Any, to: Cached(value: 1, cache: 2) as Any).isEmpty)
    #expect(capturePatch(from: Cached(value: 1, cache: 1), to: Cached(value: 2, cache: 2)) == [
        .set(path: [.field("value")], value: .int(2)), .set(path: [.field("cache")], value: .int(2)),
    ])
    #expect(capturePatch(from: Status.failed("a", code: 1), to: Status.failed("a", code: 2)) == [.set(path: [.field("code")], value: .int(2))])
    #expect(capturePatch(from: Status.idle, to: Status.idle).isEmpty)
}

/// Captures `Box<...<Int>...>` nested `levels` deep, each level's type once per call.
private func nestedTypeNames<Content>(_ value: Content, levels: Int, into names: inout [String]) {
    names.append(TypeTraits.of(type: Content.self).typeName)
    if case let .structure(type, _) = captureValue(Box(content: value)) {
        names.append(type)
    } else {
        names.append("not a structure")
    }
    if levels > 0 { nestedTypeNames(Box(content: value), levels: levels - 1, into: &names) }
}

@Test func moreTypesThanTheTraitsTableHasSlotsEachGetTheirOwnTraits() async {
    func expected(levels: Int) -> [String] {
        var names: [String] = []
        var name = "Int"
        for _ in 0...levels {
            names.append(name)
            name = "Box<\(name)>"
            names.append(name)
        }
        return names
    }
    // 300 types for 256 slots, from several threads at once, twice each.
    let results = await withTaskGroup(of: [String].self) { group in
        for _ in 0..<4 {
            group.addTask {
                var names: [String] = []
                nestedTypeNames(0, levels: 299, into: &names)
                nestedTypeNames(0, levels: 299, into: &names)
                return names
            }
        }
        return await group.reduce(into: []) { $0.append($1) }
    }
    let once = expected(levels: 299)
    for names in results {
        #expect(names == once + once)
    }
}
