@testable import StoreScope
import StoreScopeTestSupport

/// Shape 1: identifiable rows with nested identifiable arrays, an optional enum, a dictionary
/// and a set.
struct Feed: Equatable {
    struct Comment: Equatable, Identifiable {
        var id: Int
        var text: String
    }
    struct Item: Equatable, Identifiable {
        var id: Int
        var title: String
        var comments: [Comment]
        var state: Status?
    }
    var items: [Item] = []
    var filter: Status? = nil
    var counts: [String: Int] = [:]
    var tags: Set<Int> = []
    var authToken = "t"

    mutating func mutate(using rng: inout SplitMix64, nextID: inout Int) {
        func text() -> String { ["a", "b", "c", "dd", ""].randomElement(using: &rng)! }
        func status() -> Status? {
            [nil, .idle, .loading(progress: Double(Int.random(in: 0...4, using: &rng)) / 4), .failed(text(), code: Int.random(in: 0...3, using: &rng))]
                .randomElement(using: &rng)!
        }
        switch Int.random(in: 0..<11, using: &rng) {
        case 0:
            nextID += 1
            items.insert(Item(id: nextID, title: text(), comments: [], state: status()), at: Int.random(in: 0...items.count, using: &rng))
        case 1: if !items.isEmpty { items.remove(at: Int.random(in: 0..<items.count, using: &rng)) }
        case 2: if !items.isEmpty { items[Int.random(in: 0..<items.count, using: &rng)].title = text() }
        case 3: if items.count > 1 { items.swapAt(Int.random(in: 0..<items.count, using: &rng), Int.random(in: 0..<items.count, using: &rng)) }
        case 4:
            if !items.isEmpty {
                let i = Int.random(in: 0..<items.count, using: &rng)
                nextID += 1
                items[i].comments.insert(Comment(id: nextID, text: text()), at: Int.random(in: 0...items[i].comments.count, using: &rng))
            }
        case 5:
            if let i = items.indices.randomElement(using: &rng), !items[i].comments.isEmpty {
                if Bool.random(using: &rng) { items[i].comments.removeFirst() } else { items[i].comments[0].text = text() }
            }
        case 6: if !items.isEmpty { items[Int.random(in: 0..<items.count, using: &rng)].state = status() }
        case 7: filter = status()
        case 8:
            let key = text()
            if Bool.random(using: &rng) { counts[key] = Int.random(in: 0...5, using: &rng) } else { counts[key] = nil }
        case 9:
            let tag = Int.random(in: 0...8, using: &rng)
            if tags.contains(tag) { tags.remove(tag) } else { tags.insert(tag) }
        default:
            authToken = text()
            items.shuffle(using: &rng)
        }
    }
}

/// Shape 2: nothing `Equatable` or `Identifiable`: nested plain arrays, a non-equatable
/// element type, an integer-keyed dictionary of enums, a tuple.
struct Board {
    struct Cell {
        var value: Int
        var note: String?
    }
    var grid: [[Int]] = [[0]]
    var cells: [Cell] = []
    var statuses: [Int: Status] = [:]
    var cursor: (row: Int, Int) = (0, 0)
    var password = "p"

    mutating func mutate(using rng: inout SplitMix64, nextID: inout Int) {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: grid.insert((0..<Int.random(in: 0...3, using: &rng)).map { $0 }, at: Int.random(in: 0...grid.count, using: &rng))
        case 1: if !grid.isEmpty { grid.remove(at: Int.random(in: 0..<grid.count, using: &rng)) }
        case 2:
            if let row = grid.indices.randomElement(using: &rng) {
                grid[row].insert(Int.random(in: 0...9, using: &rng), at: Int.random(in: 0...grid[row].count, using: &rng))
            }
        case 3: cells.insert(Cell(value: Int.random(in: 0...3, using: &rng), note: Bool.random(using: &rng) ? "n" : nil), at: Int.random(in: 0...cells.count, using: &rng))
        case 4:
            if !cells.isEmpty {
                let i = Int.random(in: 0..<cells.count, using: &rng)
                if Bool.random(using: &rng) { cells.remove(at: i) } else { cells[i].note = cells[i].note == nil ? "m" : nil }
            }
        case 5:
            let key = Int.random(in: 0...5, using: &rng)
            statuses[key] = Bool.random(using: &rng) ? nil : .failed("e", code: Int.random(in: 0...2, using: &rng))
        case 6: cursor = (Int.random(in: 0...2, using: &rng), Int.random(in: 0...2, using: &rng))
        default: password += "x"
        }
    }
}

/// Shape 3: an enum at the root (a session state machine) whose cases carry structs with
/// identifiable arrays, optionals and nested enums; transitions replace the case, edits change
/// the payload in place.
enum Session: Equatable {
    struct Cart: Equatable {
        struct Line: Equatable, Identifiable {
            var id: Int
            var sku: String
            var quantity: Int
        }
        var lines: [Line] = []
        var coupon: String?
        var checkout: Status?
    }
    case signedOut(lastError: String?)
    case signingIn(user: String, attempt: Int)
    case shopping(user: String, cart: Cart)
    case suspended

    mutating func mutate(using rng: inout SplitMix64, nextID: inout Int) {
        func word() -> String { ["ada", "bo", "cy", ""].randomElement(using: &rng)! }
        switch self {
        case .signedOut:
            self = Bool.random(using: &rng) ? .signingIn(user: word(), attempt: 1) : .signedOut(lastError: Bool.random(using: &rng) ? nil : word())
        case let .signingIn(user, attempt):
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: self = .signingIn(user: user, attempt: attempt + 1)
            case 1: self = .shopping(user: user, cart: Cart())
            default: self = .signedOut(lastError: "denied \(attempt)")
            }
        case .shopping(let user, var cart):
            switch Int.random(in: 0..<7, using: &rng) {
            case 0:
                nextID += 1
                cart.lines.insert(.init(id: nextID, sku: word(), quantity: 1), at: Int.random(in: 0...cart.lines.count, using: &rng))
            case 1: if !cart.lines.isEmpty { cart.lines[Int.random(in: 0..<cart.lines.count, using: &rng)].quantity += 1 }
            case 2: if !cart.lines.isEmpty { cart.lines.remove(at: Int.random(in: 0..<cart.lines.count, using: &rng)) }
            case 3: cart.coupon = Bool.random(using: &rng) ? word() : nil
            case 4: cart.checkout = [nil, .idle, .loading(progress: 0.5), .failed(word(), code: 402)].randomElement(using: &rng)!
            case 5:
                self = .suspended
                return
            default: cart.lines.reverse()
            }
            self = .shopping(user: user, cart: cart)
        case .suspended:
            self = .signedOut(lastError: "suspended")
        }
    }
}
