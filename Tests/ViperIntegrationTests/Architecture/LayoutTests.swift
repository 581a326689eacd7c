import Foundation
import Testing
import ViperTestSupport

/// The layout facts of docs/ARCHITECTURE.md (1 and 7), checked on the built products: `viper` and every
/// bundled plugin link the one libContracts.so, and only it defines Contracts'
/// protocol descriptors (so `as?` and ObjectIdentifier agree across plugins).
@Suite struct LayoutTests {
    private var bundledPlugins: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: BuildProducts.directory)) ?? []
        return names.filter { $0.hasPrefix("lib") && $0.hasSuffix("Plugin.so") }.sorted().map { BuildProducts.directory + "/" + $0 }
    }

    private func needed(_ path: String) throws -> [String] {
        let result = try FixtureCompiler.run(["readelf", "-d", path])
        #expect(result.status == 0, "readelf -d \(path): \(result.output)")
        return result.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// Defined symbols that are Contracts protocol descriptors (`$s9Contracts…Mp`).
    private func contractsProtocolDescriptors(definedIn path: String) throws -> [String] {
        let result = try FixtureCompiler.run(["nm", "--defined-only", path])
        #expect(result.status == 0, "nm \(path): \(result.output)")
        return result.output.split(separator: "\n").compactMap { line in
            guard let name = line.split(separator: " ").last, name.hasPrefix("$s9Contracts"), name.hasSuffix("Mp") else { return nil }
            return String(name)
        }
    }

    @Test func thereAreBundledPluginsToCheck() {
        #expect(bundledPlugins.contains(BuildProducts.plugin("Greeter")))
    }

    @Test func viperAndEveryBundledPluginNeedLibContracts() throws {
        for path in [BuildProducts.viper] + bundledPlugins {
            #expect(try needed(path).contains("libContracts.so"), "\(path) does not link libContracts.so")
        }
    }

    @Test func noPluginLinksAnotherPluginOrSQLite() throws {
        for path in bundledPlugins {
            let libraries = try needed(path)
            #expect(!libraries.contains { $0.hasSuffix("Plugin.so") }, "\(path) links another plugin: \(libraries)")
            #expect(!libraries.contains { $0.hasPrefix("libsqlite3") }, "\(path) links SQLite itself; use the DatabaseOpening service")
        }
    }

    @Test func contractsProtocolDescriptorsAreDefinedOnlyInLibContracts() throws {
        let own = try contractsProtocolDescriptors(definedIn: BuildProducts.directory + "/libContracts.so")
        #expect(own.contains("$s9Contracts13ModuleBuilderMp"))
        #expect(own.contains("$s9Contracts8ResolverMp"))
        let testRunner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        for path in [BuildProducts.viper, testRunner] + bundledPlugins where !path.isEmpty {
            #expect(try contractsProtocolDescriptors(definedIn: path).isEmpty, "\(path) carries its own copy of Contracts")
        }
    }
}
