/// A deliberate bug a test can switch on in a sample's reducer, to prove that a replay of a
/// recorded session catches a regression in the real reducer (not in an edited copy of it).
///
/// The switch is task-local: only code running inside ``withValue(_:operation:)`` of the test
/// that set it sees the bug, so other tests running at the same time keep the correct
/// reducer. Samples read it with ``InjectedBug/active``.
public enum InjectedBug: String, Sendable, CaseIterable {
    /// `TodoReducer` appends an imported todo but forgets to count it in `importedCount`.
    case todosImportNotCounted = "todos-import-not-counted"

    /// The bug switched on for the current task; `nil` (no bug) unless a test set one.
    @TaskLocal public static var active: InjectedBug?
}
