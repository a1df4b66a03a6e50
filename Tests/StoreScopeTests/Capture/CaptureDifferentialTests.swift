import Foundation
import StoreScopeTestSupport
import Testing
@testable import StoreScope
import TraceFormat

// A differential test over many type shapes: seeded random states and mutations, each state
// captured by ``captureValue(_:options:)`` and rebuilt from the first keyframe plus every
// ``capturePatch(from:to:options:)`` since, both compared with ``MirrorReferenceCapture``.

private struct GridKey: Hashable { var x: Int; var y: Int }
private struct Cell: Equatable { var value: Double; var note: String? }
private struct Member: Equatable, Identifiable { var id: Int; var name: String; var roles: Set<String>; var rank: Rank }
private enum Rank: Equatable { case guest, member(since: Int), admin(String, level: Int) }
private indirect enum Tree { case leaf(Int), node(Tree, label: String, Tree) }
/// Its `token` case is redacted whole by its name; `guest` keeps its payload.
private enum Login { case signedOut, token(String), guest(name: String) }
private struct Box<Content> { var content: Content; var revision: Int }
private protocol Shape {}
private struct Circle: Shape { var radius: Double }
private enum Polygon: Shape { case triangle, square(side: Int) }
private final class Canvas: Shape, MutableFixture { var strokes = 0 }

/// Immutable: recorded in full.
private class Tag {
    let name: String
    let weight: Int
    init(name: String, weight: Int) {
        self.name = name
        self.weight = weight
    }
}

/// An immutable subclass: its superclass's fields come first.
private final class ColoredTag: Tag {
    let color: String
    init(name: String, weight: Int, color: String) {
        self.color = color
        super.init(name: name, weight: weight)
    }
}

/// Mutable: recorded by identity only.
private final class Visit: MutableFixture {
    var hits = 0
}

private struct Price: Equatable, TraceValueConvertible {
    var cents: Int
    var traceValue: TraceValue { .scalar(type: "Price", text: "\(cents)c") }
}

private struct World {
    var id = 0
    var title = "world"
    var score = 0.0
    var flags: Set<String> = []
    var members: [Member] = []
    var grid: [GridKey: Cell] = [:]
    var matrix: [[Int]] = []
    var pair: (Int, label: String) = (0, "")
    var featured: Member?
    var rank = Rank.guest
    var tree = Tree.leaf(0)
    var anything: Any = 0
    var shape: any Shape = Circle(radius: 1)
    var box = Box(content: ["a": 1], revision: 0)
    var tags: [Tag] = []
    var visit = Visit()
    var when = Date(timeIntervalSince1970: 0)
    var zone = TimeZone(identifier: "UTC")!
    var link = URL(string: "https://example.com")!
    var uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    var amount = Decimal(0)
    var price = Price(cents: 0)
    var authToken = "secret"
    var optionalLists: [String: [Int]?] = [:]
    var headers: [String: String] = [:]
    var requestHeaders: [(String, String)] = []
    var login = Login.signedOut
}

private struct Mutator {
    var generator: SplitMix64

    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func word() -> String { ["ann", "bob", "cy", "dee", "", "é", "Authorization"][int(0..<7)] }

    mutating func rank() -> Rank {
        switch int(0..<3) {
        case 0: .guest
        case 1: .member(since: int(0..<100))
        default: .admin(word(), level: int(0..<5))
        }
    }

    mutating func tree(depth: Int) -> Tree {
        depth == 0 || int(0..<3) == 0 ? .leaf(int(0..<10)) : .node(tree(depth: depth - 1), label: word(), tree(depth: depth - 1))
    }

    mutating func member(_ id: Int) -> Member {
        Member(id: id, name: word(), roles: Set((0..<int(0..<3)).map { _ in word() }), rank: rank())
    }

    mutating func tag() -> Tag {
        int(0..<2) == 0 ? Tag(name: word(), weight: int(0..<9)) : ColoredTag(name: word(), weight: int(0..<9), color: word())
    }

    mutating func anything() -> Any {
        switch int(0..<7) {
        case 0: int(0..<100)
        case 1: word()
        case 2: member(int(0..<50))
        case 3: [int(0..<5), int(0..<5)] as [Any]
        case 4: Optional(rank()) as Any
        case 5: tag()
        default: NSNumber(value: int(0..<3))
        }
    }

