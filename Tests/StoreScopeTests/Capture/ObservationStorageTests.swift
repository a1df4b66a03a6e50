import Foundation
import Testing
@testable import StoreScope
import StoreScopeTestSupport
import TraceFormat

// The shapes below are what TCA's `@ObservableState` expands a state into (the macro itself
// lives in TCA; `Samples/TCAStandups` records the real one): each `var title` becomes a computed
// property over a stored `_title`, beside a stored `_$observationRegistrar` whose id and lock
// are mutable class instances that change on every mutation.

/// Stands for the registrar's class storage (TCA's `ObservableStateID.Storage`, Perception's
/// lock).
private final class RegistrarStorage: @unchecked Sendable {
    // @unchecked: test fixture; the recorder must never read it.
    var location = 0
}

private struct Registrar: Sendable {
    var id = RegistrarStorage()
    let lock = RegistrarStorage()
}

private struct ObservedStandup: Sendable {
    let id: Int
    private var _title: String
    var title: String {
        get { _title }
        set { _title = newValue }
    }
    private var _attendees: [String]
    var attendees: [String] {
        get { _attendees }
        set { _attendees = newValue }
    }
    private var _$observationRegistrar = Registrar()

    init(id: Int, title: String, attendees: [String] = []) {
        self.id = id
        _title = title
        _attendees = attendees
    }

    /// What the macro's `_$willModify` does on a mutation.
    mutating func touchRegistrar() {
        _$observationRegistrar.id = RegistrarStorage()
    }
}

/// A state whose struct `Mirror` reads (a weak field rules out a stored layout).
private struct ObservedOwnerView: Sendable {
    weak var owner: RegistrarStorage?
    var _name: String
    var _$observationRegistrar = Registrar()
}

/// A state read field by field (a weak field and a metatype field).
private struct ObservedKindView: Sendable {
    weak var owner: RegistrarStorage?
    let kind: Int.Type = Int.self
    var _count: Int
    var _$observationRegistrar = Registrar()
}

/// A type that stores both `_name` and `name` keeps its stored names.
private struct BothNames: Sendable {
    var name: String
    var _name: String
    var _$observationRegistrar = Registrar()
}

/// A plain struct with an underscored field, no registrar: recorded as it is stored.
private struct Underscored: Sendable {
    var _cache: Int
    var _$notARegistrar: Int
}

private func fieldNames(_ value: TraceValue) -> [String] {
    guard case let .structure(_, fields) = value else { return [] }
    return fields.map(\.name)
}

private func hasReference(_ value: TraceValue) -> Bool {
    if case .reference = value { return true }
    return !value.forEachChild { !hasReference($0) }
}

