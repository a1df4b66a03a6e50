/// A note.
public struct Note: Sendable, Hashable, Decodable {
    /// Its id.
    public var id: Int
    /// Its text.
    public var text: String
}

/// The notes app's state.
public struct NotesModel: Sendable, Equatable, Decodable {
    /// The notes, oldest first.
    public var notes: [Note] = []
    /// Whether a load or refresh is in flight.
    public var isLoading = false
    /// Ids of the notes uploaded by sync.
    public var uploaded: [Int] = []
    /// The next id for a new note.
    public var nextID = 1
}

/// What can happen in the notes app.
public enum NotesAction: Sendable, Equatable, Decodable {
    /// The screen appeared: load the notes.
    case appeared
    /// Pull to refresh: reload the notes (a newer refresh replaces an older one).
    case refresh
    /// The notes arrived from the server.
    case loaded([Note])
    /// The user added a note.
    case add(String)
    /// Upload every note not yet uploaded.
    case sync
    /// One note was uploaded.
    case uploaded(id: Int)
}
