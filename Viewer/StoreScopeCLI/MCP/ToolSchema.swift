/// JSON Schema texts for the tools' arguments and answers, built from their members.
enum ToolSchema {
    /// `{"type":"object","properties":{…},"required":[…]}`; `properties` are JSON members.
    static func object(_ properties: [String], required: [String] = []) -> String {
        let list = required.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"type":"object","properties":{"# + properties.joined(separator: ",") + #"},"required":["# + list + "]}"
    }

    /// `"name":{"type":"…","description":"…"}`.
    static func member(_ name: String, _ type: String, _ description: String) -> String {
        #""\#(name)":{"type":"\#(type)","description":"\#(description)"}"#
    }

    /// `"name":{"type":"array","items":{"type":"object"}}`.
    static func objects(_ name: String) -> String {
        #""\#(name)":{"type":"array","items":{"type":"object"}}"#
    }

    /// The `session` argument every tool but `list_sessions` takes.
    static let session = member("session", "string", "A session name from list_sessions; may be left out when the server has one trace.")
    /// The `store` argument.
    static let store = member("store", "string", "The store (default: the main store).")
    /// A point argument: a seq, start, end, or a time.
    static func point(_ name: String, _ description: String) -> String {
        #""\#(name)":{"type":["integer","string"],"description":"\#(description) A seq (action number), start, end, or a time since the start such as 1.5s."}"#
    }
    /// The `path` argument.
    static let path = member("path", "string", "Only this part of the state, e.g. .users[3].name; [*] for any index, /case for an enum case (.path[0]/detail.title).")
}
