import Testing
@testable import TraceFormat

/// Pairing between an app and a listener (docs/FORMAT.md §17, "Pairing"), driven in memory:
/// each side's bytes handed to the other as they would arrive.
@Suite("Pairing: secret, handshake and authenticated frames")
struct PairingTests {
    static let secret = PairingSecret(typed: "7kq2-m9xd-4hb1-zc0p-8tnv-w3ry-6feg")!

    /// Runs a handshake between two sides; returns what each ended with.
    static func pair(_ app: inout PairingHandshake, _ listener: inout PairingHandshake)
        -> (app: PairingHandshake.Progress, listener: PairingHandshake.Progress)
    {
        // Both send their hellos at once; each answers the other's.
        let appProgress1 = app.receive(listener.hello)
        let listenerProgress1 = listener.receive(app.hello)
        guard case let .waiting(appProof) = appProgress1, case let .waiting(listenerProof) = listenerProgress1 else {
            return (appProgress1, listenerProgress1)
        }
        return (app.receive(listenerProof), listener.receive(appProof))
    }

    @Test("a secret has 140 bits in 28 typeable characters, reads back however it is typed, and is new each time")
    func secrets() {
        let secret = PairingSecret.generate()
        #expect(secret.canonical.count == 28)
        #expect(secret.description.count == 34 && secret.description.split(separator: "-").count == 7)
        #expect(PairingSecret(typed: secret.description) == secret)
        #expect(PairingSecret(typed: secret.description.uppercased().replacingOccurrences(of: "-", with: " ")) == secret)
        #expect(PairingSecret(typed: "IL0O-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa")?.canonical == "1100" + String(repeating: "a", count: 24), "Crockford: i, l read as 1, o as 0")
        #expect(PairingSecret(typed: "aaaa-aaaa") == nil, "too short")
        #expect(PairingSecret(typed: "uuuu-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa") == nil, "u is not in the alphabet")
        #expect(PairingSecret(typed: secret.description + "a") == nil, "too long")
        let many = Set((0..<2_000).map { _ in PairingSecret.generate() })
        #expect(many.count == 2_000)
        // Every character of the alphabet turns up, in every position over enough secrets.
        let characters = Set(many.flatMap(\.canonical))
        #expect(characters == Set(PairingSecret.alphabet))
    }

    @Test("the same secret pairs both sides, and each side's sending key is the other's receiving key")
    func pairs() throws {
        var app = PairingHandshake(role: .app, secret: Self.secret)
        var listener = PairingHandshake(role: .listener, secret: Self.secret)
        let (appEnd, listenerEnd) = Self.pair(&app, &listener)
        guard case let .paired(appSend, appKeys, appLeft) = appEnd, case let .paired(listenerSend, listenerKeys, listenerLeft) = listenerEnd else {
            Issue.record("did not pair: \(appEnd) / \(listenerEnd)")
            return
        }
        #expect(appSend.isEmpty && listenerSend.isEmpty && appLeft.isEmpty && listenerLeft.isEmpty)
        var sealer = PairedFrames.Sealer(key: appKeys.sending)
        var opener = PairedFrames.Opener(key: listenerKeys.receiving)
        let frame = [UInt8]("session header".utf8).withUnsafeBytes { sealer.seal($0) }
        opener.append(frame)
        #expect(try opener.next() == Array("session header".utf8))
        // The other direction has its own key: a frame reflected back does not open.
        var reflected = PairedFrames.Opener(key: appKeys.receiving)
        reflected.append(frame)
        #expect(throws: TraceError.self) { try reflected.next() }
    }

    @Test("a wrong secret fails on both sides, each saying so, and the proof of the one who failed still goes out")
    func wrongSecret() {
        var app = PairingHandshake(role: .app, secret: PairingSecret.generate())
        var listener = PairingHandshake(role: .listener, secret: Self.secret)
        // The listener gets the app's hello and proof in one read: it fails, and still answers
        // with its own proof so that the app can tell its user why.
        guard case let .waiting(appProof) = app.receive(listener.hello) else { Issue.record("the app did not wait"); return }
        let listenerEnd = listener.receive(app.hello + appProof)
        guard case let .failed(.wrongSecret, listenerProof) = listenerEnd else { Issue.record("\(listenerEnd)"); return }
        #expect(listenerProof.count == PairingHandshake.messageSize)
        guard case .failed(.wrongSecret, _) = app.receive(listenerProof) else { Issue.record("the app did not see the wrong secret"); return }
    }

