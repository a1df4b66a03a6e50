import Testing
import TraceFormat
@testable import StoreScope

// The patcher the worker keeps per store: the same patches as `capturePatch`, its buffers
// kept from one patch to the next, and an array it returned never changed by a later patch.

private struct PatchedProfile: Equatable {
    var name = "ada"
    var tags: [String] = ["a", "b"]
    var isLoading = false
}

private struct PatchedTeam: Equatable {
    var title = "core"
    var members: [PatchedProfile] = (0..<20).map { PatchedProfile(name: "p\($0)") }
}

@Test("Patches found one after another equal capturePatch's, and earlier ones stay as returned")
func patchesEqualCapturePatchAndStayAsReturned() {
    var patcher = StatePatcher(options: .default)
    var states = [PatchedTeam()]
    for step in 0..<30 {
        var next = states.last!
        switch step % 6 {
        case 0: next.title += "!"
        case 1: next.members[step % 20].name = "renamed \(step)"
        case 2: next.members.insert(PatchedProfile(name: "new \(step)"), at: 0)
        case 3: next.members[1].tags.append("t\(step)")
        case 4:
            next.title += "?"
            next.members[2].isLoading.toggle()
        default: break  // unchanged: an empty patch
        }
        states.append(next)
    }
    var returned: [[PatchOperation]] = []
    for (old, new) in zip(states, states.dropFirst()) {
        let patch = patcher.patch(from: old, to: new)
        #expect(patch == capturePatch(from: old, to: new))
        returned.append(patch)
    }
    for (index, (old, new)) in zip(states, states.dropFirst()).enumerated() {
        #expect(returned[index] == capturePatch(from: old, to: new), "patch \(index) changed after it was returned")
    }
    #expect(returned.contains { $0.isEmpty } && returned.contains { $0.count > 1 })
}

@Test("One patcher given states of two types finds each type's patch")
func onePatcherTwoTypes() {
    var patcher = StatePatcher(options: .default)
    var profile = PatchedProfile()
    profile.isLoading = true
    var team = PatchedTeam()
    team.title = "platform"
    for _ in 0..<3 {
        #expect(patcher.patch(from: PatchedProfile(), to: profile) == [.set(path: [.field("isLoading")], value: .bool(true))])
        #expect(patcher.patch(from: PatchedTeam(), to: team) == [.set(path: [.field("title")], value: .string("platform"))])
    }
}
