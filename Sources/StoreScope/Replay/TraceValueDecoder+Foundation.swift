import Foundation

extension TreeDecoding {
    /// Foundation types that have their own node kind; nil for any other type.
    static func foundationValue<T>(_ node: TraceValue, as type: T.Type, path: [any CodingKey]) throws -> T? {
        func mismatch(_ expected: String) -> DecodingError {
            .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(expected), found \(node.shortDescription)"))
        }
        if type == Date.self {
            switch node {
            case let .date(seconds): return Date(timeIntervalSince1970: seconds) as? T
            case let .double(seconds): return Date(timeIntervalSinceReferenceDate: seconds) as? T
            default: throw mismatch("a date")
            }
        }
        if type == Data.self {
            guard case let .data(bytes) = node else { throw mismatch("data") }
            return Data(bytes) as? T
        }
        if type == UUID.self {
            guard let text = text(of: node), let uuid = UUID(uuidString: text) else { throw mismatch("a UUID") }
            return uuid as? T
        }
        if type == URL.self {
            guard let text = text(of: node), let url = URL(string: text) else { throw mismatch("a URL") }
            return url as? T
        }
        if type == Decimal.self {
            guard let text = text(of: node), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw mismatch("a decimal")
            }
            return decimal as? T
        }
        return nil
    }

    /// The text of a scalar the format keeps as text (`UUID("…")`), or of a plain string, as
    /// an action typed at the viewer may give it (`.open("https://example.com")`).
    private static func text(of node: TraceValue) -> String? {
        switch node {
        case let .scalar(_, text), let .string(text): text
        default: nil
        }
    }
}
