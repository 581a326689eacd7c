import CCrypto

/// Resume tokens (``SessionResuming``): 32 random bytes (the system's generator, `getrandom`
/// on Linux) as hexadecimal text; the store keeps only their SHA-256 (libcrypto), so reading
/// `accounts.sqlite` gives no token.
enum SignInToken {
    /// A new token.
    static func make() -> String? {
        var generator = SystemRandomNumberGenerator()
        return Hex.text((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The SHA-256 of `token`, as hexadecimal text.
    static func digest(_ token: String) -> String {
        let input = Array(token.utf8)
        var output = [UInt8](repeating: 0, count: 32)
        var size: UInt32 = 0
        _ = input.withUnsafeBufferPointer { EVP_Digest($0.baseAddress, $0.count, &output, &size, EVP_sha256(), nil) }
        return Hex.text(output)
    }
}
