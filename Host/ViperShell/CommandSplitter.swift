import Contracts
import ViperRuntime

/// Splits what the user typed into words, as a small POSIX shell would: spaces
/// separate words, `'single'` quotes keep everything, `"double"` quotes keep
/// everything but `\"` and `\\`, and a backslash outside quotes escapes the next character.
enum CommandSplitter {
    /// One command line as an invocation: the first word, the other words, and the
    /// text after the first word as typed.
    static func split(_ line: String) throws -> CommandInvocation {
        let (words, nameEnd) = try scan(line)
        guard let name = words.first else {
            return CommandInvocation(name: "", arguments: [], rest: "")
        }
        let rest = line[nameEnd...].trimmingWhitespace()
        return CommandInvocation(name: name, arguments: Array(words.dropFirst()), rest: rest)
    }

    /// The words of `text`.
    static func words(_ text: String) throws -> [String] {
        try scan(text).words
    }

    /// The commands in a `-c` script: separated by `;` or newlines outside quotes;
    /// empty ones dropped.
    static func statements(_ script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        for character in script {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\" where quote != "'":
                escaped = true
                current.append(character)
            case "'", "\"":
                if quote == nil { quote = character } else if quote == character { quote = nil }
                current.append(character)
            case ";" where quote == nil, "\n" where quote == nil:
                statements.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        statements.append(current)
        return statements.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func scan(_ text: String) throws -> (words: [String], nameEnd: String.Index) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var nameEnd = text.endIndex
        var index = text.startIndex
        func finishWord(at end: String.Index) {
            guard inWord else { return }
            if words.isEmpty { nameEnd = end }
            words.append(current)
            current = ""
            inWord = false
        }
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if let open = quote {
                if character == open {
                    quote = nil
                } else if open == "\"", character == "\\", next < text.endIndex, "\"\\".contains(text[next]) {
                    current.append(text[next])
                    index = text.index(after: next)
                    continue
                } else {
                    current.append(character)
                }
            } else if character == " " || character == "\t" {
                finishWord(at: index)
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\", next < text.endIndex {
                current.append(text[next])
                inWord = true
                index = text.index(after: next)
                continue
            } else {
                current.append(character)
                inWord = true
            }
            index = next
        }
        if let open = quote {
            throw CommandError("unterminated \(open == "'" ? "single" : "double") quote in '\(text)'; close it with \(open)")
        }
        finishWord(at: text.endIndex)
        return (words, nameEnd)
    }
}