    @Test("a replayed handshake fails: the proof recorded from one pairing does not answer a fresh nonce")
    func replay() {
        var app = PairingHandshake(role: .app, secret: Self.secret)
        var listener = PairingHandshake(role: .listener, secret: Self.secret)
        let recordedHello = app.hello
        _ = listener.receive(recordedHello)
        guard case let .waiting(recordedProof) = app.receive(listener.hello) else { Issue.record("the app did not answer"); return }
        // An eavesdropper replays the app's hello and proof to a new listener.
        var victim = PairingHandshake(role: .listener, secret: Self.secret)
        guard case .failed(.wrongSecret, _) = victim.receive(recordedHello + recordedProof) else {
            Issue.record("a replayed handshake paired")
            return
        }
        // And to an app, the listener's: the same.
        var listenerAgain = PairingHandshake(role: .listener, secret: Self.secret, nonce: [UInt8](repeating: 7, count: 32))
        var appOne = PairingHandshake(role: .app, secret: Self.secret)
        guard case let .waiting(listenerProof) = listenerAgain.receive(appOne.hello) else { Issue.record("no proof"); return }
        _ = appOne.receive(listenerAgain.hello)
        var appTwo = PairingHandshake(role: .app, secret: Self.secret)
        guard case .failed(.wrongSecret, _) = appTwo.receive(listenerAgain.hello + listenerProof) else {
            Issue.record("a replayed listener handshake paired")
            return
        }
    }

    @Test("a peer that reflects our own messages, claims our role, or sends other bytes is refused before anything else")
    func otherPeers() {
        var app = PairingHandshake(role: .app, secret: Self.secret)
        guard case .failed(.sameRole(.app), _) = app.receive(app.hello) else { Issue.record("a reflected hello was taken"); return }
        var listener = PairingHandshake(role: .listener, secret: Self.secret)
        guard case .failed(.notPairing, _) = listener.receive(Array("GET / HTTP/1.1\r\n".utf8)) else { Issue.record("HTTP was taken"); return }
        var early = PairingHandshake(role: .listener, secret: Self.secret)
        guard case .waiting = early.receive(Array("SSP".utf8)) else { Issue.record("a hello's first bytes were refused"); return }
        guard case .failed(.notPairing, _) = early.receive(Array("X".utf8)) else { Issue.record("a wrong magic was taken"); return }
        var versioned = PairingHandshake(role: .listener, secret: Self.secret)
        var hello = PairingHandshake(role: .app, secret: Self.secret).hello
        hello[4] = 2
        guard case .failed(.notPairing, _) = versioned.receive(hello) else { Issue.record("pairing version 2 was taken"); return }
    }

    @Test("frames: a changed byte, a replayed, dropped or reordered frame, and a length out of bounds all fail")
    func frames() throws {
        let key = HMACSHA256(key: Array("frames".utf8))
        var sealer = PairedFrames.Sealer(key: key)
        let frames = (0..<3).map { index in [UInt8](repeating: UInt8(index), count: 100 + index).withUnsafeBytes { sealer.seal($0) } }
        var opener = PairedFrames.Opener(key: key)
        // Byte by byte: a frame opens only once whole.
        for byte in frames[0] {
            #expect(try opener.next() == nil)
            opener.append([byte])
        }
        #expect(try opener.next() == [UInt8](repeating: 0, count: 100))

        var replayed = PairedFrames.Opener(key: key)
        replayed.append(frames[0] + frames[0])
        _ = try replayed.next()
        #expect(throws: TraceError.self, "a replayed frame") { try replayed.next() }

        var skipped = PairedFrames.Opener(key: key)
        skipped.append(frames[1])
        #expect(throws: TraceError.self, "a dropped frame (the next is numbered 1)") { try skipped.next() }

        for position in [0, 4, 50, frames[0].count - 1] {
            var changed = frames[0]
            changed[position] ^= 0x01
            var tampered = PairedFrames.Opener(key: key)
            tampered.append(changed)
            #expect(throws: TraceError.self, "byte \(position) changed") {
                // A changed length may only ask for more bytes: then the rest never comes.
                guard try tampered.next() != nil || position >= 4 else { throw TraceError.malformed("waits") }
            }
        }
        for length in [UInt32(0), UInt32(PairedFrames.maximumPayload + 1), .max] {
            var bad = PairedFrames.Opener(key: key)
            bad.append(withUnsafeBytes(of: length.littleEndian) { Array($0) } + [UInt8](repeating: 0, count: 40))
            #expect(throws: TraceError.self, "length \(length)") { try bad.next() }
        }
    }
}
