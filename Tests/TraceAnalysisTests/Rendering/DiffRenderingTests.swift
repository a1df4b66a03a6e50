import Testing
@testable import TraceAnalysis

private func user(_ id: Int, _ name: String) -> TraceValue {
    .structure(type: "User", fields: [.init("id", .int(Int64(id))), .init("name", .string(name)), .init("isActive", .bool(true))])
}

private func state(users: [TraceValue], isLoading: Bool = false, query: String = "", selected: TraceValue = .none(type: "Int")) -> TraceValue {
    .structure(type: "AppState", fields: [
        .init("users", .array(users)), .init("isLoading", .bool(isLoading)), .init("query", .string(query)), .init("selected", selected),
    ])
}

@Test func aScalarChangeShowsOldAndNewLinesAndCollapsesTheRest() {
    let old = state(users: (1...3).map { user($0, "u\($0)") })
    let new = state(users: (1...3).map { user($0, "u\($0)") }, isLoading: true)
    #expect(DiffRendering.render(from: old, to: new) == """
          AppState(
            … (1 unchanged)
        -   isLoading: false
        +   isLoading: true
            … (2 unchanged)
          )
        """)
}

@Test func aRenamedElementOpensOnlyThatElement() {
    let old = state(users: (1...5).map { user($0, "u\($0)") })
    var users = (1...5).map { user($0, "u\($0)") }
    users[2] = user(3, "Ada")
    #expect(DiffRendering.render(from: old, to: state(users: users)) == """
          AppState(
            users: [
              … (2 unchanged)
              [2] User(
                id: 3
        -       name: "u3"
        +       name: "Ada"
                isActive: true
              )
              … (2 unchanged)
            ]
            … (3 unchanged)
          )
        """)
}

@Test func anInsertedElementIsOneAddedBlock() {
    let old = TraceValue.array((1...4).map { user($0, "u\($0)") })
    let new = TraceValue.array([user(9, "new")] + (1...4).map { user($0, "u\($0)") })
    #expect(DiffRendering.render(from: old, to: new) == """
          [
        +   [0] User(
        +     id: 9
        +     name: "new"
        +     isActive: true
        +   )
            … (4 unchanged)
          ]
        """)
}

@Test func dictionaryEntriesAreComparedByKeyAndEnumCasesByPayload() {
    let old = TraceValue.dictionary([
        .init(key: .string("a"), value: .enumeration(type: "Load", caseName: "loading", payload: [.init("progress", .double(0.5))])),
        .init(key: .string("b"), value: .int(1)),
    ])
    let new = TraceValue.dictionary([
        .init(key: .string("a"), value: .enumeration(type: "Load", caseName: "loading", payload: [.init("progress", .double(0.75))])),
        .init(key: .string("c"), value: .some(.string("x\u{1B}[2J"))),
    ])
    #expect(DiffRendering.render(from: old, to: new) == """
          [
            "a": .loading(
        -     progress: 0.5
        +     progress: 0.75
            )
        -   "b": 1
        +   "c": "x\\u{1b}[2J"
          ]
        """)
}

@Test func aChangedCaseOrKindShowsBothValuesWhole() {
    let old = TraceValue.enumeration(type: "Load", caseName: "idle", payload: [])
    let new = TraceValue.enumeration(type: "Load", caseName: "failed", payload: [.init("", .string("timeout")), .init("code", .int(7))])
    #expect(DiffRendering.render(from: old, to: new) == """
        - .idle
        + .failed(
        +   "timeout"
        +   code: 7
        + )
        """)
}

@Test func renderingAPatchAppliesItToThePreviousStateFirst() throws {
    let old = state(users: [user(1, "a")], selected: .none(type: "Int"))
    let patch: [PatchOperation] = [.set(path: [.field("selected"), .some], value: .int(1))]
    #expect(try DiffRendering.render(patch, appliedTo: old) == """
          AppState(
            … (3 unchanged)
        -   selected: nil
        +   selected: 1
          )
        """)
    #expect(DiffRendering.render(from: old, to: old) == "")
}

@Test func anEmptyCollectionThatFillsUpChangesWhole() {
    let old = state(users: [])
    let new = state(users: [user(1, "Ada")])
    #expect(DiffRendering.render(from: old, to: new) == """
          AppState(
        -   users: []
        +   users: [
        +     [0] User(
        +       id: 1
        +       name: "Ada"
        +       isActive: true
        +     )
        +   ]
            … (3 unchanged)
          )
        """)
    #expect(DiffRendering.render(from: new, to: old).hasPrefix("""
          AppState(
        -   users: [
        """))
}
