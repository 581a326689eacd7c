import Foundation
import ViperCommandLine
import ViperCore
import ViperLoading
import ViperRuntime

/// `--uses LIBRARY.PROTOCOL` (repeatable, or several separated by commas): the new module takes
/// services of contract libraries. The builder lists them in `dependencies` and receives them,
/// the interactor holds them (its `init` takes them), the tests make the interactor with a test
/// double of each (`Spies/FakePROTOCOL.swift`, written from the library's source: it records what
/// is asked and answers with empty values), and the conformance tests register the doubles, so
/// the module builds where no plugin provides the service yet. Package.swift and the Plugin type
/// get the library as `--contract` adds it (``LibraryAddition``). Everything is read and checked
/// before anything is written.
struct ServiceUses {
    struct Service {
        /// The library and the protocol read from its source; nil for a service of Contracts.
        let addition: LibraryAddition?
        /// The protocol's name: `ReadingLog`, `Clock`.
        let name: String
        /// The name of the parameter and property: `readingLog`.
        var member: String { name.prefix(1).lowercased() + name.dropFirst() }
        /// `ShelfKit`, or `Contracts`.
        var library: String { addition?.package.name ?? "Contracts" }
        /// The test double's type: `FakeReadingLog`, written beside the tests; or the kit's (`FixedClock`).
        var fake: String { addition == nil ? (Self.kitDoubles[name]?.double ?? name) : "Fake\(name)" }
        /// Whether `ServiceTable.standard()` already serves it to the conformance check.
        var standard: Bool { addition == nil && Self.kitDoubles[name]?.standard == true }

        /// The services of Contracts `--uses` takes, by name: the conformance kit's double of each.
        static let kitDoubles: [String: (double: String, standard: Bool)] = [
            "Clock": ("FixedClock", true), "Logger": ("MemoryLogger", true), "NoteStore": ("MemoryNoteStore", false),
        ]
    }

    let services: [Service]
    /// The plugin's Package.swift with every library added.
    let manifest: (path: String, text: String)?

    /// Reads each of `given` (`LIBRARY.PROTOCOL`, or several separated by commas) against its
    /// library's source; `manifest` is the package's manifest so far (nil: as it is on disk).
    init(_ given: [String], libraryPath: String?, root: String, target: String, manifest: String?) throws {
        let names = given.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        var services: [Service] = []
        var current = manifest
        var path: String?
        for name in names {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard !services.contains(where: { $0.name == parts.last.map(String.init) }) else {
                throw UsageError("--uses names \(name) twice; give each service once")
            }
            if parts.count == 1, Service.kitDoubles[name] != nil {
                services.append(Service(addition: nil, name: name))
                continue
            }
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else {
                throw UsageError(
                    "--uses takes LIBRARY.PROTOCOL, a contract library and one of its service protocols (e.g. --uses ShelfKit.ReadingLog), or one of Contracts' \(Service.kitDoubles.keys.sorted().joined(separator: ", ")); got '\(name)' (list any other service in the builder's Dependencies by hand)"
                )
            }
            let addition = try LibraryAddition(name, libraryPath: libraryPath, root: root, target: target, manifest: current)
            guard addition.template.contract.unread.isEmpty else {
                throw UsageError(
                    "viper new could not read every requirement of \(name) (\(addition.template.contract.unread.joined(separator: "; "))), so it cannot write its test double; drop --uses and add the service by hand (docs/PLUGIN_AUTHORS.md, \"The templates\")"
                )
            }
            current = addition.manifest.text
            path = addition.manifest.path
            services.append(Service(addition: addition, name: addition.template.contract.name))
        }
        self.services = services
        self.manifest = path.flatMap { path in current.map { (path, $0) } }
    }

    var isEmpty: Bool { services.isEmpty }

    /// The Plugin type's source with each library imported and listed in `contractLibraries`.
    func plugin(_ source: String) throws -> String {
        try services.reduce(source) { try $1.addition?.plugin($0) ?? $0 }
    }

    /// The module's files with the services wired in (builder, interactor).
    func moduleFiles(_ files: [(path: String, text: String)]) throws -> [(path: String, text: String)] {
        guard !isEmpty else { return files }
        return try files.map { file in
            switch file.path {
            case "__Name__/__Name__Builder.swift": return (file.path, try builder(file.text))
            case "__Name__/__Name__Interactor.swift": return (file.path, try interactor(file.text))
            default: return file
            }
        }
    }

