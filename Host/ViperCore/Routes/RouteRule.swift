import Contracts

/// What a plugin's route must be. Checked on descriptors before the shell opens
/// (``GraphValidator``, so a plugin that loads on first use is checked without
/// running it) and again when a loaded plugin's modules reach the ``Registry``.
///
/// A route is what a person types after `open`, so it must not pass for one of the
/// shell's own commands, and it must be a path the shell can match:
///
///     notes          notes/:id          todo/add          bench/bench-0042
///
/// - it is not empty;
/// - its first segment is a name, not a parameter, and not a shell command
///   (``BuiltinCommand``: `open`, `where`, `help`, ...);
/// - segments are separated by single `/`, with none at either end;
/// - a name uses only `a`-`z`, `0`-`9`, `-` and `_` (ASCII only, so no look-alike
///   letters; no `.`, which keeps `--prefer notes=…` apart from `--prefer Contracts.X=…`);
/// - a parameter is `:` and an identifier, and no parameter or query name is
///   declared twice.
package enum RouteRule {
    /// Why `spec` cannot be a route, or nil when it can: one clause that names the rule,
    /// e.g. `'help' is a shell command; choose another name`.
    package static func problem(with spec: RouteSpec) -> String? {
        if isPlainRoute(spec) { return nil }
        let pattern = spec.pattern
        guard pattern.utf8.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "/") }) else {
            return "the route is empty; give it a name such as 'notes'"
        }
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: \.isEmpty) {
            return "'\(pattern)' is not a valid path: it has an empty segment; separate names with single '/', none at either end"
        }
        let first = segments[0]
        if first.hasPrefix(":") {
            return "'\(pattern)' starts with a parameter, so it would catch any path; begin it with a name, e.g. 'notes/:id'"
        }
        if let command = BuiltinCommand(rawValue: String(first)) {
            let list = BuiltinCommand.allCases.map(\.rawValue).joined(separator: ", ")
            return "'\(command.rawValue)' is a shell command (\(list)); choose another name"
        }
        var names: [String] = []
        for segment in segments {
            if segment.hasPrefix(":") {
                let name = String(segment.dropFirst())
                guard isIdentifier(name) else {
                    return "'\(pattern)' is not a valid path: parameter '\(segment)' needs a name of letters, digits and '_', e.g. ':id'"
                }
                names.append(name)
            } else if !segment.unicodeScalars.allSatisfy(isNameScalar) {
                return "'\(pattern)' is not a valid path: '\(segment)' may use only lower-case letters a-z, digits, '-' and '_'"
            }
        }
        for name in spec.query where !isIdentifier(name) {
            return "'\(pattern)' has query parameter '\(name)': use letters, digits and '_', starting with a letter"
        }
        names += spec.query
        var seen = Set<String>()
        for name in names where !seen.insert(name).inserted {
            return "'\(pattern)' declares parameter '\(name)' twice; give each parameter its own name"
        }
        return nil
    }

    /// The route with parameter names dropped (`notes/:id` → `notes/:`): two routes
    /// with one shape match the same paths, so only one of them can be served.
    package static func shape(_ pattern: String) -> String {
        // Most routes have no parameter: they are their own shape (start-up asks for every route).
        guard pattern.utf8.contains(UInt8(ascii: ":")) else { return pattern }
        return pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? ":" : String($0) }
            .joined(separator: "/")
    }

    /// Whether a `--prefer` or `config.json` key names a route rather than a contract:
    /// a contract's name always has a `.` (`Contracts.NoteEditing`), a route never does.
    package static func isRouteKey(_ key: String) -> Bool {
        !key.contains(".")
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || isASCIILetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || isASCIILetter($0) || ("0"..."9").contains($0) }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The common case, checked in one pass without allocating (start-up checks every route
    /// several times): plain names joined by single `/`, no parameter, no query, and a first
    /// name that is not a shell command. Anything else takes the full check with its reasons.
    package static func isPlainRoute(_ spec: RouteSpec) -> Bool {
        guard spec.query.isEmpty else { return false }
        let slash = UInt8(ascii: "/")
        var afterSlash = true  // at the start, as after a `/`: an empty first segment fails
        var firstEnd: Int?
        var count = 0
        for byte in spec.pattern.utf8 {
            if byte == slash {
                if afterSlash { return false }
                firstEnd = firstEnd ?? count
                afterSlash = true
            } else {
                guard (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F else { return false }
                afterSlash = false  // a-z, 0-9, '-', '_' (``isNameScalar(_:)``, by byte)
            }
            count += 1
        }
        guard !afterSlash else { return false }
        let first = String(decoding: spec.pattern.utf8.prefix(firstEnd ?? count), as: UTF8.self)
        return !commandNames.contains(first)
    }

    /// ``BuiltinCommand``'s names, for one hash instead of a comparison with each.
    private static let commandNames = Set(BuiltinCommand.allCases.map(\.rawValue))

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }
}
