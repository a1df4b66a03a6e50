import Testing
@testable import TraceAnalysis

// A changed redacted value reads the same before and after (`<redacted T>`); the patches say it
// changed, and the diff shows it on one `~` line (issue 8, item 10).

private func account(_ name: String, password: TraceValue = .redacted(type: "String")) -> TraceValue {
    .structure(type: "Account", fields: [.init("name", .string(name)), .init("password", password)])
}

private func state(_ accounts: [TraceValue], token: TraceValue = .some(.redacted(type: "String"))) -> TraceValue {
    .structure(type: "Session", fields: [.init("accounts", .array(accounts)), .init("token", token), .init("attempts", .int(0))])
}

@Test func aChangedRedactedFieldIsMarkedOnOneLine() throws {
    let old = state([account("ann"), account("bob")])
    let patch: [PatchOperation] = [.set(path: [.field("token"), .some], value: .redacted(type: "String"))]
    let expected = """
          Session(
            … (1 unchanged)
        ~   token: <redacted String> (changed)
            attempts: 0
          )
        """
    #expect(try DiffRendering.render(patch, appliedTo: old) == expected)
    #expect(DiffRendering.render(from: old, to: old, redactedChanges: RedactedChanges(patch)) == expected)
    #expect(DiffRendering.render(from: old, to: old) == "")
}

@Test func aChangedRedactedValueInsideAnElementOpensThatElement() {
    let old = state([account("ann"), account("bob"), account("cy")])
    let changes = RedactedChanges([.set(path: [.field("accounts"), .index(1), .field("password")], value: .redacted(type: "String"))])
    #expect(DiffRendering.render(from: old, to: old, redactedChanges: changes) == """
          Session(
            accounts: [
              … (1 unchanged)
              [1] Account(
                name: "bob"
        ~       password: <redacted String> (changed)
              )
              … (1 unchanged)
            ]
            … (2 unchanged)
          )
        """)
}

@Test func laterInsertsAndRemovesCarryTheChangedPlaceAlong() {
    var changes = RedactedChanges([.set(path: [.field("accounts"), .index(1), .field("password")], value: .redacted(type: "String"))])
    changes.add([.insert(path: [.field("accounts"), .index(0)], value: account("zed"))])
    #expect(changes.paths == [[.field("accounts"), .index(2), .field("password")]])
    changes.add([.move(path: [.field("accounts"), .index(2)], to: 0)])
    #expect(changes.paths == [[.field("accounts"), .index(0), .field("password")]])
    changes.add([.remove(path: [.field("accounts"), .index(1)])])
    #expect(changes.paths == [[.field("accounts"), .index(0), .field("password")]])
    changes.add([.remove(path: [.field("accounts"), .index(0)])])
    #expect(changes.isEmpty)
}

@Test func aValueSetOverTheRedactedPlaceIsShownAsItsOwnChange() {
    let old = state([account("ann")])
    let new = state([account("ann", password: .string("visible"))])
    var changes = RedactedChanges([.set(path: [.field("accounts"), .index(0), .field("password")], value: .redacted(type: "String"))])
    // The later set replaces the redacted node: no marker, the -/+ lines of the set.
    changes.add([.set(path: [.field("accounts"), .index(0)], value: account("ann", password: .string("visible")))])
    #expect(changes.isEmpty)
    #expect(DiffRendering.render(from: old, to: new, redactedChanges: changes).contains("+       password: \"visible\""))
}

@Test func theJSONOperationsSetTheChangedRedactedNodeAsTheTraceDoes() {
    let old = state([account("ann")])
    let path: [PathComponent] = [.field("accounts"), .index(0), .field("password")]
    let changes = RedactedChanges([.set(path: path, value: .redacted(type: "String"))])
    #expect(StateChanges.operations(from: old, to: old, redactedChanges: changes) == [.set(path: path, value: .redacted(type: "String"))])
    #expect(StateChanges.operations(from: old, to: old).isEmpty)
}

@Test func aDiffOfOnePartKeepsTheChangesUnderIt() throws {
    let changes = RedactedChanges([
        .set(path: [.field("accounts"), .index(1), .field("password")], value: .redacted(type: "String")),
        .set(path: [.field("token"), .some], value: .redacted(type: "String")),
    ])
    #expect(changes.relative(to: try PathPattern(parsing: ".accounts[1]")).paths == [[.field("password")]])
    #expect(changes.relative(to: try PathPattern(parsing: ".token")).paths == [[.some]])
}
