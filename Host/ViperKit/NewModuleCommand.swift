import Foundation
import ViperCommandLine
import ViperLoading
import ViperRuntime

/// `viper new module NAME --in PATH [--example] [--route PATH] [--contract LIBRARY.PROTOCOL]
/// [--routes-to CONTRACT]`: adds a VIPER module (with its tests) to a plugin package `viper new`
/// made, and registers it in the plugin's `register(in:)` above the marker line the plugin
/// template writes. The module is the blank one (``BlankModuleTemplate``) unless `--example` asks
/// for the demo list; with `--contract` it implements a contract library's protocol
/// (``LibraryAddition``); with `--routes-to` its builder routes to a contract through a typed
/// route (``RoutedModuleTemplate``).
enum NewModuleCommand {
    static func create(
        _ name: ModuleName, in path: String, example: Bool = false, contract: String? = nil, libraryPath: String? = nil,
        routesTo: String? = nil, uses given: [String] = []
    ) throws -> String {
        let root = Paths.absolute(path)
        let plugin = try pluginSource(in: root)
        let library = try contract.map { try LibraryAddition($0, libraryPath: libraryPath, root: root, target: plugin.target) }
        var routed = try routesTo.map(RoutedModuleTemplate.init)
        // A route to a contract library's protocol depends on the library as a module of it does.
        let routedLibrary = try routesTo.flatMap { given in
            try routed?.library.map { _ in try LibraryAddition(given, libraryPath: libraryPath, root: root, target: plugin.target) }
        }
        routed?.output = routedLibrary?.outputMembers
        let addition = library ?? routedLibrary
        let uses = try ServiceUses(given, libraryPath: libraryPath, root: root, target: plugin.target, manifest: addition?.manifest.text)
        // viper refuses a plugin that registers one contract twice: a second module of it goes in another plugin.
        if let library, plugin.text.contains("registerModule(\(library.template.contract.name).self") {
            throw UsageError(
                "the plugin in \(root) already registers a module of \(library.template.qualified), and viper refuses a plugin that registers a contract twice; "
                    + "put this one in a plugin of its own: 'viper new \(name.type) --contract \(library.template.qualified)'")
        }
        let sources = Paths.parent(plugin.file)
        let moduleFolder = Paths.join(sources, name.type)
        let tests = Paths.join(root, "Tests/\(plugin.target)Tests")
        guard !FileManager.default.fileExists(atPath: moduleFolder),
            !FileManager.default.fileExists(atPath: Paths.join(tests, "\(name.type)InputSuite.swift"))
        else {
            throw UsageError("\(moduleFolder) already exists: the plugin has a module named '\(name.type)'; choose another name")
        }
        guard !plugin.text.contains("RouteSpec(\"\(name.path)\"") else {
            throw UsageError("the plugin in \(root) already has the route '\(name.path)'; choose another module name or --route")
        }
        let lines = plugin.text.components(separatedBy: "\n")
        guard let markerIndex = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == ModuleTemplate.registrationMarker }) else {
            throw UsageError(
                "\(plugin.file) has no line '\(ModuleTemplate.registrationMarker)' in register(in:); put it back after the last registration, or add the module by hand"
            )
        }
        let indent = String(lines[markerIndex].prefix { $0 == " " })
        var edited = lines
        let registration =
            library.map { $0.template.registration(indent:) } ?? (example ? ModuleTemplate.registration(indent:) : BlankModuleTemplate.registration(indent:))
        edited.insert(name.fill(registration(indent)), at: markerIndex)
        let pluginText = try uses.plugin(addition?.plugin(edited.joined(separator: "\n")) ?? edited.joined(separator: "\n"))
        // The module's tests import the plugin's target and check its Plugin type.
        let retarget = { (files: [(path: String, text: String)]) in
            files.map { ($0.path, $0.text.replacingOccurrences(of: "__Name__Plugin", with: plugin.target)) }
        }
        let files = try uses.moduleFiles(
            library?.template.moduleFiles ?? routed?.moduleFiles ?? (example ? ModuleTemplate.moduleFiles : BlankModuleTemplate.moduleFiles))
        let hasTests = FileManager.default.fileExists(atPath: tests)
        // The module's own conformance test builds every module of the plugin: it registers the
        // doubles the plugin's other conformance tests already do.
        let siblings = hasTests ? ServiceUses.registrations(in: tests) : (lines: [], imports: [])
        let testFiles = try uses.testFiles(
            library?.template.testFiles ?? routed?.testFiles ?? (example ? ModuleTestTemplate.files : BlankModuleTestTemplate.files)
        ).map { file -> (path: String, text: String) in
            file.path.hasSuffix("ConformanceTests.swift")
                ? (file.path, (try? ServiceUses.registering(siblings.lines, imports: siblings.imports, in: file.text, path: file.path)) ?? file.text)
                : file
        }
        // The plugin's other conformance tests now build this module too: they get the doubles.
        let otherChecks = try hasTests ? uses.isEmpty ? [] : uses.conformanceEdits(in: tests) : []
        try NewCommand.write(retarget(files), under: sources, name: name)
        if hasTests {
            // A double another module's --uses wrote already is kept as it is (the author may have filled it in).
            let fresh = testFiles.filter { !($0.path.hasPrefix("Spies/Fake") && FileManager.default.fileExists(atPath: Paths.join(tests, $0.path))) }
            try NewCommand.write(retarget(fresh), under: tests, name: name)
            for (path, text) in otherChecks { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        }
        if let manifest = uses.manifest ?? addition?.manifest {
            try manifest.text.write(toFile: manifest.path, atomically: true, encoding: .utf8)
        }
        try pluginText.write(toFile: plugin.file, atomically: true, encoding: .utf8)
        let added = """
            Added the \(name.type) module to \(root): \(moduleFolder) (Builder, View, Presenter, Interactor,
            Entity, Router, contract)\(FileManager.default.fileExists(atPath: tests) ? ", its tests in \(tests)," : "") and its registration
            in \(plugin.file). 'swift build && swift test' there; 'open \(name.openPath)' shows it.
            """
        let usesNote = uses.isEmpty ? "" : "\n" + uses.summary + (otherChecks.isEmpty ? "" : " The plugin's other conformance tests register the doubles too.")
        if let routed {
            let through =
                routedLibrary.map { " (\($0.package.folder); Package.swift depends on \($0.package.name) and the Plugin type lists \($0.version))" } ?? ""
            return added + "\nIts builder routes to \(routed.contract)\(through) through a typed route; '\(routed.command)' opens it." + usesNote
        }
        return (library.map { added + "\n" + $0.summary } ?? added) + usesNote
    }

    /// The file of the plugin's `Plugin` type: `Sources/TARGET/TARGET.swift` of a package whose
    /// manifest declares a dynamic library, TARGET being the feature target (`NAMEPlugin`; the
    /// entry target `NAMEEntry` beside it holds no registrations).
    private static func pluginSource(in root: String) throws -> (file: String, target: String, text: String) {
        let manifest = Paths.join(root, "Package.swift")
        let notAPlugin =
            "\(root) is not a viper plugin package (it needs Package.swift and Sources/NAMEPlugin/NAMEPlugin.swift, as 'viper new NAME' writes); give the package's folder with --in"
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8), text.contains("type: .dynamic") else {
            throw UsageError(notAPlugin)
        }
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Paths.join(root, "Sources"))) ?? []
        for target in folders.sorted() where target.hasSuffix("Plugin") {
            let file = Paths.join(root, "Sources/\(target)/\(target).swift")
            if let source = try? String(contentsOfFile: file, encoding: .utf8), source.contains("registerModule") || source.contains("register(in") {
                return (file, target, source)
            }
        }
        throw UsageError(notAPlugin)
    }
}

extension ModuleTemplate {
    /// The line in the plugin's `register(in:)` above which `viper new module` adds registrations.
    static let registrationMarker = "// viper new module: registrations go above this line (keep it)"

    /// The registration `viper new module` adds for a module, indented like the marker.
    static func registration(indent: String) -> String {
        [
            "registrar.registerModule(",
            "    __Name__Input.self,",
            "    route: RouteSpec(\"__path__\", summary: \"__Name__: a list of entries\"),",
            "    builder: __Name__Builder())",
        ].map { indent + $0 }.joined(separator: "\n")
    }

    /// The module's own files, without the plugin entry.
    static var moduleFiles: [(path: String, text: String)] {
        files.filter { $0.path.hasPrefix("__Name__/") }
    }
}
