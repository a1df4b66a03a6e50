import Foundation

extension Redaction {
    /// The text that replaces a hidden value inside a URL (valid in a URL, so the text still
    /// parses as one).
    static let urlPlaceholder = "REDACTED"

    /// `text`, a URL's absolute string, with what the rule hides replaced by `REDACTED` and the
    /// rest kept as it was: the value of each query item (`?a=1&access_token=...`) and
    /// fragment item (`#access_token=...`, as OAuth's implicit flow returns tokens) whose
    /// percent-decoded name the rule matches, and the password of the user info
    /// (`https://user:password@host`). A rule without patterns changes nothing.
    func redactingURL(_ text: String) -> String {
        guard !fieldPatterns.isEmpty, text.contains(where: { $0 == "?" || $0 == "#" || $0 == "@" }) else { return text }
        let fragmentStart = text.firstIndex(of: "#")
        let beforeFragment = text[..<(fragmentStart ?? text.endIndex)]
        let queryStart = beforeFragment.firstIndex(of: "?")
        var result = Self.redactingPassword(in: beforeFragment[..<(queryStart ?? beforeFragment.endIndex)])
        if let queryStart {
            result += "?" + redactingItems(beforeFragment[beforeFragment.index(after: queryStart)...])
        }
        if let fragmentStart {
            result += "#" + redactingItems(text[text.index(after: fragmentStart)...])
        }
        return result
    }

    /// `name=value` items separated by `&`, each value hidden when its name matches.
    private func redactingItems(_ items: Substring) -> String {
        guard items.contains("=") else { return String(items) }
        return items.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals]
            let decoded = name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(name)
            return redacts(field: decoded) ? name + "=" + Self.urlPlaceholder : String(item)
        }.joined(separator: "&")
    }

    /// `scheme://user:password@host/path` with the password hidden.
    private static func redactingPassword(in head: Substring) -> String {
        guard let scheme = head.range(of: "://") else { return String(head) }
        let authority = head[scheme.upperBound...].prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return String(head) }
        return head[..<head.index(after: colon)] + urlPlaceholder + head[at...]
    }
}
