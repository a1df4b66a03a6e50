/// Where in the app's source something happened (`#fileID` and `#line`).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as `#fileID` gives it (`Module/File.swift`).
    public var file: String
    /// The line number.
    public var line: UInt32

    /// Creates a location.
    public init(file: String, line: UInt32) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}
