import Testing
@testable import StoreScope

@Test func defaultPatternsMatchFieldNamesCaseInsensitivelyAsSubstrings() {
    let redaction = Redaction.default
    for name in ["password", "userPassword", "PASSCODE", "authToken", "clientSecret", "apiKey", "APIKEY", "authorization", "Cookie", "sessionID"] {
        #expect(redaction.redacts(field: name), "\(name)")
    }
    for name in ["user", "name", "email", "query", "tokenizer".dropLast(9) + "id"] {
        #expect(!redaction.redacts(field: String(name)), "\(name)")
    }
}

@Test func thePatternListIsConfigurable() {
    var redaction = Redaction(fieldPatterns: ["ssn"])
    #expect(redaction.redacts(field: "customerSSN"))
    #expect(!redaction.redacts(field: "password"))
    redaction.fieldPatterns.append("Pass")
    #expect(redaction.redacts(field: "password"))
    #expect(!Redaction.none.redacts(field: "password"))
}

@Test func redactedFieldsAndTheWrapperNeverReachTheTree() {
    let credentials = Credentials(user: "ada", password: "hunter2", apiKey: "k", pin: Redacted("1234"))
    #expect(captureValue(credentials) == .structure(type: "Credentials", fields: [
        .init("user", .string("ada")), .init("password", .redacted(type: "String")),
        .init("apiKey", .redacted(type: "Optional<String>")), .init("pin", .redacted(type: "String")),
    ]))
    let unredacted = captureValue(credentials, options: CaptureOptions(redaction: .none))
    #expect(unredacted.description.contains("hunter2"))
    #expect(!unredacted.description.contains("1234"))
}

@Test func dictionaryValuesUnderSensitiveStringKeysAreRedacted() {
    #expect(captureValue(["Authorization": "Bearer x", "Accept": "json"]) == .dictionary([
        .init(key: .string("Accept"), value: .string("json")),
        .init(key: .string("Authorization"), value: .redacted(type: "String")),
    ]))
}

@Test func theWrapperHidesItsValueFromDescriptionsAndMirrors() {
    let secret = Redacted("hunter2")
    #expect(String(describing: secret) == "<redacted>")
    #expect(!String(reflecting: secret).contains("hunter2"))
    #expect(Mirror(reflecting: secret).children.isEmpty)
    #expect(secret.value == "hunter2")
}
