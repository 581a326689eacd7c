/// A password as the account store keeps it: never the password itself, only a salted,
/// deliberately slow PBKDF2-HMAC-SHA256 key and what is needed to derive it again.
///
/// Invariant: `key` is ``PasswordHashing/derive(_:salt:iterations:)`` of the password with
/// `salt` and `iterations`; the iteration count is kept per account, so raising the cost
/// for new accounts leaves existing ones readable.
struct PasswordHash: Equatable {
    /// The PBKDF2 iteration count this key was derived with.
    let iterations: Int
    /// 16 random bytes, different for every account.
    let salt: [UInt8]
    /// The 32-byte derived key.
    let key: [UInt8]

    /// Whether `other` holds the same key, comparing every byte whatever the first
    /// difference (so the time taken says nothing about where they differ).
    func matches(key other: [UInt8]) -> Bool {
        guard other.count == key.count else { return false }
        var difference: UInt8 = 0
        for (mine, theirs) in zip(key, other) {
            difference |= mine ^ theirs
        }
        return difference == 0
    }
}

/// Derives keys from passwords: libcrypto's PBKDF2 in viper (``PBKDF2Hashing``), a cheap
/// stand-in in tests.
protocol PasswordHashing {
    /// The iteration count new accounts get.
    var iterations: Int { get }
    /// The key of `password` with `salt` after `iterations` rounds.
    func derive(_ password: String, salt: [UInt8], iterations: Int) throws -> [UInt8]
}

extension PasswordHashing {
    /// A new hash of `password`, with a fresh random salt and this hasher's cost.
    func hash(_ password: String) throws -> PasswordHash {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return PasswordHash(iterations: iterations, salt: salt, key: try derive(password, salt: salt, iterations: iterations))
    }

    /// Whether `password` derives the key `hash` holds, with the hash's own salt and cost.
    func verify(_ password: String, against hash: PasswordHash) throws -> Bool {
        hash.matches(key: try derive(password, salt: hash.salt, iterations: hash.iterations))
    }
}
