import Foundation
import Testing
import TraceFormat
@testable import StoreScope

// The secret shapes of issue 17 (item 9) through each capture path (layouts, reflection,
// encoding) and through patches, which must rebuild exactly the redacted capture and never
// hold a hidden value.

private enum TokenAction: Equatable {
    case setToken(String)
    case setBearer(value: String, expires: Int)
    case rename(String)
}

/// Indirect: no layout, so its payloads go through the runtime's reflection.
private indirect enum Chain {
    case end
    case otp(String, Chain)
    case label(String, Chain)
}

/// A value whose mirror is its own: captured and diffed through `Mirror`.
private struct Mirrored: CustomReflectable {
    var action: TokenAction
    var customMirror: Mirror { Mirror(self, children: ["action": action]) }
}

private struct Request {
    var header: (String, String)
    var labeled: (name: String, value: String)
    var triple: (String, String, String)
}

private struct Endpoint: Codable, Equatable, TraceCapturedByEncoding {
    var url: URL
    var page: Int
}

/// Asserts that the patch rebuilds the new capture from the old one, holds no `secret`, and
/// returns it.
private func redactedPatch<T>(_ old: T, _ new: T, secret: String = "S3CRET", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> [PatchOperation]
{
    let patch = capturePatch(from: old, to: new)
    var tree = captureValue(old)
    try tree.apply(patch)
    #expect(tree == captureValue(new), sourceLocation: sourceLocation)
    #expect(!String(reflecting: patch).contains(secret), "\(patch)", sourceLocation: sourceLocation)
    #expect(!String(reflecting: captureValue(new)).contains(secret), sourceLocation: sourceLocation)
    return patch
}

@Test("the whole payload of a case whose name matches is redacted, labeled or not, on every capture path")
func payloadsOfMatchingCasesAreRedacted() throws {
    #expect(captureValue(TokenAction.setToken("S3CRET")) == .enumeration(type: "TokenAction", caseName: "setToken", payload: [
        .init("", .redacted(type: "String")),
    ]))
    #expect(captureValue(TokenAction.setBearer(value: "S3CRET", expires: 3)) == .enumeration(type: "TokenAction", caseName: "setBearer", payload: [
        .init("value", .redacted(type: "String")), .init("expires", .redacted(type: "Int")),
    ]))
    #expect(captureValue(TokenAction.rename("visible")) == .enumeration(type: "TokenAction", caseName: "rename", payload: [
        .init("", .string("visible")),
    ]))
    let chain = Chain.label("visible", .otp("S3CRET", .end))
    #expect(!captureValue(chain).description.contains("S3CRET"))
    #expect(captureValue(chain).description.contains("visible"))
    #expect(!captureValue(Mirrored(action: .setToken("S3CRET"))).description.contains("S3CRET"))
    #expect(captureValue(TokenAction.setToken("S3CRET"), options: .init(redaction: .none)).description.contains("S3CRET"))
}

@Test("a changed payload of a matching case is set again to its redacted node, on every diff path")
func changedPayloadsOfMatchingCasesAreMarked() throws {
    #expect(try redactedPatch(TokenAction.setToken("S3CRET-1"), TokenAction.setToken("S3CRET-2")) == [
        .set(path: [.index(0)], value: .redacted(type: "String")),
    ])
    #expect(try redactedPatch(TokenAction.rename("S3CRET-1"), TokenAction.setToken("S3CRET-2")) == [
        .set(path: [], value: .enumeration(type: "TokenAction", caseName: "setToken", payload: [.init("", .redacted(type: "String"))])),
    ])
    _ = try redactedPatch(Chain.otp("S3CRET-1", .end), Chain.otp("S3CRET-2", .end))
    _ = try redactedPatch(Chain.label("a", .otp("S3CRET-1", .end)), Chain.label("b", .otp("S3CRET-2", .end)))
    _ = try redactedPatch(Mirrored(action: .setToken("S3CRET-1")), Mirrored(action: .setToken("S3CRET-2")))
    _ = try redactedPatch([TokenAction.setBearer(value: "S3CRET-1", expires: 1)], [.setBearer(value: "S3CRET-2", expires: 2), .rename("x")])
}

@Test("the second string of a pair whose first string matches is redacted; other tuples are not")
func pairsOfStringsAreRedactedByTheirFirstString() throws {
    let request = Request(header: ("X-Api-Key", "S3CRET"), labeled: (name: "Cookie", value: "S3CRET"), triple: ("token", "a", "b"))
    #expect(captureValue(request) == .structure(type: "Request", fields: [
        .init("header", .structure(type: "(tuple)", fields: [.init("0", .string("X-Api-Key")), .init("1", .redacted(type: "String"))])),
        .init("labeled", .structure(type: "(tuple)", fields: [.init("name", .string("Cookie")), .init("value", .redacted(type: "String"))])),
        .init("triple", .structure(type: "(tuple)", fields: [.init("0", .string("token")), .init("1", .string("a")), .init("2", .string("b"))])),
    ]))
    #expect(captureValue([("Accept", "json"), ("authorization", "S3CRET")]) == .array([
        .structure(type: "(tuple)", fields: [.init("0", .string("Accept")), .init("1", .string("json"))]),
        .structure(type: "(tuple)", fields: [.init("0", .string("authorization")), .init("1", .redacted(type: "String"))]),
    ]))
}

