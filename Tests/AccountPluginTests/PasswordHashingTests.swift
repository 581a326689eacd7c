import Testing
@testable import AccountPlugin

/// libcrypto's PBKDF2-HMAC-SHA256 through the plugin, against RFC 7914's published vectors.
@Suite struct PasswordHashingTests {
    @Test func derivesTheRFC7914KeysOfPasswordAndSalt() throws {
        let hashing = PBKDF2Hashing()
        let salt = Array("salt".utf8)
        #expect(Hex.text(try hashing.derive("password", salt: salt, iterations: 1))
            == "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
        #expect(Hex.text(try hashing.derive("password", salt: salt, iterations: 2))
            == "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43")
    }

    @Test func newAccountsCostSixHundredThousandIterations() {
        #expect(PBKDF2Hashing().iterations == 600_000)
    }

    @Test func verifiesWithTheHashsOwnSaltAndCost() throws {
        let hash = try PBKDF2Hashing(iterations: 10).hash("secret")
        let dearer = PBKDF2Hashing(iterations: 20)
        #expect(try dearer.verify("secret", against: hash))
        #expect(try !dearer.verify("Secret", against: hash))
    }

    @Test func aCountLibcryptoCannotTakeIsAnErrorNotACrash() {
        #expect(throws: SignInError.self) { try PBKDF2Hashing().derive("x", salt: [], iterations: 0) }
    }

    @Test func hexRoundTripsAndRefusesOddText() {
        #expect(Hex.bytes(Hex.text([0, 15, 16, 255])) == [0, 15, 16, 255])
        #expect(Hex.bytes("abc") == nil)
        #expect(Hex.bytes("zz") == nil)
    }
}
