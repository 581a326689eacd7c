import CCrypto
import Foundation

/// SHA-256 (FIPS 180-4) from the system's libcrypto, as lower-case hex.
package enum SHA256 {
    /// The digest of `bytes`.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let array = Array(bytes)
        return digest { update in array.withUnsafeBytes { update($0) } }
    }

    /// The digest of everything in the open file `descriptor`, read from offset 0 with
    /// `pread` (the file offset is left alone), or nil when it cannot be read.
    package static func hex(ofFile descriptor: Int32) -> String? {
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

    /// Runs `feed`, which hands the data to `update` in pieces and returns false on failure.
    private static func digest(_ feed: ((UnsafeRawBufferPointer) -> Bool) -> Bool) -> String? {
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { return nil }
        let fed = feed { piece in
            piece.isEmpty || EVP_DigestUpdate(context, piece.baseAddress, piece.count) == 1
        }
        guard fed else { return nil }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &output, &length) == 1, length == 32 else { return nil }
        return output.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