@Suite struct ObservationStorageTests {
    @Test("an observation macro's stored `_name` is recorded as `name` and its registrar not at all")
    func storedNamesBecomeDeclaredNames() {
        let tree = captureValue(ObservedStandup(id: 1, title: "Design", attendees: ["ann"]))
        #expect(tree == .structure(type: "ObservedStandup", fields: [
            .init("id", .int(1)), .init("title", .string("Design")), .init("attendees", .array([.string("ann")])),
        ]))
        #expect(!hasReference(tree), "the registrar's class instances are not recorded")
    }

    @Test("the Mirror path and the field-by-field path name them alike")
    func everyCapturePathAgrees() {
        let owner = RegistrarStorage()
        let viewed = captureValue(ObservedOwnerView(owner: owner, _name: "ann"))
        #expect(fieldNames(viewed) == ["owner", "name"])
        let kinds = captureValue(ObservedKindView(owner: nil, _count: 3))
        #expect(fieldNames(kinds) == ["owner", "kind", "count"])
        guard case let .structure(_, fields) = kinds else { return }
        #expect(fields.last?.value == .int(3))
    }

    @Test("a stored name that would collide, and a type without a registrar, keep their stored names")
    func onlyMacroStorageIsRenamed() {
        #expect(fieldNames(captureValue(BothNames(name: "a", _name: "b"))) == ["name", "_name"])
        #expect(fieldNames(captureValue(Underscored(_cache: 1, _$notARegistrar: 2))) == ["_cache", "_$notARegistrar"])
    }

    @Test("patches use the recorded names and rebuild the capture; a registrar-only change is no change")
    func patchesAgreeWithKeyframes() throws {
        let old = ObservedStandup(id: 1, title: "Design", attendees: ["ann"])
        var new = old
        new.title = "Review"
        new.attendees.append("bob")
        new.touchRegistrar()
        let patch = try checkedPatch(old, new)
        #expect(patch.contains(.set(path: [.field("title")], value: .string("Review"))), "\(patch)")
        #expect(patch.allSatisfy { $0.path.first == .field("title") || $0.path.first == .field("attendees") }, "\(patch)")
        var touched = old
        touched.touchRegistrar()
        #expect(try checkedPatch(old, touched).isEmpty)
        var renamed = ObservedOwnerView(owner: nil, _name: "ann")
        let before = renamed
        renamed._name = "bob"
        #expect(try checkedPatch(before, renamed) == [.set(path: [.field("name")], value: .string("bob"))])
    }

    @Test("the worker finds a macro-stored collection by its recorded name")
    func unsharingFindsRecordedNames() throws {
        let slots = try #require(StorageUnsharing.slots(in: ObservedStandup.self, fields: ["attendees"]))
        #expect(slots.count == 1)
        #expect(StorageUnsharing.slots(in: ObservedStandup.self, fields: ["_attendees"])?.isEmpty == true)
    }

    @Test("a recorded observed state has the declared names and no mutable-class warning")
    func recordingWarnsOfNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("observed.sstrace")
        let recorder = try Recorder(sink: .file(path))
        var state = ObservedStandup(id: 1, title: "Design")
        let recording = recorder.store("standup", initialState: state, actions: String.self)
        let reduce = recording.reducer { (state: inout ObservedStandup, action: String) in
            state.title = action
            state.touchRegistrar()
        }
        reduce(&state, "Review")
        #expect(recorder.close(timeout: .recorderCloseInTests))
        let records = try readTrace(path)
        let logs = records.compactMap { if case let .log(log) = $0 { log.message } else { nil } }
        #expect(!logs.contains { $0.contains("mutable classes") }, "\(logs)")
        let keyframe = records.compactMap { if case let .keyframe(keyframe) = $0 { keyframe.state } else { nil } }.first
        #expect(keyframe.map(fieldNames) == ["id", "title", "attendees"])
        let patches = records.compactMap { if case let .patch(patch) = $0 { patch.operations } else { nil } }
        #expect(patches == [[.set(path: [.field("title")], value: .string("Review"))]])
    }
}

/// The registrar as TCA declares it: `Codable`, encoding nothing and decoding a fresh one.
private struct CodableRegistrar: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
}

/// An `@ObservableState` state with synthesized `Codable`, whose keys are the stored names
/// (`_title`, `_$observationRegistrar`).
private struct CodableObservedStandup: Codable, Equatable {
    var _title: String
    var _attendees: [String]
    var _meeting: Int?
    var _$observationRegistrar = CodableRegistrar()
}

@Suite struct ObservationStorageDecodingTests {
    @Test("a recorded observed state decodes into its type's synthesized Codable, whose keys are the stored names")
    func synthesizedCodableDecodes() throws {
        let state = CodableObservedStandup(_title: "Design", _attendees: ["ann", "bob"], _meeting: 3)
        let tree = captureValue(state)
        #expect(fieldNames(tree) == ["title", "attendees", "meeting"])
        #expect(try TraceValueDecoder().decode(CodableObservedStandup.self, from: tree) == state)
        let none = CodableObservedStandup(_title: "Idle", _attendees: [], _meeting: nil)
        #expect(try TraceValueDecoder().decode(CodableObservedStandup.self, from: captureValue(none)) == none)
    }

    @Test("a field that is really missing is still reported missing, under the name the type asked for")
    func missingFieldsStayErrors() {
        let tree = TraceValue.structure(type: "CodableObservedStandup", fields: [.init("title", .string("Design"))])
        #expect(throws: DecodingError.self) { try TraceValueDecoder().decode(CodableObservedStandup.self, from: tree) }
        do {
            _ = try TraceValueDecoder().decode(CodableObservedStandup.self, from: tree)
        } catch let DecodingError.keyNotFound(key, _) {
            #expect(key.stringValue == "_attendees")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
