import Testing
import TraceFormat
@testable import StoreScope

/// Types shaped as apps nest them: TCA's `@Reducer struct Feature { struct State; enum Action }`.
enum TypeNamesFeature {
    struct State: Equatable {
        var count = 0
        var detail: Detail.State?
    }

    enum Action: Equatable {
        case increment
        case detail(Detail.Action)
    }

    enum Detail {
        struct State: Equatable { var title = "" }
        enum Action: Equatable { case rename(String) }
    }
}

struct TypeNamesBox<Value> {
    struct Inner {}
}

private struct Hidden {
    struct Row {}
}

@Suite("Type names in the trace")
struct TypeNameTests {
    @Test("a nested type is named from its outermost type, without the module, in every node that names it")
    func nestedTypes() {
        var state = TypeNamesFeature.State()
        state.detail = .init(title: "Milk")
        #expect(captureValue(state) == .structure(type: "TypeNamesFeature.State", fields: [
            .init("count", .int(0)),
            .init("detail", .some(.structure(type: "TypeNamesFeature.Detail.State", fields: [.init("title", .string("Milk"))]))),
        ]))
        #expect(captureValue(TypeNamesFeature.State()) == .structure(type: "TypeNamesFeature.State", fields: [
            .init("count", .int(0)), .init("detail", .none(type: "TypeNamesFeature.Detail.State")),
        ]))
        let action = captureValue(TypeNamesFeature.Action.detail(.rename("x")))
        #expect(action == .enumeration(
            type: "TypeNamesFeature.Action", caseName: "detail",
            payload: [.init("", .enumeration(type: "TypeNamesFeature.Detail.Action", caseName: "rename", payload: [.init("", .string("x"))]))]))
    }

    @Test("generic arguments, standard library types, private and local types are named as the source spells them")
    func otherShapes() {
        struct Local {}
        #expect(TypeNames.name(of: [String: TypeNamesFeature.State?].self) == "Dictionary<String, Optional<TypeNamesFeature.State>>")
        #expect(TypeNames.name(of: TypeNamesBox<TypeNamesFeature.State>.Inner.self) == "TypeNamesBox<TypeNamesFeature.State>.Inner")
        #expect(TypeNames.name(of: Int.self) == "Int")
        #expect(TypeNames.name(of: (a: Int, b: TypeNamesFeature.State).self) == "(a: Int, b: TypeNamesFeature.State)")
        #expect(TypeNames.name(of: ((Int) -> String).self) == "(Int) -> String")
        #expect(TypeNames.name(of: Hidden.Row.self) == "Hidden.Row")
        #expect(TypeNames.name(of: [Local].self) == "Array<Local>")
    }

    @Test("the runtime's other spellings: extension contexts and a module named like a type")
    func runtimeSpellings() {
        #expect(TypeNames.withoutModules("(extension in App):Other.Calendar.Tag") == "Calendar.Tag")
        #expect(TypeNames.withoutModules("App.App.State") == "App.State")
        #expect(TypeNames.withoutModules("Swift.Array<__C.NSObject>") == "Array<NSObject>")
        #expect(TypeNames.withoutModules("App.(unknown context at $1a2b).(unknown context at $1a3c).Local.Nested") == "Local.Nested")
    }
}
