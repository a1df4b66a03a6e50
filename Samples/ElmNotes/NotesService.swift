/// The notes server, faked over a scripted ``FakeNetwork``.
public struct NotesService: Sendable {
    /// The network the requests go through.
    public let network: FakeNetwork
    private let stored = [Note(id: 1, text: "Buy oat milk"), Note(id: 2, text: "Call the plumber"), Note(id: 3, text: "Book flights")]

    /// Creates a service over `network`.
    public init(network: FakeNetwork) {
        self.network = network
    }

    /// Fetches the notes.
    public func fetchNotes() async throws -> [Note] {
        try await network.call("GET /notes")
        return stored
    }

    /// Uploads one note.
    public func upload(_ note: Note) async throws {
        try await network.call("PUT /notes/\(note.id)")
    }
}
