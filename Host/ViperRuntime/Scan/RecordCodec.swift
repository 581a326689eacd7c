import Contracts

/// A compact text form of ``ScanResult`` for the scanner's pipe and the descriptor
/// cache: one line per result, fields separated by tabs. Foundation's JSON coders
/// spent most of a warm start decoding the cache (and checked protocol conformances
/// that are slow with many images loaded); this is a flat token list read with a cursor.
///
/// Escapes: `\\` backslash, `\t` tab, `\n` newline, `\r` return; `\N` alone is nil.
package enum RecordCodec {
    /// The first token of a result line.
    static let resultTag = "R"

    /// The most items a count in a line may announce (provisions of a plugin, query
    /// names of a route, requirements of a provision): a corrupt line cannot ask for billions.
    static let maximumCount = 10_000

    /// Why `descriptor` does not fit a line (a count over ``maximumCount``), or nil.
    static func overflow(_ descriptor: PluginDescriptor) -> String? {
        let limit = "the plugin cache holds at most \(maximumCount)"
        if descriptor.provides.count > maximumCount {
            return "registers \(descriptor.provides.count) contracts; \(limit) per plugin: split it into several plugins"
        }
        for provision in descriptor.provides {
            let label = Registry.label(provision.contract, provision.name)
            if provision.requires.count > maximumCount {
                return "\(label) declares \(provision.requires.count) requirements; \(limit) per registration"
            }
            if let query = provision.route?.query, query.count > maximumCount {
                return "the route of \(label) takes \(query.count) query names; \(limit) per route"
            }
        }
        return nil
    }

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
    package static func encode(_ result: ScanResult) -> String {
        if let encoded = result.encoded { return encoded }
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
        writer.add(descriptor.contractLibraries.count)
        for library in descriptor.contractLibraries {
            writer.add(library.name)
            writer.add(library.version.major)
            writer.add(library.version.minor)
        }
    }

    // MARK: Reading

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads tokens of one line in order, from its UTF-8 bytes (no String is made for
    /// the line or for fields that are numbers).
    struct Reader {
        private let bytes: ArraySlice<UInt8>
        private var fields: [Range<Int>] = []
        private var index = 0

        init(_ line: Substring) {
            self.init(bytes: ArraySlice(line.utf8))
        }

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            fields.reserveCapacity(32)  // a cache line of a plugin with one registration has 29 fields: one allocation, not six
            var start = bytes.startIndex
            var position = bytes.startIndex
            while position < bytes.endIndex {
                if bytes[position] == 0x09 {
                    fields.append(start..<position)
                    start = position + 1
                }
                position += 1
            }
            fields.append(start..<bytes.endIndex)
        }

        var isAtEnd: Bool { index == fields.count }

        private mutating func nextField() throws -> ArraySlice<UInt8> {
            guard index < fields.count else { throw Malformed(description: "the line ends early") }
            defer { index += 1 }
            return bytes[fields[index]]
        }

        mutating func optionalText() throws -> String? {
            let field = try nextField()
            if field.count == 2, field.first == 0x5C, field.last == 0x4E { return nil }  // \N
            return try RecordCodec.unescape(field)
        }

        mutating func text() throws -> String {
            guard let value = try optionalText() else { throw Malformed(description: "a value is missing") }
            return value
        }

        mutating func integer<Number: FixedWidthInteger>(_: Number.Type = Number.self) throws -> Number {
            let field = try nextField()
            var value: Number = 0
            var negative = false
            var digits = 0
            for (offset, byte) in field.enumerated() {
                if offset == 0, byte == 0x2D, Number.isSigned {
                    negative = true
                    continue
                }
                guard (0x30...0x39).contains(byte) else { throw Malformed(description: "'\(String(decoding: field, as: UTF8.self))' is not a number") }
                let digit = Number(byte - 0x30)
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
                let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                guard !overflowA, !overflowB else { throw Malformed(description: "a number is out of range") }
                value = next
                digits += 1
            }
            guard digits > 0 else { throw Malformed(description: "a number is missing") }
            return value
        }

        /// A count of items that follow, bounded so a corrupt line cannot ask for billions.
        mutating func count() throws -> Int {
            let number: Int = try integer()
            guard (0...RecordCodec.maximumCount).contains(number) else { throw Malformed(description: "a count of \(number) is out of range") }
            return number
        }
    }

    static func unescape(_ field: ArraySlice<UInt8>) throws -> String {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(field.count)
        var iterator = field.makeIterator()
        while let byte = iterator.next() {
            guard byte == 0x5C else {
                output.append(byte)
                continue
            }
            switch iterator.next() {
            case 0x5C: output.append(0x5C)
            case 0x74: output.append(0x09)  // t
            case 0x6E: output.append(0x0A)  // n
            case 0x72: output.append(0x0D)  // r
            default: throw Malformed(description: "a stray backslash")
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Reads a line written by ``encode(_:)``.
    package static func decode(_ line: Substring) throws -> ScanResult {
        try decode(bytes: ArraySlice(line.utf8))
    }

    /// Reads a line written by ``encode(_:)``, from its UTF-8 bytes.
    package static func decode(bytes line: ArraySlice<UInt8>) throws -> ScanResult {
        var reader = Reader(bytes: line)
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
        return ScanResult(ScanResult(stamp: stamp, outcome: outcome, code: code, sha256: sha256), readFrom: line)
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
        for _ in 0..<(try reader.count()) {
            descriptor.contractLibraries.append(ContractLibraryVersion(name: try reader.text(), major: try reader.integer(), minor: try reader.integer()))
        }
        return descriptor
    }
}