    /// The module's tests with the interactor made with the doubles, the conformance tests given
    /// them, and a double of each service (`Spies/FakePROTOCOL.swift`).
    func testFiles(_ files: [(path: String, text: String)]) throws -> [(path: String, text: String)] {
        guard !isEmpty else { return files }
        // The one helper that makes the interactor takes each double, a fresh one by default, so a
        // test hands in a double it has filled.
        let helper =
            "/// The interactor every test of the module drives: once it takes a service, give it a test\n/// double here, in this one place.\nfunc make__Name__Interactor() -> __Name__Interactor {\n    __Name__Interactor()\n}"
        let parameters = services.map { "\($0.member): any \($0.name) = \($0.fake)()" }.joined(separator: ", ")
        let arguments = services.map { "\($0.member): \($0.member)" }.joined(separator: ", ")
        let withDoubles =
            "/// The interactor every test of the module drives, with a double of each service it uses: a\n/// test hands in one it has filled, and a service added later is one more parameter here.\nfunc make__Name__Interactor(\(parameters)) -> __Name__Interactor {\n    __Name__Interactor(\(arguments))\n}"
        var edited = try files.map { file -> (path: String, text: String) in
            if file.path.hasSuffix("ConformanceTests.swift") { return (file.path, try conformance(file.text, path: file.path)) }
            guard file.text.contains(helper) else { return file }
            // The helper names the protocols and, for Contracts' services, the kit's doubles.
            var text = file.text.replacingOccurrences(of: helper, with: withDoubles)
            let needed = ["Contracts"] + (services.contains { $0.addition == nil } ? ["ConformanceKit"] : []) + services.compactMap(\.addition?.package.name)
            for module in Set(needed).sorted().reversed() where !text.contains("import \(module)\n") {
                text = "import \(module)\n" + text
            }
            return (file.path, text)
        }
        guard edited.contains(where: { $0.text.contains(withDoubles) }) else {
            throw HostError("the module's tests have no make__Name__Interactor() helper to give the test doubles to")
        }
        edited += services.filter { $0.addition != nil }.map { ("Spies/\($0.fake).swift", fake($0)) }
        return edited
    }

