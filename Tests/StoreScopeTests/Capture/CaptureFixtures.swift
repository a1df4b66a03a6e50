import Foundation
@testable import StoreScope

// Small state shapes shared by the capture, diff and reconstruction tests.

struct Profile: Equatable, Identifiable {
    var id: Int
    var name: String
    var tags: [String]
    var status: Status?
}

enum Status: Equatable {
    case idle
    case loading(progress: Double)
    case failed(String, code: Int)
}

struct Point: Hashable {
    var x: Int
    var y: Int
}

struct Credentials: Equatable {
    var user: String
    var password: String
    var apiKey: String?
    var card: Redacted<String>
}

final class Node {
    var name: String
    var next: Node?
    init(name: String, next: Node? = nil) {
        self.name = name
        self.next = next
    }
}

struct Settings: Codable, Equatable, TraceCapturedByEncoding {
    var theme: String
    var fontSize: Int
    var sessionToken: String
    var updated: Date
    var flags: Set<String>
}

struct Money: Equatable, TraceValueConvertible {
    var cents: Int
    var traceValue: TraceValue { .scalar(type: "Money", text: "\(cents / 100).\(String(format: "%02d", cents % 100))") }
}
