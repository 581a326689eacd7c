/// BLAKE2b (RFC 7693) with a chosen digest length, unkeyed, for small inputs: minisign checks a
/// secret key with BLAKE2b-256, which the system's libcrypto (3.0) does not offer (its BLAKE2b is
/// 512 bits only, and a shorter BLAKE2b is not a truncated longer one). Files are hashed with
/// libcrypto's BLAKE2b-512 (``Blake2b512``); this one only ever sees a key's 74 bytes.
enum Blake2b {
    private static let iv: [UInt64] = [
        0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b, 0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f, 0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179,
    ]

    private static let sigma: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
        [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4], [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
        [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13], [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
        [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11], [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
        [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5], [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
    ]

    /// The `length`-byte (1...64) digest of `message`.
    static func hash(_ message: [UInt8], length: Int) -> [UInt8] {
        var state = iv
        state[0] ^= 0x0101_0000 ^ UInt64(length)
        var counter: UInt64 = 0
        var offset = 0
        // Every block but the last is compressed as it comes; the last (perhaps empty, zero-padded) is final.
        while message.count - offset > 128 {
            counter += 128
            compress(&state, block: Array(message[offset..<offset + 128]), counter: counter, last: false)
            offset += 128
        }
        var block = Array(message[offset...])
        counter += UInt64(block.count)
        block += [UInt8](repeating: 0, count: 128 - block.count)
        compress(&state, block: block, counter: counter, last: true)
        var output: [UInt8] = []
        for word in state {
            for shift in stride(from: 0, to: 64, by: 8) { output.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Array(output.prefix(length))
    }

    private static func compress(_ state: inout [UInt64], block: [UInt8], counter: UInt64, last: Bool) {
        var m = [UInt64](repeating: 0, count: 16)
        for index in 0..<16 {
            for byte in 0..<8 { m[index] |= UInt64(block[index * 8 + byte]) << UInt64(byte * 8) }
        }
        var v = state + iv
        v[12] ^= counter
        if last { v[14] = ~v[14] }
        func mix(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ x: UInt64, _ y: UInt64) {
            v[a] = v[a] &+ v[b] &+ x
            v[d] = rotate(v[d] ^ v[a], 32)
            v[c] = v[c] &+ v[d]
            v[b] = rotate(v[b] ^ v[c], 24)
            v[a] = v[a] &+ v[b] &+ y
            v[d] = rotate(v[d] ^ v[a], 16)
            v[c] = v[c] &+ v[d]
            v[b] = rotate(v[b] ^ v[c], 63)
        }
        for round in 0..<12 {
            let s = sigma[round % 10]
            mix(0, 4, 8, 12, m[s[0]], m[s[1]])
            mix(1, 5, 9, 13, m[s[2]], m[s[3]])
            mix(2, 6, 10, 14, m[s[4]], m[s[5]])
            mix(3, 7, 11, 15, m[s[6]], m[s[7]])
            mix(0, 5, 10, 15, m[s[8]], m[s[9]])
            mix(1, 6, 11, 12, m[s[10]], m[s[11]])
            mix(2, 7, 8, 13, m[s[12]], m[s[13]])
            mix(3, 4, 9, 14, m[s[14]], m[s[15]])
        }
        for index in 0..<8 { state[index] ^= v[index] ^ v[index + 8] }
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { (value >> count) | (value << (64 - count)) }
}
