import Contracts
import Foundation
import ViperCoreTestSupport
import ViperTestSupport

/// The fixture plugins whose sources live in `Tests/Fixtures/`, compiled on first use
/// (and cached by content) by ``FixtureCompiler``. Each returns the path of the `.so`.
enum Fixtures {
    static var sources: String { BuildProducts.repository + "/Tests/Fixtures" }

    static func source(_ file: String) throws -> String {
        try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
    }

    /// A Swift fixture; its module is named after the file unless `module` says otherwise.
    static func swift(_ file: String, module: String? = nil, sharingContracts: Bool = false) throws -> String {
        let name = module ?? (file as NSString).deletingPathExtension
        var flags: [String] = []
        if sharingContracts {
            let folder = try fixtureContracts()
            flags = ["-I", folder, "-L", folder, "-lFixtureContracts", "-Xlinker", "-rpath", "-Xlinker", folder]
        }
        return try FixtureCompiler.swiftPlugin(named: name, source: source(file), extraFlags: flags)
    }

    /// A C fixture, compiled with `HOST_ABI` set to this Contracts' packed version.
    static func c(_ file: String, flags: [String] = []) throws -> String {
        let name = (file as NSString).deletingPathExtension
        return try FixtureCompiler.cPlugin(named: name, source: source(file),
                                           extraFlags: ["-DHOST_ABI=\(ContractsVersion.current.packed)u"] + flags)
    }

    /// The folder with libFixtureContracts.so and its module: protocols fixtures share.
    static func fixtureContracts() throws -> String {
        try FixtureCompiler.swiftLibrary(named: "FixtureContracts", source: source("FixtureContracts.swift"))
    }

    static func good() throws -> String { try swift("GoodPlugin.swift") }
    static func consumer() throws -> String { try swift("ConsumerPlugin.swift", sharingContracts: true) }
    static func middle() throws -> String { try swift("MiddlePlugin.swift", sharingContracts: true) }
    static func english() throws -> String { try swift("EnglishGreetingPlugin.swift", sharingContracts: true) }
    static func french() throws -> String { try swift("FrenchGreetingPlugin.swift", sharingContracts: true) }
    static func cycle() throws -> String { try swift("CyclePlugin.swift", sharingContracts: true) }
    static func salutation() throws -> String { try swift("SalutationPlugin.swift", sharingContracts: true) }
    static func adapter() throws -> String { try swift("AdapterPlugin.swift", sharingContracts: true) }

    // Adapters of every shape (Tests/Fixtures/Adapters; the contracts are in FixtureContracts.swift).
    static func panel() throws -> String { try swift("Adapters/PanelPlugin.swift", module: "PanelPlugin", sharingContracts: true) }
    static func shapes() throws -> String { try swift("Adapters/ShapesPlugin.swift", module: "ShapesPlugin", sharingContracts: true) }
    static func glue() throws -> String { try swift("Adapters/GluePlugin.swift", module: "GluePlugin", sharingContracts: true) }

    /// `Adapters/BrokenShapePlugin.swift` as fixture-loop: route `ping` requires module Ping; Ping and Pong adapt each other.
    static func loop() throws -> String {
        try brokenShape(plugin: "fixture-loop", route: "ping", contract: "Ping", adapters: """
            registrar.registerAdapter(Ping.self, from: Pong.self) { _ in Pinging() }
                    registrar.registerAdapter(Pong.self, from: Ping.self) { _ in Ponging() }
            """)
    }

    /// `Adapters/BrokenShapePlugin.swift` as fixture-orphan: route `orphan` requires module Orphan, adapted from Absent.
    static func orphan() throws -> String {
        try brokenShape(plugin: "fixture-orphan", route: "orphan", contract: "Orphan",
                        adapters: "registrar.registerAdapter(Orphan.self, from: Absent.self) { _ in Adopted() }")
    }

    private static func brokenShape(plugin: String, route: String, contract: String, adapters: String) throws -> String {
        let text = try source("Adapters/BrokenShapePlugin.swift")
            .replacingOccurrences(of: "__PLUGIN__", with: plugin)
            .replacingOccurrences(of: "__ROUTE__", with: route)
            .replacingOccurrences(of: "__CONTRACT__", with: contract)
            .replacingOccurrences(of: "__ADAPTERS__", with: adapters)
        let folder = try fixtureContracts()
        return try FixtureCompiler.swiftPlugin(
            named: "BrokenShape" + contract, source: text,
            extraFlags: ["-I", folder, "-L", folder, "-lFixtureContracts", "-Xlinker", "-rpath", "-Xlinker", folder])
    }

    /// `Routes/RoutePlugin.swift` as plugin `plugin`, declaring `route` and a route named
    /// after itself; compiled as Swift module `module`, so its contracts are its own.
    static func route(_ route: String, plugin: String, module: String) throws -> String {
        let text = try source("Routes/RoutePlugin.swift")
            .replacingOccurrences(of: "__ROUTE__", with: route)
            .replacingOccurrences(of: "__PLUGIN__", with: plugin)
        return try FixtureCompiler.swiftPlugin(named: module, source: text)
    }

    /// Interception (Tests/Fixtures/Interception): routes, and a gate plugin named `plugin` that guards them.
    static func vault() throws -> String { try swift("Interception/VaultPlugin.swift", module: "VaultPlugin") }
    /// A drop-in that pushes the bundled note editor by contract (for the account plugin's sign-in guard).
    static func quickNote() throws -> String { try swift("Interception/QuickNotePlugin.swift", module: "QuickNotePlugin") }
    /// A Login provider that reports a sign-in without closing itself (for the note list's handle).
    static func stickyLogin() throws -> String { try swift("Interception/StickyLoginPlugin.swift", module: "StickyLoginPlugin") }
    static func gate(_ plugin: String) throws -> String {
        let text = try source("Interception/GatePlugin.swift").replacingOccurrences(of: "__PLUGIN__", with: plugin)
        return try FixtureCompiler.swiftPlugin(named: "GatePlugin_" + plugin.replacingOccurrences(of: "-", with: "_"), source: text)
    }

    /// A plugin linked against a library that is deleted afterwards, in a folder of its own.
    static func needingMissingLibrary() throws -> String {
        let folder = try TemporaryFolder.make("missing-dependency")
        let dependency = folder + "/libFixtureDependency.so"
        let plugin = folder + "/libNeedsLibraryPlugin.so"
        let abi = "-DHOST_ABI=\(ContractsVersion.current.packed)u"
        for (arguments, what) in [
            (["cc", "-shared", "-fPIC", sources + "/FixtureDependency.c", "-o", dependency], "the dependency"),
            (["cc", "-shared", "-fPIC", abi, sources + "/NeedsLibraryPlugin.c", "-o", plugin,
              "-L", folder, "-lFixtureDependency", "-Wl,-rpath," + folder], "the plugin"),
        ] {
            let result = try FixtureCompiler.run(arguments)
            guard result.status == 0 else {
                throw FixtureCompiler.Failure(description: "building \(what) failed: \(result.output)")
            }
        }
        try FileManager.default.removeItem(atPath: dependency)
        return plugin
    }
}
