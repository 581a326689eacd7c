/// Text from plugins, files and the command line made safe to print: the one sanitizer
/// the shell's screens, `plugins`, `doctor`, the graph and the log echo share.
package enum PrintableText {
    /// `text` without control characters (a plugin's data cannot move the cursor or
    /// change colours); tabs become four spaces, newlines stay. Invisible format characters
    /// (Unicode Cf: the bidirectional controls U+202A–U+202E and U+2066–U+2069, the zero-width
    /// U+200B–U+200F, ...) are shown as escapes (`\u{202E}`): printed, they reorder or hide
    /// what the line says (a title that reads as another, a command that is not what it shows).
    package static func sanitize(_ text: String) -> String {
        // Most text has nothing to remove: return it as it is (the shell draws every screen through here).
        if isPrintable(text, allowingNewlines: true) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result.append(scalar)
            case 0x09: result.append(contentsOf: "    ".unicodeScalars)
            case 0x00..<0x20, 0x7F..<0xA0: continue
            case _ where isInvisibleFormat(scalar): result.append(contentsOf: escape(scalar).unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Messages echo what was typed and file names: no control characters (an escape
    /// sequence in a rejected line must not reach the terminal) and no line breaks.
    package static func oneLine(_ message: String) -> String {
        if isPrintable(message, allowingNewlines: false) { return message }
        return sanitize(message).replacingOccurrences(of: "\n", with: " ")
    }

    /// `text` from the file (a symbol name in dlerror's message, say) made safe to show on one
    /// line: control characters become `?`, invisible format characters (U+202E, ...) are shown
    /// as escapes as everywhere else (``escape(_:)``), and more than `limit` characters are cut
    /// (fuzzing found a mutated plugin whose "undefined symbol" was kilobytes of bytes with line breaks).
    package static func fileText(_ text: String, limit: Int = 300) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(limit) {
            let control = scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value)
            if control {
                result.append("?")
            } else if isInvisibleFormat(scalar) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        if text.unicodeScalars.count > limit { result.append(contentsOf: "…".unicodeScalars) }
        return String(result)
    }

    /// Whether `text` has no control character (C0, DEL, C1; a newline only when allowed)
    /// and no invisible format character: then sanitizing it changes nothing. C1 controls are
    /// U+0080–U+009F, `C2 80`–`C2 9F` in UTF-8. ASCII text is checked by its bytes alone.
    package static func isPrintable(_ text: String, allowingNewlines: Bool) -> Bool {
        var afterC2 = false
        var ascii = true
        for byte in text.utf8 {
            if byte < 0x20 {
                guard allowingNewlines, byte == 0x0A else { return false }
            } else if byte == 0x7F || (afterC2 && byte < 0xA0 && byte >= 0x80) {
                return false
            }
            afterC2 = byte == 0xC2
            if byte >= 0x80 { ascii = false }
        }
        return ascii || !text.unicodeScalars.contains(where: isInvisibleFormat)
    }

    /// Whether `scalar` is a format character (Unicode general category Cf), which a terminal
    /// draws as nothing or uses to reorder the text around it.
    package static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAD && scalar.properties.generalCategory == .format
    }

    /// `\u{202E}`: how an invisible character is shown.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// A JSON document with every invisible format character (U+202E, ...) written as a JSON
    /// escape (`\u202e`, a surrogate pair beyond the first plane): the same document, which no
    /// longer reorders a terminal that shows it. (JSONEncoder already escapes control characters.)
    package static func escapingFormatInJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: isInvisibleFormat) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isInvisibleFormat(scalar) else {
                result.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(result)
    }
}
