import Foundation

/// The JSON of one request line.
enum ControlRequestLine {
    static func decode(_ bytes: [UInt8]) -> ControlRequest? {
        try? JSONDecoder().decode(ControlRequest.self, from: Data(bytes))
    }
}

/// The JSON of one reply line.
enum ControlReplyLine {
    static func decode(_ bytes: [UInt8]) -> ControlReply? {
        try? JSONDecoder().decode(ControlReply.self, from: Data(bytes))
    }
}
