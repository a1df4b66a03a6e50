import Testing
@testable import TraceFormat

/// SHA-256 against the FIPS 180-4 examples and NIST's test vectors: the commitment a listener
/// checks a reconnecting app's secret against.
@Suite("SHA-256")
struct SHA256Tests {
    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("the NIST vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func vector(message: String, digest: String) {
        #expect(Self.hex(SHA256.digest(Array(message.utf8))) == digest)
    }

    @Test("one million 'a'")
    func millionA() {
        let digest = SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(Self.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("messages around the block boundaries: 55, 56, 63, 64 and 65 bytes")
    func boundaries() {
        // Python's hashlib.sha256(b"a" * n).hexdigest().
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        for (count, digest) in expected {
            #expect(Self.hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: count))) == digest, "\(count) bytes")
        }
    }
}
