extension TraceValueDecoder {
    /// Why a decoding failed, in one line for a person: where (`at .todos._0: `) and what
    /// (`TodosAction has no case "serch"`), without the `DecodingError.Context` dump that
    /// `"\(error)"` prints.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context), let .dataCorrupted(context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
