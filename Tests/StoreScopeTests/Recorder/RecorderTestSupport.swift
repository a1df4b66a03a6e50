import Foundation
@testable import StoreScope
import TraceAnalysis

/// A small store state with a collection of identifiable elements.
struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var done = false
}

struct ListState: Equatable, Sendable {
    var items: [Item] = []
    var filter: String = ""
    var isLoading = false
}

enum ListAction: Equatable, Sendable {
    case add(Int, String)
    case toggle(Int)
    case remove(Int)
    case setFilter(String)
    case setLoading(Bool)
}

func reduceList(_ state: inout ListState, _ action: ListAction) {
    switch action {
    case let .add(id, title): state.items.insert(Item(id: id, title: title), at: 0)
    case let .toggle(id):
        if let index = state.items.firstIndex(where: { $0.id == id }) { state.items[index].done.toggle() }
    case let .remove(id): state.items.removeAll { $0.id == id }
    case let .setFilter(filter): state.filter = filter
    case let .setLoading(loading): state.isLoading = loading
    }
}

/// Collects diagnostics the recorder reports.
final class DiagnosticsLog: Sendable {
    private let lines = LockedValue<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var handler: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
}

/// Reads every record of a trace file.
func readTrace(_ path: String) throws -> [Record] {
    try TraceReader(path: path).allRecords()
}

extension Record {
    var actionRecord: ActionRecord? { if case let .action(a) = self { a } else { nil } }
    var droppedRecord: DroppedRecords? { if case let .dropped(d) = self { d } else { nil } }
}
