import Testing
import TraceFormat
@testable import TraceAnalysis

@Suite struct SessionFileNameTests {
    private func header(app: String, wallNanos: Int64) -> SessionHeader {
        SessionHeader(
            sessionID: [0x1f, 0x3a, 0x9c, 0x02, 0xff, 0xee], appName: app, storeName: "main",
            startWallNanos: wallNanos, startMonotonicNanos: 0, schemaFingerprint: 0)
    }

    @Test("A session file is named by app, the first 4 bytes of the session id and the UTC start second")
    func nameCarriesAppIDAndStart() {
        let start = Int64(1_796_099_175) * 1_000_000_000 + 999_000_000  // 2026-12-01T04:26:15.999Z
        #expect(SessionFileName.name(for: header(app: "search", wallNanos: start)) == "search-1f3a9c02-20261201T042615Z.sstrace")
        #expect(SessionFileName.name(for: header(app: "search", wallNanos: start), attempt: 2) == "search-1f3a9c02-20261201T042615Z-2.sstrace")
    }

    @Test("Characters that do not belong in a file name become _, and an empty or dotted name is 'app'")
    func unsafeAppNamesAreReplaced() {
        #expect(SessionFileName.name(for: header(app: "../my app", wallNanos: 0)) == ".._my_app-1f3a9c02-19700101T000000Z.sstrace")
        #expect(SessionFileName.name(for: header(app: "..", wallNanos: 0)) == "app-1f3a9c02-19700101T000000Z.sstrace")
        #expect(SessionFileName.utcStamp(-1) == "19691231T235959Z")
    }

    @Test("A peer's start time anywhere in Int64 names a file without trapping; from 1677 to 2262")
    func extremeStartTimesAreTotal() {
        #expect(SessionFileName.utcStamp(.min) == "16770921T001243Z")
        #expect(SessionFileName.utcStamp(.min + 1) == "16770921T001243Z")
        #expect(SessionFileName.utcStamp(.max) == "22620411T234716Z")
        #expect(SessionFileName.utcStamp(-999_999_999) == "19691231T235959Z")
        #expect(SessionFileName.utcStamp(-1_000_000_000) == "19691231T235959Z")
        #expect(SessionFileName.utcStamp(-1_000_000_001) == "19691231T235958Z")
        #expect(SessionFileName.name(for: header(app: "x", wallNanos: .min)) == "x-1f3a9c02-16770921T001243Z.sstrace")
    }
}
