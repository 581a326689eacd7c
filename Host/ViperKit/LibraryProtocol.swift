/// A protocol of a contract library, read from the library's Swift source for
/// `viper new module NAME --contract LIBRARY.PROTOCOL`: the requirements a generated module
/// implements, and the output protocol its `output` property names. A small reader of the
/// declarations the contract-library template and docs/COOKBOOK.md write (properties with
/// `{ get }` or `{ get set }`, methods); anything else is kept as ``Requirement/unread`` so the
/// template writes a `// TODO` for it and the command says so, never dropping it.
struct LibraryProtocol: Equatable {
    /// One requirement of a protocol, as declared.
    enum Requirement: Equatable {
        /// `var name: type { get }` or `{ get set }`.
        case property(name: String, type: String, settable: Bool)
        /// `func name(parameters) ... -> result`: `signature` is the declaration without its
        /// `func` keyword; `result` is nil for `Void`.
        case method(name: String, signature: String, result: String?)
        /// A requirement the reader does not understand, as written.
        case unread(String)
    }

    let name: String
    let requirements: [Requirement]
    /// The `///` lines the library writes above a requirement, by the requirement's name.
    var documentation: [String: [String]] = [:]

    /// The property `output`'s protocol (`var output: (any NameOutput)? { get set }`), if any.
    var outputProtocol: String? {
        for case .property("output", let type, _) in requirements {
            let bare = type.replacingOccurrences(of: "any ", with: "")
                .filter { !"()?!".contains($0) }.trimmingCharacters(in: .whitespaces)
            return bare.isEmpty ? nil : bare
        }
        return nil
    }

    /// Requirements written as they were declared, for a `// TODO` line.
    var unread: [String] {
        requirements.compactMap { if case .unread(let text) = $0 { return text } else { return nil } }
    }
}

/// Reads protocol declarations out of Swift source text.
enum LibraryProtocolReader {
    /// The names of the `public protocol`s declared in `source`, in order.
    static func protocolNames(in source: String) -> [String] {
        let words = code(source).split(whereSeparator: { $0.isWhitespace || $0 == ":" || $0 == "{" }).map(String.init)
        return words.indices.dropLast().compactMap { index in
            words[index] == "protocol" && index > 0 && words[index - 1] == "public" ? words[index + 1] : nil
        }
    }

    /// The protocol `name` declared in `source`, or nil when `source` does not declare it.
    static func read(_ name: String, in source: String) -> LibraryProtocol? {
        let text = code(source)
        var searchStart = text.startIndex
        while let found = text.range(of: "protocol \(name)", range: searchStart..<text.endIndex) {
            searchStart = found.upperBound
            let next = text[found.upperBound...].first
            guard next == nil || next == ":" || next == "{" || next?.isWhitespace == true,
                let open = text[found.upperBound...].firstIndex(of: "{"),
                let body = body(of: text, from: open)
            else { continue }
            let read = requirements(in: body)
            return LibraryProtocol(name: name, requirements: read, documentation: documentation(of: read, protocol: name, in: source))
        }
        return nil
    }

    /// The `///` lines right above each property and method of the protocol `name` in `source`.
    private static func documentation(
        of requirements: [LibraryProtocol.Requirement], protocol name: String, in source: String
    ) -> [String: [String]] {
        let lines = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(where: { $0.contains("protocol \(name) ") || $0.contains("protocol \(name):") || $0.hasSuffix("protocol \(name)") })
        else { return [:] }
        var found: [String: [String]] = [:]
        for requirement in requirements {
            let (name, opening): (String, String)
            switch requirement {
            case .property(let property, _, _): (name, opening) = (property, "var \(property):")
            case .method(let method, _, _): (name, opening) = (method, "func \(method)(")
            case .unread: continue
            }
            guard let line = lines[start...].firstIndex(where: { $0.hasPrefix(opening) }) else { continue }
            let above = lines[start..<line].reversed().prefix { $0.hasPrefix("///") }
            if !above.isEmpty { found[name] = Array(above.reversed()) }
        }
        return found
    }

