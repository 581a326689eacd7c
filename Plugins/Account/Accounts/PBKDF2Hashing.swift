import CCrypto

/// PBKDF2-HMAC-SHA256 from the system's libcrypto (OpenSSL, the `CCrypto` system library
/// the host links too): 600,000 iterations for a new account (docs/SHELL.md, "Accounts",
/// says what one sign-in costs), a 16-byte salt and a 32-byte key.
struct PBKDF2Hashing: PasswordHashing {
    /// The cost docs/PLUGIN_AUTHORS.md and README state for new accounts.
    static let defaultIterations = 600_000
    static let keyLength = 32

    let iterations: Int

    init(iterations: Int = Self.defaultIterations) {
        self.iterations = iterations
    }

    func derive(_ password: String, salt: [UInt8], iterations: Int) throws -> [UInt8] {
        guard let rounds = Int32(exactly: iterations), rounds > 0 else {
            throw SignInError("the stored password has an iteration count of \(iterations), which libcrypto cannot use")
        }
        let utf8 = Array(password.utf8)
        var key = [UInt8](repeating: 0, count: Self.keyLength)
        let status = utf8.withUnsafeBufferPointer { passwordBytes in
            salt.withUnsafeBufferPointer { saltBytes in
                passwordBytes.withMemoryRebound(to: CChar.self) { passwordChars in
                    PKCS5_PBKDF2_HMAC(passwordChars.baseAddress, Int32(utf8.count), saltBytes.baseAddress, Int32(salt.count),
                                      rounds, EVP_sha256(), Int32(Self.keyLength), &key)
                }
            }
        }
        guard status == 1 else {
            throw SignInError("libcrypto could not derive the password's key (PKCS5_PBKDF2_HMAC failed); try again")
        }
        return key
    }
}
