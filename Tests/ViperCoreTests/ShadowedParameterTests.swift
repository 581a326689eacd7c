import Foundation
import Testing
import ViperTestSupport

/// A local that takes the name of its function's parameter hides the parameter for the rest of
/// the body: a later read meant for the parameter reads the local instead, and the compiler says
/// nothing (Swift has no shadowing warning, swift-format no rule). This lint finds, in Host/ and
/// Plugins/, every `let NAME =` / `var NAME =` statement in a function whose parameter is NAME,
/// unless its value is made from NAME itself (`let word = word.lowercased()`, a refinement, which
/// is the point of reusing the name).
@Suite struct ShadowedParameterTests {
    @Test func noLocalHidesAParameterOfItsFunction() throws {
        var found: [String] = []
        for folder in ["Host", "Plugins"] {
            let root = BuildProducts.repository + "/" + folder
            let walker = try #require(FileManager.default.enumerator(atPath: root))
            while let path = walker.nextObject() as? String {
                guard path.hasSuffix(".swift"), !path.contains(".build/") else { continue }
                let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                found += ShadowLint.shadows(in: text).map { "\(folder)/\(path):\($0.line): '\($0.name)'" }
            }
        }
        #expect(found.isEmpty, "rename the local (or make it from the parameter): \(found.joined(separator: "; "))")
    }

    @Test func theLintFindsAShadowAndLetsARefinementBe() {
        let source = """
            func graphKey(records: [Int], near: Int) -> Int {
                let word = "records { } // not code"
                var records: [Int] = []  // hides the parameter
                records.append(near)
                return records[0]
            }
            func clean(_ word: String) -> String {
                let word = word.lowercased()
                return word
            }
            protocol P { func f(name: String) }
            func g(x: Int) { let y = { (name: String) in name }; _ = y }
            func h() { let name = 1; _ = name }
            """
        let shadows = ShadowLint.shadows(in: source)
        #expect(shadows.map(\.name) == ["records"])
        #expect(shadows.map(\.line) == [3])
    }
}

/// The lint's reading of Swift: comments and string literals are blanked first (lengths and
/// newlines kept), then each `func` with a body is taken apart.
enum ShadowLint {
    static func shadows(in text: String) -> [(line: Int, name: String)] {
        let code = blanked(Array(text.utf8))
        var result: [(line: Int, name: String)] = []
        var index = 0
        while let start = find("func", in: code, from: index) {
            index = start + 4
            guard let open = code[index...].firstIndex(of: UInt8(ascii: "(")),
                !code[index..<open].contains(UInt8(ascii: "\n")) || code[index..<open].contains(UInt8(ascii: "<")),
                let close = matching(code, open, UInt8(ascii: "("), UInt8(ascii: ")"))
            else { continue }
            let names = parameterNames(Array(code[(open + 1)..<close]))
            // The body: the next brace, unless something else is declared first (a requirement).
            guard let brace = code[close...].firstIndex(of: UInt8(ascii: "{")),
                !code[close..<brace].contains(UInt8(ascii: "}")),
                find("func", in: Array(code[close..<brace]), from: 0) == nil,
                let end = matching(code, brace, UInt8(ascii: "{"), UInt8(ascii: "}"))
            else { continue }
            let body = String(decoding: code[(brace + 1)..<end], as: UTF8.self)
            let firstLine = code[..<brace].filter { $0 == UInt8(ascii: "\n") }.count + 1
            for (offset, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.trimmingCharacters(in: .whitespaces)
                guard words.hasPrefix("let ") || words.hasPrefix("var ") else { continue }
                let declared = words.dropFirst(4).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                guard names.contains(String(declared)), let equals = words.firstIndex(of: "=") else { continue }
                let value = words[words.index(after: equals)...]
                if mentions(value, String(declared)) { continue }
                result.append((firstLine + offset, String(declared)))
            }
        }
        return result
    }