    /// The text between the brace at `open` and the one that closes it.
    private static func body(of text: String, from open: String.Index) -> String? {
        var depth = 0
        for index in text[open...].indices {
            switch text[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return String(text[text.index(after: open)..<index]) }
            default: break
            }
        }
        return nil
    }

    /// The declarations of a protocol's body, one a requirement: lines joined while a
    /// parenthesis or brace is open, attributes and blank lines left out.
    private static func requirements(in body: String) -> [LibraryProtocol.Requirement] {
        var declarations: [String] = []
        var pending = ""
        for line in body.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            pending += pending.isEmpty ? trimmed : " " + trimmed
            if balance(pending) == 0, !pending.hasSuffix("->"), !withoutAttributes(pending, only: nil).isEmpty {
                declarations.append(pending)
                pending = ""
            }
        }
        if !pending.isEmpty { declarations.append(pending) }
        return declarations.map(requirement)
    }

    private static func balance(_ text: String) -> Int {
        text.reduce(0) { depth, character in
            switch character {
            case "(", "{", "[": return depth + 1
            case ")", "}", "]": return depth - 1
            default: return depth
            }
        }
    }

    /// One declaration read as a property or a method, or kept as written. Attributes that ask
    /// nothing of an implementation (`@discardableResult`, `@available(...)`) are read past: a
    /// module or a double implements the requirement the same with or without them.
    static func requirement(_ written: String) -> LibraryProtocol.Requirement {
        let declaration = withoutAttributes(written, only: ["@discardableResult", "@available"])
        if declaration.hasPrefix("var "), let property = property(declaration) { return property }
        if declaration.hasPrefix("func "), let method = method(declaration) { return method }
        return .unread(written)
    }

    /// `declaration` without its leading attributes: those in `only`, or every one (nil). An
    /// attribute alone on its line leaves nothing: the declaration goes on, on the next line.
    static func withoutAttributes(_ declaration: String, only: Set<String>?) -> String {
        var rest = Substring(declaration)
        while rest.hasPrefix("@") {
            let word = rest.prefix { !$0.isWhitespace && $0 != "(" }
            guard only?.contains(String(word)) ?? true else { break }
            rest = rest.dropFirst(word.count)
            if rest.hasPrefix("(") {
                var depth = 0
                var end = rest.startIndex
                for index in rest.indices {
                    if rest[index] == "(" { depth += 1 }
                    if rest[index] == ")" { depth -= 1 }
                    if depth == 0 {
                        end = rest.index(after: index)
                        break
                    }
                }
                guard depth == 0 else { return declaration }
                rest = rest[end...]
            }
            rest = rest.drop { $0.isWhitespace }
        }
        return String(rest)
    }

    private static func property(_ declaration: String) -> LibraryProtocol.Requirement? {
        let rest = declaration.dropFirst("var ".count)
        guard let colon = rest.firstIndex(of: ":"), let brace = rest.firstIndex(of: "{"), colon < brace,
            rest.hasSuffix("}")
        else { return nil }
        let name = rest[..<colon].trimmingCharacters(in: .whitespaces)
        let type = rest[rest.index(after: colon)..<brace].trimmingCharacters(in: .whitespaces)
        let accessors = rest[rest.index(after: brace)...].dropLast().split(separator: " ").map(String.init)
        guard isIdentifier(name), !type.isEmpty, accessors == ["get"] || accessors == ["get", "set"] else { return nil }
        return .property(name: name, type: type, settable: accessors.count == 2)
    }

    private static func method(_ declaration: String) -> LibraryProtocol.Requirement? {
        let signature = String(declaration.dropFirst("func ".count))
        guard let open = signature.firstIndex(of: "("), signature.firstIndex(of: "<").map({ $0 > open }) ?? true,
            !signature.contains(" where ")
        else { return nil }
        let name = String(signature[..<open])
        guard isIdentifier(name), balance(signature) == 0 else { return nil }
        var result: String?
        if let arrow = signature.range(of: "->", options: .backwards), balance(String(signature[arrow.upperBound...])) == 0 {
            let type = signature[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            result = type == "Void" || type == "()" ? nil : type
        }
        return .method(name: name, signature: signature, result: result)
    }

    private static func isIdentifier(_ word: String) -> Bool {
        guard let first = word.first, first.isLetter || first == "_" else { return false }
        return word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `source` without comments and string literals' contents, so braces in them do not count.
    static func code(_ source: String) -> String {
        var out = ""
        var iterator = Array(source)[...]
        var inString = false
        while let character = iterator.first {
            iterator = iterator.dropFirst()
            if inString {
                if character == "\\" {
                    iterator = iterator.dropFirst()
                } else if character == "\"" {
                    inString = false
                    out.append(character)
                }
                continue
            }
            if character == "/", iterator.first == "/" {
                iterator = iterator.drop { $0 != "\n" }
            } else if character == "/", iterator.first == "*" {
                while !iterator.isEmpty, !(iterator.first == "*" && iterator.dropFirst().first == "/") { iterator = iterator.dropFirst() }
                iterator = iterator.dropFirst(2)
            } else {
                inString = character == "\""
                out.append(character)
            }
        }
        return out
    }
}
