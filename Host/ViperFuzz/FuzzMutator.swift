/// Byte- and text-level mutations in the manner of libFuzzer: flip, replace, insert,
/// delete, duplicate, splice, and insert tokens from a dictionary of interesting words.
struct FuzzMutator {
    /// Words worth inserting whole (commands, quotes, escapes, separators, numbers at limits).
    var dictionary: [String] = []

    static let interestingNumbers = [
        "0", "-1", "1", "2", "10", "255", "256", "65535", "2147483647", "-2147483648",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "1e308", "NaN", "0x10", "+1", " 1", "01",
    ]
    static let interestingText = [
        "'", "\"", "\\", "\\\"", "''", "\"\"", "'\\''", "#", ";", "?", "&", "=", "/", "//",
        "%", "%00", "%2F", "%3F", "%26", "%3D", "%ZZ", "%", "..", "../", "~", "*", "$", "`",
        "\t", "\u{0}", "\u{7}", "\u{1B}[31m", "\u{1B}]0;x\u{7}", "\r", "\u{85}", "\u{2028}",
        "é", "e\u{301}", "🦊", "👩‍👩‍👧", "\u{202E}", "\u{FEFF}", "\u{FFFD}", "𝕏",
        String(repeating: "a", count: 300), String(repeating: "/", count: 50),
        String(repeating: "'", count: 7), String(repeating: "\\", count: 9),
    ]

    /// `text` with 1 to `maximum` random mutations.
    func mutate(_ text: String, using random: inout FuzzRandom, maximum: Int = 4, others: [String] = []) -> String {
        var characters = Array(text.unicodeScalars)
        for _ in 0..<random.int(1...max(1, maximum)) {
            mutate(&characters, using: &random, others: others)
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: characters)
        return String(result)
    }

    private func mutate(_ characters: inout [Unicode.Scalar], using random: inout FuzzRandom, others: [String]) {
        let position = random.below(characters.count + 1)
        switch random.below(9) {
        case 0 where !characters.isEmpty:  // delete a range
            let end = min(characters.count, position + random.int(1...8))
            if position < end { characters.removeSubrange(position..<end) }
        case 1 where !characters.isEmpty:  // replace one character
            characters[min(position, characters.count - 1)] = Self.randomScalar(using: &random)
        case 2:  // insert random characters
            characters.insert(contentsOf: (0..<random.int(1...4)).map { _ in Self.randomScalar(using: &random) }, at: position)
        case 3:  // insert a dictionary word
            let words = dictionary + Self.interestingText + Self.interestingNumbers
            characters.insert(contentsOf: Array(random.pick(words).unicodeScalars), at: position)
        case 4 where !characters.isEmpty:  // duplicate a range
            let start = random.below(characters.count)
            let end = min(characters.count, start + random.int(1...16))
            characters.insert(contentsOf: characters[start..<end], at: position)
        case 5 where !others.isEmpty:  // splice with another input
            let other = Array(random.pick(others).unicodeScalars)
            let cut = random.below(other.count + 1)
            characters = Array(characters[..<position]) + Array(other[cut...])
        case 6 where !characters.isEmpty:  // swap two characters
            let a = random.below(characters.count), b = random.below(characters.count)
            characters.swapAt(a, b)
        case 7:  // truncate
            characters.removeSubrange(position...)
        default:  // flip a bit of an ASCII character
            guard !characters.isEmpty else { return }
            let index = min(position, characters.count - 1)
            let value = characters[index].value
            if value < 0x80, let flipped = Unicode.Scalar(value ^ (1 << UInt32(random.below(7)))) {
                characters[index] = flipped
            }
        }
    }

    /// Mostly printable ASCII, sometimes control characters or any valid scalar.
    static func randomScalar(using random: inout FuzzRandom) -> Unicode.Scalar {
        switch random.below(10) {
        case 0: return Unicode.Scalar(UInt8(random.below(32)))
        case 1:
            while true {
                if let scalar = Unicode.Scalar(UInt32(random.below(0x110000))) { return scalar }
            }
        default: return Unicode.Scalar(UInt8(32 + random.below(95)))
        }
    }

    /// `bytes` with 1 to `maximum` random byte mutations.
    static func mutate(bytes: [UInt8], using random: inout FuzzRandom, maximum: Int = 8) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<random.int(1...max(1, maximum)) {
            let position = random.below(bytes.count + 1)
            switch random.below(6) {
            case 0 where !bytes.isEmpty: bytes[min(position, bytes.count - 1)] ^= UInt8(1 << random.below(8))
            case 1 where !bytes.isEmpty: bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 2: bytes.insert(contentsOf: (0..<random.int(1...8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + random.int(1...16))
                if position < end { bytes.removeSubrange(position..<end) }
            case 4: bytes.removeSubrange(position...)
            default:
                let value = random.pick([0x00, 0xFF, 0x7F, 0x80, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x3A, 0x2C]) as Int
                bytes.insert(UInt8(value), at: position)
            }
        }
        return bytes
    }
}
