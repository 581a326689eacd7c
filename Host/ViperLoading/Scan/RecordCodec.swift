import Contracts
import ViperCore

/// A compact text form of ``ScanResult`` for the scanner's pipe and the descriptor
/// cache: one line per result, fields separated by tabs. Foundation's JSON coders
/// spent most of a warm start decoding the cache (and checked protocol conformances
/// that are slow with many images loaded); this is a flat token list read with a cursor.
///
/// Escapes: `\\` backslash, `\t` tab, `\n` newline, `\r` return; `\N` alone is nil.
package enum RecordCodec {
    /// The first token of a result line.
    package static let resultTag = "R"

    /// The most items a count in a line may announce (provisions of a plugin, query
    /// names of a route, requirements of a provision): a corrupt line cannot ask for billions.
    package static let maximumCount = 10_000

    /// Why `descriptor` does not fit a line (a count over ``maximumCount``), or nil.
    package static func overflow(_ descriptor: PluginDescriptor) -> String? {
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

    /// ``overflow(_:)`` of a scanned descriptor.
    package static func overflow(_ scanned: ScannedDescriptor) -> String? {
        overflow(scanned.descriptor)
    }

    // MARK: Writing

    /// Appends `result`'s line and a newline to `bytes`: the line it was read from when it has one.
    package static func append(_ result: ScanResult, to bytes: inout [UInt8]) {
        if let line = result.line {
            bytes += line.bytes
        } else {
            bytes += encode(result).utf8
        }
        bytes.append(0x0A)
    }

    package static func escape(_ text: String) -> String {
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
        if let line = result.line { return String(decoding: line.bytes, as: UTF8.self) }
        return writer(result).line
    }

    /// ``encode(_:)``'s line as its UTF-8 bytes (what a scanner writes to its pipe).
    package static func encodedBytes(_ result: ScanResult) -> [UInt8] {
        if let line = result.line { return Array(line.bytes) }
        return writer(result).bytes
    }

    private static func writer(_ result: ScanResult) -> Writer {
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
        case .ok(let scanned):
            writer.add("ok")
            encode(scanned.descriptor, into: &writer)
        }
        return writer
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
            writer.add(library.interface)
        }
    }

    // MARK: Reading

    /// Reads a line written by ``encode(_:)``.
    package static func decode(_ line: Substring) throws -> ScanResult {
        try decode(bytes: ArraySlice(line.utf8))
    }

    /// Reads a line written by ``encode(_:)``, from its UTF-8 bytes, descriptor and all (the scanner's output).
    package static func decode(bytes line: ArraySlice<UInt8>) throws -> ScanResult {
        try decode(RecordLine(line))
    }

    /// Reads `line`, which the result keeps (writing the cache copies it). The descriptor cache
    /// reads its lines with ``decodeCached(_:storage:range:)`` instead, decoding descriptors lazily.
    package static func decode(_ line: RecordLine) throws -> ScanResult {
        var reader = Reader(bytes: line.bytes)
        guard try reader.nextIs("R") else { throw Malformed(description: "not a result line") }
        let stamp = FileStamp(
            path: try reader.text(), size: try reader.integer(), modifiedNanoseconds: try reader.integer(),
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
        case "ok": outcome = .ok(ScannedDescriptor(try decodeDescriptor(&reader)))
        case let other: throw Malformed(description: "unknown outcome '\(other)'")
        }
        guard reader.isAtEnd else { throw Malformed(description: "the line has extra fields") }
        return ScanResult(stamp: stamp, outcome: outcome, code: code, sha256: sha256, line: line)
    }

    package static func decodeDescriptor(_ reader: inout Reader) throws -> PluginDescriptor {
        let manifest = PluginManifest(name: try reader.text(), version: try reader.text(), summary: try reader.text())
        let contracts = ContractsVersion(major: try reader.integer(), minor: try reader.integer())
        let swift = try reader.optionalText().map(compilerVersion)
        var provides: [Provision] = []
        let provisions = try reader.count()
        provides.reserveCapacity(provisions)
        for _ in 0..<provisions {
            let kind = try provisionKind(&reader)
            let contract = ContractID(try reader.text())
            let name = try reader.optionalText()
            let pattern = try reader.optionalText()
            let summary = try reader.text()
            var query: [String] = []
            for _ in 0..<(try reader.count()) { query.append(try reader.text()) }
            let adaptedFrom = try reader.optionalText().map(ContractID.init)
            var requires: [Requirement] = []
            for _ in 0..<(try reader.count()) {
                let kind = try requirementKind(&reader)
                requires.append(Requirement(kind: kind, contract: ContractID(try reader.text()), name: try reader.optionalText()))
            }
            provides.append(
                Provision(
                    kind: kind, contract: contract, name: name,
                    route: pattern.map { RouteSpec($0, summary: summary, query: query) },
                    adaptedFrom: adaptedFrom, requires: requires))
        }
        var descriptor = PluginDescriptor(manifest: manifest, contractsVersion: contracts, provides: provides)
        descriptor.swiftCompiler = swift
        for _ in 0..<(try reader.count()) {
            descriptor.contractLibraries.append(
                ContractLibraryVersion(
                    name: try reader.text(), major: try reader.integer(), minor: try reader.integer(),
                    interface: try reader.optionalText()))
        }
        return descriptor
    }

    /// The kinds by their raw values, matched as bytes (a kind another Contracts adds is read as text).
    package static let provisionKinds: [(StaticString, Provision.Kind)] = [
        ("service", .service), ("module", .module), ("adapter", .adapter), ("interceptor", .interceptor),
    ]
    package static let requirementKinds: [(StaticString, Requirement.Kind)] = [("service", .service), ("module", .module)]

    private static func provisionKind(_ reader: inout Reader) throws -> Provision.Kind {
        try reader.choice(provisionKinds) { raw in
            guard let kind = Provision.Kind(rawValue: raw) else { throw Malformed(description: "unknown provision kind") }
            return kind
        }
    }

    private static func requirementKind(_ reader: inout Reader) throws -> Requirement.Kind {
        try reader.choice(requirementKinds) { raw in
            guard let kind = Requirement.Kind(rawValue: raw) else { throw Malformed(description: "unknown requirement kind") }
            return kind
        }
    }

    package static func compilerVersion(_ raw: String) throws -> SwiftCompilerVersion {
        if let plain = plainCompilerVersion(raw) { return plain }
        let parts = raw.split(separator: ".")
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else {
            throw Malformed(description: "'\(raw)' is not a compiler version")
        }
        return SwiftCompilerVersion(major: major, minor: minor)
    }

    /// `MAJOR.MINOR` of one to four digits each (what a compiler writes), read without splitting; nil for anything else.
    private static func plainCompilerVersion(_ raw: String) -> SwiftCompilerVersion? {
        var major = 0, minor = 0, digits = 0, dot = false
        for byte in raw.utf8 {
            if byte == 0x2E, !dot, digits > 0 {
                dot = true
                digits = 0
                continue
            }
            guard (0x30...0x39).contains(byte), digits < 4 else { return nil }
            if dot { minor = minor * 10 + Int(byte - 0x30) } else { major = major * 10 + Int(byte - 0x30) }
            digits += 1
        }
        guard dot, digits > 0 else { return nil }
        return SwiftCompilerVersion(major: major, minor: minor)
    }
}
