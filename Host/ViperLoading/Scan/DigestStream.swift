/// A 128-bit digest of a sequence of fields, each fed with its length first so that no
/// two different field lists give the same stream ("ab","c" and "a","bc" differ). Used for
/// the key of the kept plugin graph and the checksum of its file.
///
/// MurmurHash3's x64 128-bit mixing over 16-byte blocks, streamed: fast, and pure Swift
/// (SHA-256 from libcrypto costs more to initialise than a warm start with no plugin
/// spends in all of its own code). Not a defence against someone who can
/// write the data folder: they can write the cache it keys, and the loader checks every
/// plugin file itself before anything of it runs.
package final class DigestStream {
    /// The whole state in one value: the class's own stored properties were each checked for
    /// exclusive access on every use, which cost more than the mixing (measured in the kept graph's key).
    private var state = State()

    package init() {}

    /// Adds one field: its byte count, then its bytes.
    package func add(_ bytes: UnsafeRawBufferPointer) {
        var current = state
        var count = UInt64(bytes.count).littleEndian
        withUnsafeBytes(of: &count) { current.feed($0) }
        current.feed(bytes)
        state = current
    }

    package func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    package func add(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { add($0) }
    }

    package func add(_ number: Int64) {
        var value = number.littleEndian
        withUnsafeBytes(of: &value) { add($0) }
    }

    /// The digest as 32 lower-case hex digits. The stream is spent afterwards.
    package func finish() -> String? {
        var current = state
        let words = current.finish()
        state = current
        return words.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    private struct State {
        var h1: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        /// The bytes fed that do not fill a block yet (the first `pendingCount` of these 16).
        var pending: (UInt64, UInt64) = (0, 0)
        var pendingCount = 0
        var total: UInt64 = 0
        static let c1: UInt64 = 0x87C3_7B91_1142_53D5
        static let c2: UInt64 = 0x4CF5_AD43_2745_937F

        mutating func feed(_ piece: UnsafeRawBufferPointer) {
            total &+= UInt64(piece.count)
            guard let source = piece.baseAddress else { return }
            var offset = 0
            if pendingCount > 0 {
                let take = min(16 - pendingCount, piece.count)
                let start = pendingCount
                withUnsafeMutableBytes(of: &pending) { buffer in
                    buffer.baseAddress.map { ($0 + start).copyMemory(from: source, byteCount: take) }
                }
                pendingCount += take
                offset = take
                guard pendingCount == 16 else { return }
                let block = pending
                withUnsafeBytes(of: block) { mix(block: $0, at: 0) }
                pendingCount = 0
            }
            while piece.count - offset >= 16 {
                mix(block: piece, at: offset)
                offset += 16
            }
            let rest = piece.count - offset
            guard rest > 0 else { return }
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress.map { $0.copyMemory(from: source + offset, byteCount: rest) }
            }
            pendingCount = rest
        }

        mutating func mix(block: UnsafeRawBufferPointer, at offset: Int) {
            let k1 = UInt64(littleEndian: block.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let k2 = UInt64(littleEndian: block.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            h1 ^= Self.scramble(k1, Self.c1, 31, Self.c2)
            h1 = Self.rotate(h1, 27) &+ h2
            h1 = h1 &* 5 &+ 0x52DC_E729
            h2 ^= Self.scramble(k2, Self.c2, 33, Self.c1)
            h2 = Self.rotate(h2, 31) &+ h1
            h2 = h2 &* 5 &+ 0x3849_5AB5
        }

        static func scramble(_ k: UInt64, _ first: UInt64, _ shift: UInt64, _ second: UInt64) -> UInt64 {
            rotate(k &* first, shift) &* second
        }

        static func rotate(_ value: UInt64, _ shift: UInt64) -> UInt64 {
            (value << shift) | (value >> (64 - shift))
        }

        static func finalMix(_ value: UInt64) -> UInt64 {
            var k = value
            k ^= k >> 33
            k = k &* 0xFF51_AFD7_ED55_8CCD
            k ^= k >> 33
            k = k &* 0xC4CE_B9FE_1A85_EC53
            k ^= k >> 33
            return k
        }

        mutating func finish() -> [UInt64] {
            var tail = [UInt8](repeating: 0, count: 16)
            withUnsafeBytes(of: pending) { bytes in
                for index in 0..<pendingCount { tail[index] = bytes[index] }
            }
            tail[15] = UInt8(pendingCount)
            tail.withUnsafeBytes { mix(block: $0, at: 0) }
            h1 ^= total
            h2 ^= total
            h1 = h1 &+ h2
            h2 = h2 &+ h1
            h1 = Self.finalMix(h1)
            h2 = Self.finalMix(h2)
            h1 = h1 &+ h2
            h2 = h2 &+ h1
            return [h1, h2]
        }
    }
}
