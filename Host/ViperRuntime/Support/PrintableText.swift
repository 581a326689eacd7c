/// Text from plugins, files and the command line made safe to print: the one sanitizer
/// the shell's screens, `plugins`, `doctor`, the graph and the log echo share.
package enum PrintableText {
    /// `text` without control characters (a plugin's data cannot move the cursor or
    /// change colours); tabs become four spaces, newlines stay.
    package static func sanitize(_ text: String) -> String {
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
        sanitize(message).replacingOccurrences(of: "\n", with: " ")
    }
}
