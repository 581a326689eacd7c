import Foundation
import Testing
import ViperTestSupport

/// Source comments say what the code is and why, not its history: no comment in the sources
/// (`Host/`, `Plugins/`, `Contracts/`, `Tests/`, `Examples/`, `Package.swift`) names an issue
/// (the word and a number, or a number after `#`) or a benchmark round (the word and a number).
/// Those numbers mean nothing to a reader of the code; git history and docs/benchmarks keep the
/// story. Only comments are read: a string literal or an HTML entity may hold such text.
@Suite struct CommentHistoryTests {
    /// The folders and files whose sources are read, from the repository root.
    static let roots = ["Host", "Plugins", "Contracts", "Tests", "Examples", "Package.swift"]

    /// What a comment may not say, each with the reason shown when it does.
    static let forbidden: [(pattern: String, what: String)] = [
        (#"(?i)\bissues?\s*#?\d+"#, "an issue number"),
        (#"(?<![\w&])#\d+\b"#, "an issue number"),
        (#"(?i)\brounds?\s+\d+\b"#, "a benchmark round"),
    ]

    enum Syntax {
        /// `//` and `/* */` comments, `"` strings (Swift, C).
        case slashes
        /// `#` comments and triple-quoted docstrings, `"` and `'` strings (Python, shell).
        case hash
    }

    /// The syntax of the file at `path`, or nil when it is not a source read here.
    static func syntax(of path: String) -> Syntax? {
        switch (path as NSString).pathExtension {
        case "swift", "c", "h": return .slashes
        case "py", "sh": return .hash
        case "":
            let head = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: path)).readData(ofLength: 2)) ?? Data()
            return head == Data("#!".utf8) ? .hash : nil
        default: return nil
        }
    }

    /// Where a line of a Swift or C file ends.
    enum SlashState: Equatable {
        case code
        /// Inside `/* */`.
        case block
        /// Inside a multi-line Swift string that `terminator` closes.
        case multiline(terminator: String)
    }

