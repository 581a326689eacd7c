import CCrypto
import Foundation

/// Ed25519 (RFC 8032) from the system's libcrypto: the signature scheme of minisign keys.
/// A secret key is kept as libsodium keeps it, the 32-byte seed followed by the public key.
package enum Ed25519 {
    package static let publicKeySize = 32
    package static let seedSize = 32
    package static let signatureSize = 64

    /// The public key of `seed`, or nil when libcrypto refuses it.
    static func publicKey(seed: [UInt8]) -> [UInt8]? {
        guard seed.count == seedSize, let key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, seed, seed.count) else { return nil }
        defer { EVP_PKEY_free(key) }
        var output = [UInt8](repeating: 0, count: publicKeySize)
        var length = output.count
        guard EVP_PKEY_get_raw_public_key(key, &output, &length) == 1, length == publicKeySize else { return nil }
        return output
    }

    /// The signature of `message` by the key of `seed`, or nil.
    static func sign(_ message: [UInt8], seed: [UInt8]) -> [UInt8]? {
        guard seed.count == seedSize, let key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, seed, seed.count),
            let context = EVP_MD_CTX_new()
        else { return nil }
        defer {
            EVP_MD_CTX_free(context)
            EVP_PKEY_free(key)
        }
        guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1 else { return nil }
        var output = [UInt8](repeating: 0, count: signatureSize)
        var length = output.count
        guard EVP_DigestSign(context, &output, &length, message, message.count) == 1, length == signatureSize else { return nil }
        return output
    }

    /// Whether `signature` is `publicKey`'s signature of `message`.
    static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == signatureSize, publicKey.count == publicKeySize,
            let key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, publicKey, publicKey.count),
            let context = EVP_MD_CTX_new()
        else { return false }
        defer {
            EVP_MD_CTX_free(context)
            EVP_PKEY_free(key)
        }
        guard EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
        return EVP_DigestVerify(context, signature, signature.count, message, message.count) == 1
    }

    /// `count` bytes from libcrypto's random generator, or nil.
    static func randomBytes(_ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else { return nil }
        return bytes
    }

    /// scrypt (RFC 7914) of `password` with minisign's limits, `count` bytes, or nil.
    static func scrypt(password: [UInt8], salt: [UInt8], opsLimit: UInt64, memLimit: UInt64, count: Int) -> [UInt8]? {
        let (logN, r, p) = scryptParameters(opsLimit: opsLimit, memLimit: memLimit)
        guard logN < 40 else { return nil }
        let n: UInt64 = 1 << logN
        let needed = 128 * UInt64(r) * n + 128 * UInt64(r) * UInt64(p) + 4096
        var output = [UInt8](repeating: 0, count: count)
        let status = password.withUnsafeBufferPointer { passwordBytes in
            passwordBytes.withMemoryRebound(to: CChar.self) { passwordChars in
                EVP_PBE_scrypt(passwordChars.baseAddress, password.count, salt, salt.count, n, UInt64(r), UInt64(p), needed, &output, count)
            }
        }
        return status == 1 ? output : nil
    }

    /// libsodium's choice of scrypt's N (as log2), r and p for an opslimit and memlimit, which
    /// minisign stores in its key files (`pickparams` in crypto_pwhash_scryptsalsa208sha256).
    static func scryptParameters(opsLimit: UInt64, memLimit: UInt64) -> (logN: UInt32, r: UInt32, p: UInt32) {
        let ops = max(opsLimit, 32768)
        let r: UInt32 = 8
        var logN: UInt32 = 1
        if ops < memLimit / 32 {
            let maxN = ops / (UInt64(r) * 4)
            while logN < 63, (UInt64(1) << logN) <= maxN / 2 { logN += 1 }
            return (logN, r, 1)
        }
        let maxN = memLimit / (UInt64(r) * 128)
        while logN < 63, (UInt64(1) << logN) <= maxN / 2 { logN += 1 }
        let maxRP = min((ops / 4) / (UInt64(1) << logN), 0x3fff_ffff)
        return (logN, r, max(1, UInt32(maxRP) / r))
    }
}
