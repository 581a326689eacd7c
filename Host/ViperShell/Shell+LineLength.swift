import Foundation

extension Shell {
    /// The longest line the shell runs, in bytes: far above any command a person types or a
    /// script holds, and low enough that a line pasted or piped by mistake (a whole file) is
    /// refused at once instead of being split, matched and echoed back.
    static let longestLine = 65_536

    /// Why `line` is too long to run, or nil. Counting its UTF-8 bytes reads no more of it than that.
    static func lengthProblem(_ line: String) -> String? {
        let length = line.utf8.count
        guard length > longestLine else { return nil }
        return "the line is \(length) bytes long, and a command may be at most \(longestLine); nothing was run: "
            + "shorten it (a long text belongs in a file, not on the command line)"
    }
}