    /// The comments of `text`, each with its line number (one entry per line a comment covers).
    static func comments(in text: String, syntax: Syntax) -> [(line: Int, text: String)] {
        var found: [(line: Int, text: String)] = []
        var slashState = SlashState.code
        var inDocstring = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // A line with no quote and no comment mark changes nothing outside a comment or string.
            let plain = !line.contains("\"") && !line.contains(syntax == .slashes ? "/" : "#")
            if plain && slashState == .code && !inDocstring { continue }
            let comment: String
            switch syntax {
            case .slashes: (comment, slashState) = slashComment(Array(line), state: slashState)
            case .hash: (comment, inDocstring) = hashComment(Array(line), inBlock: inDocstring)
            }
            if !comment.isEmpty { found.append((index + 1, comment)) }
        }
        return found
    }

    /// The comment text of a Swift or C line, and the state after it. A one-line string ends
    /// with its line; a multi-line one (three quotes, or `#` and three quotes) is read as code until it closes.
    private static func slashComment(_ chars: [Character], state: SlashState) -> (String, SlashState) {
        var comment = ""
        var state = state
        var quote: String?  // the closing quote while in a one-line string
        var index = 0
        while index < chars.count {
            let rest = chars[index...]
            switch state {
            case .block:
                if rest.starts(with: ["*", "/"]) {
                    state = .code
                    index += 1
                } else {
                    comment.append(chars[index])
                }
            case .multiline(let terminator):
                if chars[index] == "\\" && !terminator.hasSuffix("#") {
                    index += 1
                } else if rest.starts(with: Array(terminator)) {
                    state = .code
                    index += terminator.count - 1
                }
            case .code:
                if let open = quote {
                    if open == "\"", chars[index] == "\\" {
                        index += 1
                    } else if rest.starts(with: Array(open)) {
                        quote = nil
                        index += open.count - 1
                    }
                } else if rest.starts(with: ["/", "/"]) {
                    return (comment + String(chars[(index + 2)...]), .code)
                } else if rest.starts(with: ["/", "*"]) {
                    state = .block
                    index += 1
                } else if rest.starts(with: Array("#\"\"\"")) {
                    state = .multiline(terminator: "\"\"\"#")
                    index += 3
                } else if rest.starts(with: Array("\"\"\"")) {
                    state = .multiline(terminator: "\"\"\"")
                    index += 2
                } else if rest.starts(with: ["#", "\""]) {
                    quote = "\"#"
                    index += 1
                } else if chars[index] == "\"" {
                    quote = "\""
                }
            }
            index += 1
        }
        return (comment, state)
    }

    /// The comment text of a Python or shell line (a `#` comment, or a line of a `"""` docstring),
    /// and whether a docstring is still open after it.
    private static func hashComment(_ chars: [Character], inBlock: Bool) -> (String, Bool) {
        var comment = ""
        var inBlock = inBlock
        var quote: Character?
        var index = 0
        while index < chars.count {
            let rest = chars[index...]
            if rest.starts(with: ["\"", "\"", "\""]) && quote == nil {
                inBlock.toggle()
                index += 3
                continue
            }
            if inBlock {
                comment.append(chars[index])
            } else if let open = quote {
                if chars[index] == "\\" {
                    index += 1
                } else if chars[index] == open {
                    quote = nil
                }
            } else if chars[index] == "#" {
                return (comment + String(chars[(index + 1)...]), false)
            } else if chars[index] == "\"" || chars[index] == "'" {
                quote = chars[index]
            }
            index += 1
        }
        return (comment, inBlock)
    }

    /// What `comment` may not say, as the reasons of the patterns it matches.
    static func problems(in comment: String) -> [String] {
        forbidden.compactMap { rule in
            comment.range(of: rule.pattern, options: .regularExpression).map { "\(rule.what) (\"\(comment[$0])\")" }
        }
    }

    /// Every source file under the roots, relative to the repository, build folders left out.
    static func sourceFiles() throws -> [String] {
        let repository = BuildProducts.repository
        var files: [String] = []
        for root in roots {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: repository + "/" + root, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                files.append(root)
                continue
            }
            let walker = FileManager.default.enumerator(atPath: repository + "/" + root)
            while let relative = walker?.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    walker?.skipDescendants()
                    continue
                }
                let path = root + "/" + relative
                var isSubfolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: repository + "/" + path, isDirectory: &isSubfolder), !isSubfolder.boolValue,
                   syntax(of: repository + "/" + path) != nil {
                    files.append(path)
                }
            }
        }
        return files.sorted()
    }

    @Test func noSourceCommentNamesAnIssueOrARound() throws {
        let files = try Self.sourceFiles()
        #expect(files.contains("Package.swift") && files.contains { $0.hasPrefix("Host/ViperCore/") } && files.contains { $0.hasSuffix(".c") },
                "the walk found too little: \(files.count) files")
        var found: [String] = []
        for file in files {
            guard let syntax = Self.syntax(of: BuildProducts.repository + "/" + file),
                  let text = try? String(contentsOfFile: BuildProducts.repository + "/" + file, encoding: .utf8) else { continue }
            for comment in Self.comments(in: text, syntax: syntax) {
                found += Self.problems(in: comment.text).map { "\(file):\(comment.line): \($0)" }
            }
        }
        #expect(found.isEmpty, """
            these comments tell history; say what the code is and why instead (git and docs/benchmarks keep the story):
            \(found.joined(separator: "\n"))
            """)
    }

    @Test func theCheckReadsCommentsAndNotStrings() {
        // The check itself: each kind of comment is read, strings and entities are not.
        let swift = """
            /// Kept for issue 24.
            let a = "issue 25 // round 3"  // see #12
            /* a block
               from round 8 */
            let b = #"issue 26"#  // &#160; and C# stay
            """
        let swiftFound = Self.comments(in: swift, syntax: .slashes).flatMap { comment in Self.problems(in: comment.text).map { (comment.line, $0) } }
        #expect(swiftFound.map(\.0) == [1, 2, 4])
        #expect(swiftFound.map(\.1) == ["an issue number (\"issue 24\")", "an issue number (\"#12\")", "a benchmark round (\"round 8\")"])

        let python = """
            \"\"\"Driver for issue 28.\"\"\"
            send("#31 issue 4")  # fixes #31
            x = 'round 2'
            """
        let pythonFound = Self.comments(in: python, syntax: .hash).flatMap { comment in Self.problems(in: comment.text).map { _ in comment.line } }
        #expect(pythonFound == [1, 2])
    }
}