    /// The plugin's conformance tests already in `folder`, each registering the doubles, by path.
    func conformanceEdits(in folder: String) throws -> [(path: String, text: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return try names.sorted().filter { $0.hasSuffix("ConformanceTests.swift") }.compactMap { file in
            let path = Paths.join(folder, file)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains("Conformance.check(") else { return nil }
            let edited = try conformance(text, path: path)
            return edited == text ? nil : (path, edited)
        }
    }

    /// A conformance test that registers the doubles before it checks the plugin.
    func conformance(_ text: String, path: String) throws -> String {
        let registrations = services.filter { !$0.standard }
        return try Self.registering(
            registrations.map { "services.register(\($0.name).self, instance: \($0.fake)())" },
            imports: registrations.map(\.library), in: text, path: path)
    }

    /// The registrations (and their imports) the plugin's conformance tests in `folder` already
    /// make: a module added beside them is built by its own conformance test too, which needs them.
    static func registrations(in folder: String) -> (lines: [String], imports: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var lines: [String] = []
        var imports: [String] = []
        for file in names.sorted() where file.hasSuffix("ConformanceTests.swift") {
            guard let text = try? String(contentsOfFile: Paths.join(folder, file), encoding: .utf8) else { continue }
            for line in text.components(separatedBy: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.hasPrefix("services.register(") || line.hasPrefix("services.replace("), !lines.contains(line) { lines.append(line) }
                if line.hasPrefix("import "), !imports.contains(String(line.dropFirst(7))) { imports.append(String(line.dropFirst(7))) }
            }
        }
        return (lines, lines.isEmpty ? [] : imports)
    }

    /// `text`, a conformance test, with `lines` (registrations on `services`) made before the check.
    static func registering(_ given: [String], imports: [String], in text: String, path: String) throws -> String {
        var text = text
        let lines = given.filter { !text.contains($0) }
        guard !lines.isEmpty else { return text }
        for library in Set(imports).sorted() where !text.contains("import \(library)\n") {
            text = text.replacingOccurrences(of: "import ConformanceKit\n", with: "import ConformanceKit\nimport \(library)\n")
        }
        let table = "let services = try ServiceTable.standard()"
        if let at = text.range(of: table) {
            let indent = String(text[text.startIndex..<at.lowerBound].reversed().prefix { $0 == " " })
            text.insert(contentsOf: lines.map { "\n" + indent + $0 }.joined(), at: at.upperBound)
            return text
        }
        guard let check = text.range(of: "let report = try Conformance.check("),
            let open = text[check.upperBound...].range(of: "Plugin.self, suites:")
        else {
            throw UsageError(
                "\(path) does not check the plugin as 'viper new' writes it, so nothing was written: give its Conformance.check a "
                    + "table ('\(table)' before it, and 'services: services' in the call), then run this again to register the doubles there")
        }
        let indent = String(text[text.startIndex..<check.lowerBound].reversed().prefix { $0 == " " })
        text.replaceSubrange(open, with: "Plugin.self, services: services, suites:")
        let prefix =
            "// The services the plugin's modules use: a test double of each, for those other plugins\n\(indent)// provide (once the plugin provides one itself, its own is checked).\n\(indent)\(table)\n"
            + lines.map { indent + $0 + "\n" }.joined() + indent
        text.insert(contentsOf: prefix, at: check.lowerBound)
        return text
    }

    private func imports(_ text: String) -> String {
        var text = text
        for library in Set(services.compactMap(\.addition?.package.name)).sorted() where !text.contains("import \(library)\n") {
            text = text.replacingOccurrences(of: "import Contracts\n", with: "import Contracts\nimport \(library)\n")
        }
        return text
    }

    private func builder(_ text: String) throws -> String {
        var text = imports(text)
        let listed = services.map { "\($0.name).self" }.joined(separator: ", ")
        let pieces: [(String, String)] = [
            ("static let dependencies = Dependencies()", "static let dependencies = Dependencies(\(listed))"),
            (
                "with _: ()",
                services.count == 1
                    ? "with \(services[0].member): any \(services[0].name)"
                    : "with services: (\(services.map { "any \($0.name)" }.joined(separator: ", ")))"
            ),
            (
                "let interactor = __Name__Interactor()",
                (services.count == 1 ? "" : "let (\(services.map(\.member).joined(separator: ", "))) = services\n        ")
                    + "let interactor = __Name__Interactor(\(services.map { "\($0.member): \($0.member)" }.joined(separator: ", ")))"
            ),
        ]
        for (old, new) in pieces {
            guard text.contains(old) else { throw HostError("the builder template has no '\(old)' to give the services to") }
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    private func interactor(_ text: String) throws -> String {
        var text = imports(text)
        let anchor = "    weak var output: (any __Name__InteractorOutput)?\n"
        guard text.contains(anchor) else { throw HostError("the interactor template has no output property to put the services after") }
        let properties = services.map {
            "    /// \($0.library).\($0.name), which `__Name__Builder.dependencies` lists.\n    private let \($0.member): any \($0.name)\n"
        }.joined()
        let parameters = services.map { "\($0.member): any \($0.name)" }.joined(separator: ", ")
        let assignments = services.map { "        self.\($0.member) = \($0.member)\n" }.joined()
        text = text.replacingOccurrences(of: anchor, with: anchor + properties + "\n    init(\(parameters)) {\n" + assignments + "    }\n")
        return text
    }

    /// A double of `service`: records each method asked, by name, and answers with an empty value.
    func fake(_ service: Service) -> String {
        guard let template = service.addition?.template else { return "" }
        let members = template.contract.requirements.map { requirement -> String in
            switch requirement {
            case .method(let name, let signature, let result):
                let value = result.map { LibraryModuleTemplate.firstValue(of: $0) ?? "<#\($0)#>" }
                let todo =
                    result.flatMap { LibraryModuleTemplate.firstValue(of: $0) == nil ? "        // TODO: what a test needs \(name) to return.\n" : nil } ?? ""
                return "    func \(signature) {\n        calls.append(\"\(name)\")\n\(todo)\(value.map { "        return \($0)\n" } ?? "")    }\n"
            default:
                return template.member(requirement, of: template.contract, weakOutput: false)
            }
        }
        // The library's own imports too: a requirement may name their types (`Date`).
        let imports = LibraryPackage.importLines(of: service.library, imports: template.libraryImports, contractsImported: false)
            .joined(separator: "\n")
        return """
            \(imports)

            /// A \(service.library).\(service.name) for the tests: it records the methods asked, by name, and
            /// answers with empty values. Give it what a test needs (or put your own double in its place).
            final class \(service.fake): \(service.name) {
                private(set) var calls: [String] = []

            \(members.joined(separator: "\n"))}

            """
    }

    /// What the command says about the services, and what it could not write.
    var summary: String {
        let placeholders = services.flatMap { service in
            (service.addition?.template.contract.requirements ?? []).compactMap { requirement -> String? in
                switch requirement {
                case .method(let name, _, let result?) where LibraryModuleTemplate.firstValue(of: result) == nil:
                    return "  what \(service.fake).\(name) returns (a \(result))"
                case .property(let name, let type, _) where LibraryModuleTemplate.firstValue(of: type) == nil:
                    return "  a first value for \(service.fake).\(name)"
                default: return nil
                }
            }
        }
        let base =
            "It uses \(services.map { "\($0.library).\($0.name)" }.joined(separator: ", ")): the builder lists and receives \(services.count == 1 ? "it" : "them"), the interactor holds \(services.count == 1 ? "it" : "them"), and the tests use \(services.map { $0.addition == nil ? "the kit's \($0.fake)" : "Spies/\($0.fake).swift" }.joined(separator: ", "))."
        guard !placeholders.isEmpty else { return base }
        return base + "\nNot generated; 'swift build --build-tests' names each until you write it (search for TODO):\n" + placeholders.joined(separator: "\n")
    }
}
