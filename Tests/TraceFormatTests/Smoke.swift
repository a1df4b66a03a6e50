import Foundation
import Testing
@testable import TraceFormat

@Test func aWrittenTraceReadsBack() throws {
    let path = NSTemporaryDirectory() + "smoke-\(UUID().uuidString).sstrace"
    defer { unlink(path) }
    let header = SessionHeader(sessionID: Array(repeating: 7, count: 16), appName: "App", storeName: "main", startWallNanos: 1, startMonotonicNanos: 2, schemaFingerprint: 3)
    let writer = try TraceWriter(path: path, header: header, options: .init(chunkSize: 200))
    var written: [Record] = []
    for i in 1...100 {
        let r = Record.action(ActionRecord(seq: UInt64(i), store: "main", monotonicNanos: UInt64(i * 10), wallNanos: 5, reducerNanos: 7, action: .enumeration(type: "A", caseName: "inc", payload: [.init("by", .int(Int64(i)))])))
        try writer.append(r)
        written.append(r)
    }
    try writer.close()
    let reader = try TraceReader(path: path)
    #expect(reader.header == header)
    #expect(reader.indexSource == .footer)
    #expect(reader.chunks.count > 1)
    #expect(reader.allRecords() == written)
}