@Test("a pair's patch hides the value whether its name stays, starts or stops matching")
func changedPairsAreRedactedInPatches() throws {
    let old = Request(header: ("Authorization", "S3CRET-1"), labeled: (name: "a", value: "b"), triple: ("", "", ""))
    var new = old
    new.header.1 = "S3CRET-2"
    #expect(try redactedPatch(old, new) == [.set(path: [.field("header"), .field("1")], value: .redacted(type: "String"))])
    new.header = ("Accept", "visible")
    #expect(try redactedPatch(old, new).contains(.set(path: [.field("header"), .field("1")], value: .string("visible"))))
    new = old
    new.header = ("Accept", "S3CRET-0")
    var renamed = new
    renamed.header.0 = "X-Auth-Token"
    _ = try redactedPatch(renamed, new, secret: "nothing")  // stops matching: the value may show
    _ = try redactedPatch(new, renamed, secret: "S3CRET-0")  // starts matching: it must not
    _ = try redactedPatch([("Cookie", "S3CRET-1")], [("Cookie", "S3CRET-2"), ("Set-Cookie", "S3CRET-3")])
}

@Test("URL query and fragment items whose names match are replaced by REDACTED, the rest of the URL kept")
func urlQueryItemsAreRedacted() throws {
    let url = URL(string: "https://ada:S3CRET@api.example.com/v1/items?page=2&api_key=S3CRET&spinner=on&X-Amz-Signature=S3CRET#access_token=S3CRET&state=x")!
    #expect(captureValue(url) == .scalar(
        type: "URL",
        text: "https://ada:REDACTED@api.example.com/v1/items?page=2&api_key=REDACTED&spinner=on&X-Amz-Signature=REDACTED#access_token=REDACTED&state=x"))
    #expect(captureValue(URL(string: "https://example.com/a?q=1#top")!) == .scalar(type: "URL", text: "https://example.com/a?q=1#top"))
    #expect(captureValue(URL(string: "https://example.com/?access%5Ftoken=S3CRET&pin=1234&pinned=1")!) == .scalar(
        type: "URL", text: "https://example.com/?access%5Ftoken=REDACTED&pin=REDACTED&pinned=1"))
    #expect(captureValue(url, options: .init(redaction: .none)).description.contains("api_key=S3CRET"))
    #expect(captureValue(NSURL(string: "https://x.org/?token=S3CRET")!) == .scalar(type: "URL", text: "https://x.org/?token=REDACTED"))

    let encoded = Endpoint(url: URL(string: "https://x.org/?page=1&token=S3CRET")!, page: 1)
    #expect(!captureValue(encoded).description.contains("S3CRET"))
    #expect(captureValue(encoded).description.contains("https://x.org/?page=1&token=REDACTED"))

    #expect(try redactedPatch([url], [url, URL(string: "https://x.org/?token=S3CRET-2")!]) == [
        .insert(path: [.index(1)], value: .scalar(type: "URL", text: "https://x.org/?token=REDACTED")),
    ])
    #expect(try redactedPatch(encoded, Endpoint(url: URL(string: "https://x.org/?page=2&token=S3CRET-2")!, page: 2)).count == 2)
    struct Screen { var url: URL; var title: String }
    let before = Screen(url: URL(string: "https://x.org/p?token=S3CRET-1")!, title: "t")
    // Only the hidden value changed: the redacted URLs are equal, nothing to record.
    #expect(try redactedPatch(before, Screen(url: URL(string: "https://x.org/p?token=S3CRET-2")!, title: "t")) == [])
    #expect(try redactedPatch(before, Screen(url: URL(string: "https://x.org/q?token=S3CRET-2")!, title: "t")) == [
        .set(path: [.field("url")], value: .scalar(type: "URL", text: "https://x.org/q?token=REDACTED")),
    ])
}

@Test("dictionary values under keys matching case- and separator-insensitively are redacted in captures and patches")
func dictionaryKeysMatchLikeNames() throws {
    let headers = ["X-Api-Key": "S3CRET", "x-csrf-token": "S3CRET", "Accept": "json", "spinner": "on"]
    #expect(captureValue(headers) == .dictionary([
        .init(key: .string("Accept"), value: .string("json")),
        .init(key: .string("X-Api-Key"), value: .redacted(type: "String")),
        .init(key: .string("spinner"), value: .string("on")),
        .init(key: .string("x-csrf-token"), value: .redacted(type: "String")),
    ]))
    var changed = headers
    changed["X-Api-Key"] = "S3CRET-2"
    changed["PWD"] = "S3CRET-3"
    _ = try redactedPatch(headers, changed)
}
