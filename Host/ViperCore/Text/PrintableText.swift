/// Text from plugins, files and the command line made safe to print: the one sanitizer
/// the shell's screens, `plugins`, `doctor`, the graph and the log echo share.
package enum PrintableText {
    /// `text` without control characters (a plugin's data cannot move the cursor or
    /// change colours); tabs become four spaces, newlines stay.
    package static func sanitize(_ text: String) -> String {
        // Most text has nothing to remove: return it as it is (the shell draws every screen through here).
        if isPrintable(text, allowingNewlines: true) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result.append(scalar)
            case 0x09: result.append(contentsOf: "    ".unicodeScalars)
            case 0x00..<0x20, 0x7F..<0xA0: continue
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

    /// Whether `text` has no control character (C0, DEL, C1; a newline only when allowed):
    /// then sanitizing it changes nothing. C1 controls are U+0080–U+009F, `C2 80`–`C2 9F` in UTF-8.
    package static func isPrintable(_ text: String, allowingNewlines: Bool) -> Bool {
        var afterC2 = false
        for byte in text.utf8 {
            if byte < 0x20 {
                guard allowingNewlines, byte == 0x0A else { return false }
            } else if byte == 0x7F || (afterC2 && byte < 0xA0 && byte >= 0x80) {
                return false
            }
            afterC2 = byte == 0xC2
        }
        return true
    }
}
