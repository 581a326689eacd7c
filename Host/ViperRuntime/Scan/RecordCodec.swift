import Contracts

/// A compact text form of ``ScanResult`` for the scanner's pipe and the descriptor
/// cache: one line per result, fields separated by tabs. Foundation's JSON coders
/// spent most of a warm start decoding the cache (and checked protocol conformances
/// that are slow with many images loaded); this is a flat token list read with a cursor.
///
/// Escapes: `\\` backslash, `\t` tab, `\n` newline, `\r` return; `\N` alone is nil.
enum RecordCodec {
    /// The first token of a result line.
    static let resultTag = "R"

    // MARK: Writing

    struct Writer {
        private(set) var fields: [String] = []

        mutating func add(_ text: String) {
            fields.append(RecordCodec.escape(text))
        }

        mutating func add(_ text: String?) {
            if let text { add(text) } else { fields.append("\\N") }
        }

        mutating func add<Number: BinaryInteger>(_ number: Number) {
            fields.append(String(number))
        }

        var line: String { fields.joined(separator: "\t") }
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for character in text.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// One result as a line (without its newline).
    static func encode(_ result: ScanResult) -> String {
        var writer = Writer()
        writer.add(resultTag)
        let stamp = result.stamp
        writer.add(stamp.path)
        writer.add(stamp.size)
        writer.add(stamp.modifiedNanoseconds)
        writer.add(stamp.inode)
        writer.add(stamp.device)
        writer.add(stamp.changedNanoseconds)
        writer.add(result.code?.rawValue)
        writer.add(result.sha256)
        switch result.outcome {
        case .failed(let message):
            writer.add("failed")
            writer.add(message)
        case .broken(let message):
            writer.add("broken")
            writer.add(message)
        case .ok(let descriptor):
            writer.add("ok")
            encode(descriptor, into: &writer)
        }
        return writer.line
    }

    private static func encode(_ descriptor: PluginDescriptor, into writer: inout Writer) {
        writer.add(descriptor.manifest.name)
        writer.add(descriptor.manifest.version)
        writer.add(descriptor.manifest.summary)
        writer.add(descriptor.contractsVersion.major)
        writer.add(descriptor.contractsVersion.minor)
        writer.add(descriptor.swiftCompiler.map { "\($0.major).\($0.minor)" })
        writer.add(descriptor.provides.count)
        for provision in descriptor.provides {
            writer.add(provision.kind.rawValue)
            writer.add(provision.contract.name)
            writer.add(provision.name)
            writer.add(provision.route?.pattern)
            writer.add(provision.route?.summary ?? "")
            writer.add(provision.route?.query.count ?? 0)
            for name in provision.route?.query ?? [] { writer.add(name) }
            writer.add(provision.adaptedFrom?.name)
            writer.add(provision.requires.count)
            for requirement in provision.requires {
                writer.add(requirement.kind.rawValue)
                writer.add(requirement.contract.name)
                writer.add(requirement.name)
            }
        }
    }

    // MARK: Reading

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads tokens of one line in order.
    struct Reader {
        private let fields: [Substring]
        private var index = 0

        init(_ line: Substring) {
            fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        }

        var isAtEnd: Bool { index == fields.count }

        mutating func optionalText() throws -> String? {
            guard index < fields.count else { throw Malformed(description: "the line ends early") }
            let field = fields[index]
            index += 1
            if field == "\\N" { return nil }
            return try RecordCodec.unescape(field)
        }

        mutating func text() throws -> String {
            guard let value = try optionalText() else { throw Malformed(description: "a value is missing") }
            return value
        }

        mutating func integer<Number: FixedWidthInteger>(_: Number.Type = Number.self) throws -> Number {
            let field = try text()
            guard let number = Number(field) else { throw Malformed(description: "'\(field)' is not a number") }
            return number
        }

        /// A count of items that follow, bounded so a corrupt line cannot ask for billions.
        mutating func count() throws -> Int {
            let number: Int = try integer()
            guard (0...10_000).contains(number) else { throw Malformed(description: "a count of \(number) is out of range") }
            return number
        }
    }

    static func unescape(_ field: Substring) throws -> String {
        guard field.utf8.contains(0x5C) else { return String(field) }
        var text = ""
        var scalars = field.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\\": text += "\\"
            case "t": text += "\t"
            case "n": text += "\n"
            case "r": text += "\r"
            default: throw Malformed(description: "a stray backslash")
            }
        }
        return text
    }

    /// Reads a line written by ``encode(_:)``.
    static func decode(_ line: Substring) throws -> ScanResult {
        var reader = Reader(line)
        guard try reader.text() == resultTag else { throw Malformed(description: "not a result line") }
        let stamp = FileStamp(path: try reader.text(), size: try reader.integer(), modifiedNanoseconds: try reader.integer(),
                              inode: try reader.integer(), device: try reader.integer(), changedNanoseconds: try reader.integer())
        let code = try reader.optionalText().map { raw -> PluginLoadError.Code in
            guard let code = PluginLoadError.Code(rawValue: raw) else { throw Malformed(description: "unknown failure kind '\(raw)'") }
            return code
        }
        let sha256 = try reader.optionalText()
        let outcome: ScanResult.Outcome
        switch try reader.text() {
        case "failed": outcome = .failed(try reader.text())
        case "broken": outcome = .broken(try reader.text())
        case "ok": outcome = .ok(try decodeDescriptor(&reader))
        case let other: throw Malformed(description: "unknown outcome '\(other)'")
        }
        guard reader.isAtEnd else { throw Malformed(description: "the line has extra fields") }
        return ScanResult(stamp: stamp, outcome: outcome, code: code, sha256: sha256)
    }

    private static func decodeDescriptor(_ reader: inout Reader) throws -> PluginDescriptor {
        let manifest = PluginManifest(name: try reader.text(), version: try reader.text(), summary: try reader.text())
        let contracts = ContractsVersion(major: try reader.integer(), minor: try reader.integer())
        let swift = try reader.optionalText().map { raw -> SwiftCompilerVersion in
            let parts = raw.split(separator: ".")
            guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else {
                throw Malformed(description: "'\(raw)' is not a compiler version")
            }
            return SwiftCompilerVersion(major: major, minor: minor)
        }
        var provides: [Provision] = []
        for _ in 0..<(try reader.count()) {
            guard let kind = Provision.Kind(rawValue: try reader.text()) else { throw Malformed(description: "unknown provision kind") }
            let contract = ContractID(try reader.text())
            let name = try reader.optionalText()
            let pattern = try reader.optionalText()
            let summary = try reader.text()
            var query: [String] = []
            for _ in 0..<(try reader.count()) { query.append(try reader.text()) }
            let adaptedFrom = try reader.optionalText().map(ContractID.init)
            var requires: [Requirement] = []
            for _ in 0..<(try reader.count()) {
                guard let kind = Requirement.Kind(rawValue: try reader.text()) else { throw Malformed(description: "unknown requirement kind") }
                requires.append(Requirement(kind: kind, contract: ContractID(try reader.text()), name: try reader.optionalText()))
            }
            provides.append(Provision(kind: kind, contract: contract, name: name,
                                      route: pattern.map { RouteSpec($0, summary: summary, query: query) },
                                      adaptedFrom: adaptedFrom, requires: requires))
        }
        var descriptor = PluginDescriptor(manifest: manifest, contractsVersion: contracts, provides: provides)
        descriptor.swiftCompiler = swift
        return descriptor
    }
}
