import CCrypto
import Foundation

/// BLAKE2b-512 from the system's libcrypto: the digest a minisign signature ("ED") signs.
package enum Blake2b512 {
    /// The digest of `bytes`, or nil.
    static func digest(_ bytes: [UInt8]) -> [UInt8]? {
        digest { update in bytes.withUnsafeBytes { update($0) } }
    }

    /// The digest of everything in the open file `descriptor` (read with `pread` from offset 0), or nil.
    static func digest(ofFile descriptor: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        return digest { update in
            var offset: off_t = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if count == 0 { return true }
                guard buffer.withUnsafeBytes({ update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else { return false }
                offset += off_t(count)
            }
        }
    }

    private static func digest(_ feed: ((UnsafeRawBufferPointer) -> Bool) -> Bool) -> [UInt8]? {
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_blake2b512(), nil) == 1 else { return nil }
        guard feed({ piece in piece.isEmpty || EVP_DigestUpdate(context, piece.baseAddress, piece.count) == 1 }) else { return nil }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &output, &length) == 1, length == 64 else { return nil }
        return Array(output.prefix(64))
    }
}
