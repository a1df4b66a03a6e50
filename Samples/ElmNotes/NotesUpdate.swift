/// The notes app's environment: its services.
public struct NotesEnvironment: Sendable {
    /// The notes server.
    public var service: NotesService

    /// Creates an environment over `service` (the scenario's fake server, or a test's).
    public init(service: NotesService) {
        self.service = service
    }
}

extension NotesModel {
    /// The update function: the next state and the fx to run.
    public static func update(
        model: NotesModel, environment: NotesEnvironment, action: NotesAction
    ) -> Elm.Update<NotesModel, NotesAction> {
        var model = model
        switch action {
        case .appeared, .refresh:
            model.isLoading = true
            let service = environment.service
            let fx = Elm.Fx<NotesAction>.run(action == .appeared ? "load" : "refresh") { send in
                send(.loaded(try await service.fetchNotes()))
            }
            return Elm.Update(state: model, fx: fx)
        case let .loaded(notes):
            model.notes = notes
            model.isLoading = false
            model.nextID = (notes.map(\.id).max() ?? 0) + 1
        case let .add(text):
            model.notes.append(Note(id: model.nextID, text: text))
            model.nextID += 1
        case .sync:
            let pending = model.notes.filter { !model.uploaded.contains($0.id) }
            let service = environment.service
            return Elm.Update(state: model, fx: .run("sync") { send in
                for note in pending {
                    try await service.upload(note)
                    send(.uploaded(id: note.id))
                }
            })
        case let .uploaded(id):
            model.uploaded.append(id)
        }
        return Elm.Update(state: model)
    }
}