    /// The internal names of a parameter list's parameters (`label name: T` → name).
    static func parameterNames(_ list: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        var depth = 0
        var segment: [UInt8] = []
        func take() {
            let head = String(decoding: segment, as: UTF8.self).split(separator: ":").first ?? ""
            let words = head.split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("@") && !["inout", "borrowing", "consuming", "sending"].contains($0) }
            if let last = words.last, last != "_" { names.insert(String(last)) }
            segment = []
        }
        for (position, byte) in list.enumerated() {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where position == 0 || list[position - 1] != UInt8(ascii: "-"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                take()
                continue
            default: break
            }
            segment.append(byte)
        }
        take()
        return names
    }

    static func mentions(_ text: Substring, _ name: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
            let isWord = { (c: Character) in c.isLetter || c.isNumber || c == "_" }
            if !isWord(before), before != ".", !isWord(after) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// The index of the keyword `word` as a whole word in `code` at or after `from`.
    static func find(_ word: String, in code: [UInt8], from: Int) -> Int? {
        let target = Array(word.utf8)
        var index = from
        while index + target.count <= code.count {
            if code[index..<(index + target.count)].elementsEqual(target),
                index == 0 || !isIdentifier(code[index - 1]),
                index + target.count == code.count || !isIdentifier(code[index + target.count])
            {
                return index
            }
            index += 1
        }
        return nil
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122) || byte >= 0x80
    }

    /// The index of the bracket that closes the one at `open`.
    static func matching(_ code: [UInt8], _ open: Int, _ opening: UInt8, _ closing: UInt8) -> Int? {
        var depth = 0
        for index in open..<code.count {
            if code[index] == opening { depth += 1 }
            if code[index] == closing {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// `code` with comments and string literals (their interpolations too) turned into spaces.
    static func blanked(_ code: [UInt8]) -> [UInt8] {
        var out = code
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where out[position] != UInt8(ascii: "\n") { out[position] = UInt8(ascii: " ") }
        }
        func starts(_ text: String, at position: Int) -> Bool {
            let bytes = Array(text.utf8)
            return position + bytes.count <= code.count && code[position..<(position + bytes.count)].elementsEqual(bytes)
        }
        while index < code.count {
            if starts("//", at: index) {
                let end = code[index...].firstIndex(of: UInt8(ascii: "\n")) ?? code.count
                blank(index..<end)
                index = end
            } else if starts("/*", at: index) {
                var depth = 0, position = index
                repeat {
                    if starts("/*", at: position) { depth += 1; position += 2 } else if starts("*/", at: position) { depth -= 1; position += 2 } else { position += 1 }
                } while depth > 0 && position < code.count
                blank(index..<position)
                index = position
            } else if code[index] == UInt8(ascii: "\"") || (code[index] == UInt8(ascii: "#") && index + 1 < code.count && (code[index + 1] == UInt8(ascii: "\"") || code[index + 1] == UInt8(ascii: "#"))) {
                var hashes = 0, position = index
                while position < code.count, code[position] == UInt8(ascii: "#") { hashes += 1; position += 1 }
                guard position < code.count, code[position] == UInt8(ascii: "\"") else { index = position; continue }
                let delimiter = starts("\"\"\"", at: position) ? "\"\"\"" : "\""
                position += delimiter.count
                let closing = delimiter + String(repeating: "#", count: hashes)
                var interpolation = 0
                while position < code.count {
                    if hashes == 0, interpolation == 0, code[position] == UInt8(ascii: "\\") { position += 2; if position <= code.count, code[position - 1] == UInt8(ascii: "(") { interpolation = 1 }; continue }
                    if interpolation > 0 {
                        if code[position] == UInt8(ascii: "(") { interpolation += 1 }
                        if code[position] == UInt8(ascii: ")") { interpolation -= 1 }
                        position += 1
                        continue
                    }
                    if starts(closing, at: position) { position += closing.count; break }
                    if delimiter == "\"", code[position] == UInt8(ascii: "\n") { break }
                    position += 1
                }
                blank(index..<min(position, code.count))
                index = position
            } else {
                index += 1
            }
        }
        return out
    }
}
