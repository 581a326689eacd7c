import Foundation
import ViperCommandLine
import ViperCore
import ViperLoading
import ViperRuntime

/// `viper new [TEMPLATE] NAME [--dir DIR] [--in-tree] [--example] [--routes-to CONTRACT]`: writes
/// a plugin with one VIPER module (blank: its roles, its contract's one promise and tests of it;
/// with `--example`, the demo list) and its tests, or another shape of ``NewTemplate``. Bad or taken names
/// are usage errors (exit 64).
package struct NewCommand {
    let options: NewOptions
    let environment: [String: String]

    package func run() -> Int32 { Self.run(options: options, environment: environment) }

    package static func run(options: NewOptions, environment: [String: String]) -> Int32 {
        do {
            if options.listTemplates {
                guard options.arguments.isEmpty else {
                    throw UsageError("'viper new --list' takes no name; run 'viper new --list' alone")
                }
                print(NewTemplate.list, terminator: "")
                return 0
            }
            let (template, name) = try NewTemplate.parse(options)
            let layout = SDKLayout.find()
            let message: String
            switch template {
            case .module:
                message = try NewModuleCommand.create(
                    name, in: options.into ?? ".", example: options.example, contract: options.contract, libraryPath: options.libraryPath,
                    routesTo: options.routesTo, uses: options.uses)
            case .service:
                message = try createPackage(
                    name, options: options, layout: layout, files: ServiceTemplate.files,
                    readme: ServiceTemplate.readme, what: "a plugin providing NoteStore from a file, its tests and the NoteStore suite")
            case .adapter:
                let source = options.from ?? name.type + "Source"
                message = try createPackage(
                    name, options: options, layout: layout, files: AdapterTemplate.files(source: source, example: options.example),
                    readme: AdapterTemplate.readme(source: source, example: options.example),
                    what: options.example
                        ? "a plugin serving \(name.type)Greeting through an adapter, a module using it, and its tests"
                        : "a plugin serving \(name.type) through an adapter from \(source), and its tests")
            case .plugin where options.contract != nil:
                message = try createLibraryPlugin(
                    name, contract: options.contract ?? "", options: options, layout: layout,
                    pluginFolder: PluginPlacement.userFolder(environment))
            case .plugin:
                message =
                    options.contractLibrary
                    ? try createContractLibrary(name, options: options, layout: layout, pluginFolder: PluginPlacement.userFolder(environment))
                    : options.inTree
                        ? try createInTree(name, options: options, layout: layout)
                        : try createPackage(name, options: options, layout: layout, pluginFolder: PluginPlacement.userFolder(environment))
            }
            print(message)
            return 0
        } catch let error as UsageError {
            ViperTool.printError("viper: \(error)")
            return ViperTool.usageExitCode
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }

    // MARK: Standalone package

    private static func createPackage(
        _ name: ModuleName, options: NewOptions, layout: SDKLayout,
        pluginFolder: String
    ) throws -> String {
        let (root, contracts, kit) = try packageRoot(name, options: options, layout: layout)
        let manifest = PackageTemplate.manifest(contracts: contracts, kit: kit)
        var routed = try options.routesTo.map(RoutedModuleTemplate.init)
        // A route to a contract library's protocol: the package depends on the library, the plugin lists it.
        let library = try options.routesTo.flatMap { given in
            try routed?.library.map { _ in
                try LibraryAddition(given, libraryPath: options.libraryPath, root: root, target: "__Name__Plugin", manifest: manifest)
            }
        }
        var files: [(String, String)] = [
            ("Package.swift", library?.manifest.text ?? manifest),
            (".gitignore", PackageTemplate.gitignore),
            ("README.md", PackageTemplate.readme.replacingOccurrences(of: PackageTemplate.pluginFolderPlaceholder, with: pluginFolder)),
        ]
        routed?.output = library?.outputMembers
        routed?.libraryImports = library?.package.imports ?? []
        let uses = try ServiceUses(
            options.uses, libraryPath: options.libraryPath, root: root, target: "__Name__Plugin",
            manifest: library?.manifest.text ?? manifest)
        if let usedManifest = uses.manifest { files[0] = ("Package.swift", usedManifest.text) }
        var (module, tests) =
            options.example
            ? (ModuleTemplate.files, ModuleTestTemplate.files)
            : (BlankModuleTemplate.files, BlankModuleTestTemplate.files)
        if let routed {
            let plugin = try library?.plugin(BlankModuleTemplate.plugin) ?? BlankModuleTemplate.plugin
            (module, tests) = ([("__Name__Plugin.swift", plugin)] + routed.moduleFiles, routed.testFiles)
        }
        if !uses.isEmpty {
            module = try uses.moduleFiles(module).map { $0.path == "__Name__Plugin.swift" ? ($0.path, try uses.plugin($0.text)) : $0 }
            tests = try uses.testFiles(tests)
        }
        files += module.map { ("Sources/__Name__Plugin/" + $0.path, $0.text) }
        files.append((EntryTemplate.path, EntryTemplate.source))
        files += tests.map { ("Tests/__Name__PluginTests/" + $0.path, $0.text) }
        try write(files, under: root, name: name)
        let viper = ViperOnPath.command(executableDirectory: layout.executableDirectory)
        return """
            Created \(root): the \(name.type) module (Builder, View, Presenter, Interactor, Entity, Router,
            its input/output contract) and the plugin type in Sources/\(name.type)Plugin, the entry symbols in
            Sources/\(name.type)Entry, \(options.example ? "per-layer tests of the demo list and a conformance test" : "tests of the module's contract").\(routed.map { "\nIts builder routes to \($0.contract) through a typed route; '\($0.command)' opens it." } ?? "")\(uses.isEmpty ? "" : "\n" + uses.summary)
            \(nextSteps(root: root, name: name, pluginFolder: pluginFolder, viper: viper, uses: options.uses))
            ('\(viper) plugins' lists every folder viper searches, in order.)
            """
    }

    /// From a new plugin package to its module open in viper, as every plugin template says it.
    /// `uses`: the services given with `--uses`; one that another plugin provides (any but the
    /// host's `Clock` and `Logger`) means the plugin is loaded only once trusted, so trusting it
    /// is a step of its own, before it is opened.
    static func nextSteps(root: String, name: ModuleName, pluginFolder: String, viper: String, uses: [String] = []) -> String {
        let so = ".build/debug/lib\(name.type)Plugin.so"
        let needsTrust = uses.contains { !["Clock", "Logger"].contains($0) }
        let trust = needsTrust ? "\n  \(viper) plugins --trust \(name.route)" : ""
        let note =
            needsTrust
            ? "(It uses a service, which another plugin provides or this one will: either way it runs in viper's process, so from the user folder it is loaded only once trusted.)"
            : "(From the user folder it runs isolated until you trust it, and once it provides or uses another\n"
                + "plugin's service it is not loaded until you do: '\(viper) plugins --trust \(name.route)'.)"
        return """
            Next:
              cd \(root)
              swift build && swift test
              \(viper) check \(so)
              mkdir -p \(pluginFolder) && cp \(so) \(pluginFolder)/\(trust)
              \(viper) -c "open \(name.openPath)"
            \(note)
            """
    }

    /// A service or adapter plugin: the template's files in a package of their own.
    private static func createPackage(
        _ name: ModuleName, options: NewOptions, layout: SDKLayout,
        files: [(path: String, text: String)], readme: String, what: String
    ) throws -> String {
        let (root, contracts, kit) = try packageRoot(name, options: options, layout: layout)
        try write(
            [
                ("Package.swift", PackageTemplate.manifest(contracts: contracts, kit: kit)),
                (".gitignore", PackageTemplate.gitignore), ("README.md", readme),
            ] + files, under: root, name: name)
        let viper = ViperOnPath.command(executableDirectory: layout.executableDirectory)
        return """
            Created \(root): \(what).
            Next:
              cd \(root)
              swift build && swift test
              \(viper) check .build/debug/lib\(name.type)Plugin.so
            (It serves other plugins, so from the user folder viper loads it only once you trust it:
            '\(viper) plugins --trust \(name.route)'.)
            """
    }

    /// The folder a new package goes in, and the Contracts and ConformanceKit packages it depends on.
    static func packageRoot(
        _ name: ModuleName, options: NewOptions,
        layout: SDKLayout
    ) throws -> (root: String, contracts: String, kit: String) {
        let root = Paths.join(Paths.absolute(options.directory ?? "."), name.type)
        guard !FileManager.default.fileExists(atPath: root) else {
            throw UsageError("\(root) already exists; choose another name or --dir, or remove it")
        }
        try checkNotBundled(name, layout: layout)
        guard let contracts = layout.contractsPackage, let kit = layout.kitPackage else {
            throw HostError("cannot find the Contracts package beside this viper (\(layout.executableDirectory)); run 'viper sdk' to see what is missing")
        }
        return (root, contracts, kit)
    }

    // MARK: Contract library

    private static func createContractLibrary(
        _ name: ModuleName, options: NewOptions, layout: SDKLayout,
        pluginFolder: String
    ) throws -> String {
        guard !options.inTree else {
            throw UsageError("--contract-library writes a package of its own (a contract library is never part of viper's tree); drop --in-tree")
        }
        let root = Paths.join(Paths.absolute(options.directory ?? "."), name.type)
        guard !FileManager.default.fileExists(atPath: root) else {
            throw UsageError("\(root) already exists; choose another name or --dir, or remove it")
        }
        guard let contracts = layout.contractsPackage else {
            throw HostError("cannot find the Contracts package beside this viper (\(layout.executableDirectory)); run 'viper sdk' to see what is missing")
        }
        let files = ContractLibraryTemplate.files(
            contracts: contracts, example: options.example, services: options.services, screens: options.screens
        ).map {
            ($0.path, $0.text.replacingOccurrences(of: PackageTemplate.pluginFolderPlaceholder, with: pluginFolder))
        }
        try write(files, under: root, name: name)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: Paths.join(root, ContractLibraryGateTemplate.path))
        return """
            Created \(root): the contract library \(name.type) (\(contractNames(name, options: options)), its version),
            its API gate (API/gate, run by 'swift test') and the gate's test, and its suites (Suites/, a package of their own\(options.example ? ", with a worked check per contract" : "; add a check per promise")).
            Next:
              cd \(root) && swift build
              API/gate --cut && swift build && swift test    # record 1.0's interface, then check it
              mkdir -p \(pluginFolder) && cp --remove-destination .build/debug/lib\(name.type).so \(pluginFolder)/
              (cd Suites && swift build) && cp --remove-destination Suites/.build/debug/lib\(name.type)Suites.so \(pluginFolder)/
                  # beside the library: 'viper check' on any provider runs these suites and says so
                  # (--remove-destination: a running viper has the old library mapped; a new file leaves it whole)
            A provider and a consumer plugin depend on it by path and list \(name.type)Library.compiled in contractLibraries.
            """
    }

    /// The protocols a new contract library declares: those named with --service and --screen,
    /// or the two placeholders.
    static func contractNames(_ name: ModuleName, options: NewOptions) -> String {
        let named = options.services + options.screens
        return named.isEmpty ? "\(name.type)Service, \(name.type)Screen" : named.joined(separator: ", ")
    }

    // MARK: In the viper source tree

    private static func createInTree(_ name: ModuleName, options: NewOptions, layout: SDKLayout) throws -> String {
        let tree: String
        if let directory = options.directory {
            tree = Paths.absolute(directory)
            guard SDKLayout.isSourceTree(tree) else {
                throw UsageError("\(tree) is not a viper source tree (it needs Package.swift, Contracts/ and Plugins/); give the tree's root with --dir")
            }
        } else if let found = SDKLayout.sourceTree(above: FileManager.default.currentDirectoryPath) ?? layout.sourceTree {
            tree = found
        } else {
            throw UsageError("--in-tree needs a viper source tree: run it inside one, or give its root with --dir")
        }
        let pluginFolder = Paths.join(tree, "Plugins/\(name.type)")
        let manifestPath = Paths.join(tree, "Package.swift")
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let entry = "plugin(\"\(name.type)\")"
        let taken = try FileManager.default.contentsOfDirectory(atPath: Paths.join(tree, "Plugins"))
        guard !taken.contains(where: { $0.lowercased() == name.route }), !manifest.contains(entry),
            !FileManager.default.fileExists(atPath: Paths.join(tree, "Tests/\(name.type)PluginTests"))
        else {
            throw UsageError("a plugin named '\(name.type)' is already in \(tree) (Plugins/ or Package.swift); choose another name")
        }
        guard let listStart = manifest.range(of: "let plugins = ["),
            let listEnd = manifest.range(of: "\n]", range: listStart.upperBound..<manifest.endIndex)
        else {
            throw HostError(
                "\(manifestPath) has no 'let plugins = [...]' list (its ']' on a line of its own) to add \(entry) to, so nothing was written; "
                    + "put the list back in Package.swift and run this again, or drop --in-tree to write the plugin as a package of its own")
        }
        var edited = manifest
        edited.insert(contentsOf: "\n    \(entry),", at: listEnd.lowerBound)
        // Per-layer tests go in Tests/NAMEPluginTests when the manifest has the feature test list.
        let testEntry = "pluginTests(\"\(name.type)\", also: [conformanceKit])"
        var tests = "not written: Package.swift has no 'let featureTests: [Target] = [...]' list"
        if edited.contains("conformanceKit"),
            let testStart = edited.range(of: "let featureTests: [Target] = ["),
            let testEnd = edited.range(of: "\n]", range: testStart.upperBound..<edited.endIndex)
        {
            edited.insert(contentsOf: "\n    \(testEntry),", at: testEnd.lowerBound)
            try write(ModuleTestTemplate.files, under: Paths.join(tree, "Tests/\(name.type)PluginTests"), name: name)
            tests = "Tests/\(name.type)PluginTests, run by 'swift test'"
        }
        try write(ModuleTemplate.files + [(EntryTemplate.inTreePath, EntryTemplate.source)], under: pluginFolder, name: name)
        try edited.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        return """
            Created \(pluginFolder) (the \(name.type) module: Builder, View, Presenter, Interactor, Entity,
            Router, contract, plugin type; the entry symbols in Entry/) and added \(entry) to \(manifestPath).
            Tests: \(tests).
            'swift build' builds lib\(name.type)Plugin.so beside viper; 'open \(name.openPath)' shows it, and
            'viper check' on it runs the conformance kit.
            """
    }

    // MARK: Helpers

    /// A bundled plugin of the same name would clash in the shell's routes.
    private static func checkNotBundled(_ name: ModuleName, layout: SDKLayout) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.executableDirectory)) ?? []
        if names.contains(where: { $0.lowercased() == "lib\(name.route)plugin.so" }) {
            throw UsageError("'\(name.type)' is taken: viper already bundles a plugin of that name; choose another name")
        }
    }

    static func write(_ files: [(path: String, text: String)], under root: String, name: ModuleName) throws {
        for (path, text) in files {
            let target = Paths.join(root, name.fill(path))
            try FileManager.default.createDirectory(atPath: Paths.parent(target), withIntermediateDirectories: true)
            try name.fill(text).write(toFile: target, atomically: true, encoding: .utf8)
        }
    }
}