    /// Applies one random change to `world`.
    mutating func mutate(_ world: inout World) {
        switch int(0..<28) {
        case 0: world.id += 1
        case 1: world.title = word()
        case 2: world.score = [0.0, -0.0, .nan, .infinity, 1.5][int(0..<5)]
        case 3: world.flags.insert(word())
        case 4: if !world.flags.isEmpty { world.flags.remove(world.flags.first!) }
        case 5: world.members.insert(member(int(0..<1000)), at: int(0..<(world.members.count + 1)))
        case 6: if !world.members.isEmpty { world.members.remove(at: int(0..<world.members.count)) }
        case 7: if !world.members.isEmpty { world.members[int(0..<world.members.count)].rank = rank() }
        case 8: if world.members.count > 1 { world.members.swapAt(0, world.members.count - 1) }
        case 9: world.grid[GridKey(x: int(0..<4), y: int(0..<4))] = Cell(value: Double(int(0..<9)), note: int(0..<2) == 0 ? nil : word())
        case 10: world.grid[GridKey(x: int(0..<4), y: int(0..<4))] = nil
        case 11: world.matrix.append((0..<int(0..<4)).map { _ in int(0..<9) })
        case 12: if !world.matrix.isEmpty { world.matrix[int(0..<world.matrix.count)].append(int(0..<9)) }
        case 13: world.pair = (int(0..<9), word())
        case 14: world.featured = int(0..<3) == 0 ? nil : member(int(0..<9))
        case 15: world.rank = rank()
        case 16: world.tree = tree(depth: 4)
        case 17: world.anything = anything()
        case 18: world.shape = [Circle(radius: Double(int(0..<3))), Polygon.square(side: int(0..<3)), Polygon.triangle, Canvas()][int(0..<4)]
        case 19: world.box.content[word()] = int(0..<9); world.box.revision += 1
        case 20: world.tags.append(tag())
        case 21: if !world.tags.isEmpty { world.tags.removeFirst() }
        case 22: world.visit.hits += 1  // in place: identity unchanged, nothing to record
        case 23: world.visit = Visit()
        case 24:
            world.when = Date(timeIntervalSince1970: Double(int(0..<1000)))
            world.zone = TimeZone(identifier: ["UTC", "Europe/Paris", "Asia/Tokyo"][int(0..<3)])!
            world.link = URL(string: "https://example.com/\(int(0..<9))?page=\(int(0..<3))&access_token=t\(int(0..<9))")!
            world.amount = Decimal(int(0..<100)) / 10
            world.price = Price(cents: int(0..<500))
            world.authToken = word()
        case 25:
            if world.requestHeaders.isEmpty || int(0..<3) == 0 {
                world.requestHeaders.append((word(), word()))
            } else {
                let index = int(0..<world.requestHeaders.count)
                if int(0..<2) == 0 { world.requestHeaders[index].0 = word() } else { world.requestHeaders[index].1 = word() }
            }
        case 26: world.login = [.signedOut, .token(word()), .guest(name: word())][int(0..<3)]
        default:
            world.optionalLists[word()] = int(0..<3) == 0 ? .some(nil) : [int(0..<9)]
            world.headers[word()] = word()
        }
    }
}

@Test(arguments: [UInt64(1), 2, 3, 4])
func captureAndPatchesAgreeWithAPlainMirrorCaptureOverRandomStates(seed: UInt64) throws {
    var mutator = Mutator(generator: SplitMix64(seed: seed))
    var world = World()
    var keyframe = captureValue(world)
    #expect(keyframe == MirrorReferenceCapture.capture(world))
    for step in 0..<100 {
        let previous = world
        for _ in 0..<mutator.int(1..<4) { mutator.mutate(&world) }
        let reference = MirrorReferenceCapture.capture(world)
        #expect(captureValue(world) == reference, "seed \(seed) step \(step): capture")
        try keyframe.apply(capturePatch(from: previous, to: world))
        #expect(keyframe == reference, "seed \(seed) step \(step): keyframe + patches")
        if keyframe != reference { return }
    }
}
