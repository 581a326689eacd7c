import Foundation
import ViperCommandLine
import ViperLoading

/// The package of a contract library on disk, found for `viper new module NAME --in PATH
/// --contract LIBRARY.PROTOCOL`: its folder, its Swift source (`Sources/LIBRARY`, read to
/// know the protocol's requirements) and its version's expression (`LIBRARYLibrary.compiled`).
/// Looked for, in order: `--library-path DIR`; a `.package(path:)` of the plugin's
/// Package.swift; the folder beside the plugin package named LIBRARY, where
/// `viper new --contract-library --dir` puts it beside a plugin made with the same `--dir`.
struct LibraryPackage {
    let name: String
    let folder: String
    let source: String

    /// Finds `library` for the plugin package at `root`; the error names where it looked,
    /// the contract libraries it saw there, and `--library-path`.
    static func find(_ library: String, given: String?, plugin root: String, manifest: String) throws -> LibraryPackage {
        let candidates = given.map { [Paths.absolute($0)] } ?? (dependencyFolders(manifest, root: root) + [Paths.join(Paths.parent(root), library)])
        for folder in candidates {
            if let source = swiftSource(of: library, in: folder) {
                return LibraryPackage(name: library, folder: folder, source: source)
            }
        }
        let seen = Set((candidates + siblings(of: root)).flatMap(libraries(in:))).sorted()
        let known = seen.isEmpty ? "none" : seen.joined(separator: ", ")
        let places =
            given.map { "in \(Paths.absolute($0)) (--library-path)" }
            ?? "beside the plugin (\(Paths.join(Paths.parent(root), library))) or among the packages its Package.swift depends on"
        throw UsageError(
            "no contract library '\(library)' (a package with Sources/\(library)) \(places); contract libraries found there: \(known); give the library's package folder with --library-path DIR, or name one that exists"
        )
    }

    /// The modules the library's source imports (besides itself and the standard library), in
    /// order: a file generated with one of its signatures (a test double, an output's spy, a
    /// presenter adopting its protocol) imports them too, since a signature may name their types
    /// (`Date` from Foundation). Sorted, so a generated file does not depend on their order.
    var imports: [String] {
        var found: [String] = []
        for line in source.split(separator: "\n") {
            var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal"].contains(first) { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            let module = String(path.prefix { $0 != "." && $0 != ";" })
            if !module.isEmpty, module != name, module != "Swift", !found.contains(module) { found.append(module) }
        }
        return found.sorted()
    }

    /// The import lines of a generated file that names `library`'s types: what the library's source
    /// imports (``imports``), then the library itself; Contracts left out when the file imports it
    /// already.
    static func importLines(of library: String, imports: [String], contractsImported: Bool) -> [String] {
        (imports.filter { !contractsImported || $0 != "Contracts" } + [library]).map { "import \($0)" }
    }

    /// The protocol `name` of this library, or a usage error that lists its protocols.
    func contract(_ protocolName: String) throws -> LibraryProtocol {
        if let found = LibraryProtocolReader.read(protocolName, in: source) { return found }
        let names = LibraryProtocolReader.protocolNames(in: source)
        guard let first = names.first else {
            throw UsageError(
                "the contract library \(name) (\(folder)) has no protocol '\(protocolName)': it declares no public protocol; add it to Sources/\(name), or name another library"
            )
        }
        throw UsageError(
            "the contract library \(name) (\(folder)) has no protocol '\(protocolName)'; its protocols: \(names.joined(separator: ", ")); name one of them, e.g. --contract \(name).\(first)"
        )
    }

    /// What a plugin lists in `contractLibraries`: the enum whose `compiled` is the library's
    /// ContractLibraryVersion (`LIBRARYLibrary` in the template).
    func versionExpression() throws -> String {
        let code = LibraryProtocolReader.code(source)
        if code.contains("enum \(name)Library") { return "\(name)Library.compiled" }
        if let compiled = code.range(of: "compiled: ContractLibraryVersion"),
            let enumWord = code[..<compiled.lowerBound].range(of: "enum ", options: .backwards)
        {
            let type = code[enumWord.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !type.isEmpty { return "\(type).compiled" }
        }
        throw UsageError(
            "the contract library \(name) (\(folder)) declares no version (an enum with 'static var compiled: ContractLibraryVersion', as 'viper new --contract-library' writes in Sources/\(name)/\(name)Library.swift); add it, then run this again"
        )
    }

    /// The folders of the plugin manifest's `.package(path: "...")` lines.
    static func dependencyFolders(_ manifest: String, root: String) -> [String] {
        manifest.components(separatedBy: ".package(path: \"").dropFirst().compactMap { rest in
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            let path = String(rest[..<end])
            return path.hasPrefix("/") ? path : Paths.absolute(Paths.join(root, path))
        }
    }

    /// The Swift files of `Sources/library` under `folder`, joined; nil when there are none.
    private static func swiftSource(of library: String, in folder: String) -> String? {
        let sources = Paths.join(folder, "Sources/\(library)")
        guard let walker = FileManager.default.enumerator(atPath: sources) else { return nil }
        let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        let texts = files.compactMap { try? String(contentsOfFile: Paths.join(sources, $0), encoding: .utf8) }
        return texts.isEmpty ? nil : texts.joined(separator: "\n")
    }

    /// The contract libraries in a package folder: its targets whose source holds the record.
    private static func libraries(in folder: String) -> [String] {
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: Paths.join(folder, "Sources"))) ?? []
        return targets.filter { swiftSource(of: $0, in: folder)?.contains("@section(\"viper_contract_library\")") == true }
    }

    private static func siblings(of root: String) -> [String] {
        let parent = Paths.parent(root)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        return names.map { Paths.join(parent, $0) }.filter { $0 != root }
    }
}
