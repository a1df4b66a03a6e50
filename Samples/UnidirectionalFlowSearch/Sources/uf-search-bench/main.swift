// Store-thread cost of recording a swift-unidirectional-flow store, beside the library's own
// cost: the time of one `await store.send(.search(...))` with one middleware (answering nothing),
// plain, with the reducer recorded, and with the reducer and the middleware recorded (each call
// an effect). Release build:
//   swift run -c release uf-search-bench [SENDS] [ROUNDS]
// The table gives the median over rounds of each round's median and 99th percentile.
import Foundation
import UnidirectionalFlowSearch

let arguments = CommandLine.arguments
let sends = arguments.count > 1 ? Int(arguments[1]) ?? 20_000 : 20_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uf-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

try await SearchBenchmark.run(sends: sends, rounds: rounds, directory: directory)
