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
    #expect(redaction.redacts(field: "ssn_last4"))
    #expect(!redaction.redacts(field: "password"))
    #expect(!redaction.redacts(field: "classname"), "a short pattern matches whole words only")
    redaction.fieldPatterns.append("Pass")
    #expect(redaction.redacts(field: "userPass"))
    #expect(redaction.redacts(field: "PASS_PHRASE"))
    #expect(!redaction.redacts(field: "password"), "'pass' is not a word of 'password'")
    #expect(!redaction.redacts(field: "passenger"))
    redaction.fieldPatterns.append("Passw")
    #expect(redaction.redacts(field: "password"), "five letters or more match anywhere")
    #expect(!Redaction.none.redacts(field: "password"))
}

@Test("names match case- and separator-insensitively: api_key, X-Api-Key, apiKey and APIKEY are one name")
func namesMatchIgnoringCaseAndSeparators() {
    let redaction = Redaction.default
    for name in ["api_key", "X-Api-Key", "apiKey", "APIKEY", "x.api.key", "API Key", "ApiKeyHeader", "x-amz-credential", "Set-Cookie"] {
        #expect(redaction.redacts(field: name), "\(name)")
    }
}

@Test("the default patterns cover the common secret names")
func defaultPatternsCoverCommonSecretNames() {
    let redaction = Redaction.default
    let secrets = [
        "pwd", "userPwd", "passwd", "PASSWD", "bearer", "bearerToken", "credential", "awsCredentials", "privateKey", "private_key",
        "clientSecret", "client-secret", "sessionId", "session_id", "otp", "otpCode", "mfa_otp", "X-OTP", "pin", "userPin", "PIN",
        "pin_code", "pin2", "cvv", "cardCVV", "jwt", "idJwt", "accessKey", "AWS_ACCESS_KEY_ID", "refresh_token", "signature",
        "X-Amz-Signature", "setToken", "authorization",
    ]
    for name in secrets { #expect(redaction.redacts(field: name), "\(name)") }
}

@Test("short patterns match whole words only: spinner, shipping, option, pinned and opinion keep their values")
func shortPatternsDoNotRedactLongerWords() {
    let redaction = Redaction.default
    let neighbours = [
        "spinner", "shipping", "isSpinning", "shippingAddress", "option", "options", "pinned", "isPinned", "opinion", "pinyin",
        "hotpot", "mapping", "happiness", "SPINNER_COLOR", "spin-rate", "user", "email", "query", "photo", "keyboard",
    ]
    for name in neighbours { #expect(!redaction.redacts(field: name), "\(name)") }
}

@Test func redactedFieldsAndTheWrapperNeverReachTheTree() {
    let credentials = Credentials(user: "ada", password: "hunter2", apiKey: "k", card: Redacted("1234"))
    #expect(captureValue(credentials) == .structure(type: "Credentials", fields: [
        .init("user", .string("ada")), .init("password", .redacted(type: "String")),
        .init("apiKey", .redacted(type: "Optional<String>")), .init("card", .redacted(type: "String")),
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
