/// The incompatible feature bits of the file header (docs/FORMAT.md §3): properties a reader
/// must understand, so that an older reader refuses the file up front.
public enum IncompatibleFeatures {
    /// The file may hold `state not recorded` records (a recorder that coalesces states,
    /// docs/FORMAT.md §6): a reader that did not know them would show an older state as the
    /// state after such an action.
    public static let unrecordedStates: UInt32 = 1
}
