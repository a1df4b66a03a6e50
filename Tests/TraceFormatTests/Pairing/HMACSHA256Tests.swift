import Foundation
import StoreScopeTestSupport
import Testing
@testable import TraceFormat

/// The one primitive StoreScope writes itself (on Linux; CryptoKit's on Apple platforms):
/// SHA-256 and HMAC-SHA256 against the published vectors and against Python's `hashlib` and
/// `hmac` on random inputs.
@Suite("SHA-256 and HMAC-SHA256", .tags(.process))
struct HMACSHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    #if !canImport(CryptoKit)
    static func sha256(_ message: [UInt8], inPiecesOf piece: Int = .max) -> String {
        var hasher = PortableSHA256()
        var start = 0
        repeat {
            let end = min(message.count, start + max(1, min(piece, message.count)))
            hasher.update(message[start..<end])
            start = end
        } while start < message.count
        return hex(hasher.finalize())
    }

    @Test("FIPS 180-2 and RFC 6234 vectors, whole and fed in pieces across block boundaries")
    func sha256Vectors() {
        let vectors: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
             "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ]
        for (message, digest) in vectors {
            for piece in [Int.max, 1, 7, 63, 64, 65] {
                #expect(Self.sha256(Array(message.utf8), inPiecesOf: piece) == digest, "\(message) in pieces of \(piece)")
            }
        }
        #expect(Self.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000), inPiecesOf: 4_096)
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
    #endif

    @Test("RFC 4231 test cases 1-7 (case 5 truncated to 128 bits, as the RFC gives it)")
    func rfc4231() {
        let cases: [(key: [UInt8], data: [UInt8], code: String)] = [
            ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
             "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
            ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
             "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
            (Array(1...25), [UInt8](repeating: 0xcd, count: 50),
             "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
            ([UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8),
             "a3b6167473100ee06e0c796c2955552b"),
            ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
            ([UInt8](repeating: 0xaa, count: 131),
             Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
             "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
        ]
        for (index, test) in cases.enumerated() {
            let code = Self.hex(HMACSHA256(key: test.key).code(test.data))
            #expect(code.hasPrefix(test.code), "RFC 4231 case \(index + 1): \(code)")
        }
    }

    @Test("agrees with Python's hmac and hashlib on random keys and messages of every size around the block")
    func agreesWithPython() throws {
        var random = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
        var lines: [String] = []
        var expected: [String] = []
        for round in 0..<200 {
            let keyLength = [0, 1, 31, 32, 63, 64, 65, 100, 200][round % 9]
            let messageLength = round < 130 ? round : Int(random.next() % 5_000)
            let key = (0..<keyLength).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let message = (0..<messageLength).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            lines.append("\(Self.hex(key)) \(Self.hex(message))")
            // The message in uneven parts: a code is the same however it is fed.
            var computation = HMACSHA256(key: key).start()
            var start = 0
            while start < message.count {
                let end = min(message.count, start + 1 + Int(random.next() % 97))
                computation.update(Array(message[start..<end]))
                start = end
            }
            expected.append(Self.hex(computation.finalize()) + " " + Self.hex(SHA256.digest(message)))
        }
        let script = """
            import sys, hmac, hashlib
            for line in sys.stdin.read().split("\\n"):
                if not line: continue
                key, message = (bytes.fromhex(part) for part in (line.split(" ") + [""])[:2])
                print(hmac.new(key, message, hashlib.sha256).hexdigest(), hashlib.sha256(message).hexdigest())
            """
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], input: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 0, "python3: \(run.stderr)")
        let answers = run.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == expected.count)
        for (index, (ours, theirs)) in zip(expected, answers).enumerated() where ours != theirs {
            Issue.record("input \(index) (\(lines[index].prefix(60))...): ours \(ours), Python's \(theirs)")
        }
    }

    @Test("constant-time comparison: equal only for equal bytes and lengths")
    func comparison() {
        #expect(HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(HMACSHA256.constantTimeEquals([UInt8](), [UInt8]()))
    }
}
