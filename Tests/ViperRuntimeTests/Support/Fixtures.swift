import Contracts
import Foundation
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

    /// `Routes/RoutePlugin.swift` as plugin `plugin`, declaring `route` and a route named
    /// after itself; compiled as Swift module `module`, so its contracts are its own.
    static func route(_ route: String, plugin: String, module: String) throws -> String {
        let text = try source("Routes/RoutePlugin.swift")
            .replacingOccurrences(of: "__ROUTE__", with: route)
            .replacingOccurrences(of: "__PLUGIN__", with: plugin)
        return try FixtureCompiler.swiftPlugin(named: module, source: text)
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
