import Foundation
import ViperTestSupport

/// A recipe that shares contracts through a contract library (```` ```swift library NAME ````):
/// the library, its suites (```` ```swift suites ````) and its second plugin (```` ```swift consumer ````)
/// are each compiled on their own, as separate authors would, into one folder; the recipe's own
/// plugin is installed there too, under its plugin type's name, so `viper check` finds the library
/// and its suites beside it. The recipe's `.so` words name these files.
enum CookbookLibrary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [Int: String] = [:]

    /// The folder holding lib`name`.so, its module, lib`name`Suites.so and the consumer, built once a run.
    static func folder(_ recipe: Recipe, name: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let folder = built[recipe.number] { return folder }
        let folder = try build(recipe, name: name)
        built[recipe.number] = folder
        return folder
    }

    /// Installs the recipe's own plugin in `folder` under its plugin type's name; returns its path.
    static func install(_ recipe: Recipe, plugin: String, in folder: String) throws -> String {
        let installed = folder + "/lib\(recipe.pluginType ?? recipe.moduleName).so"
        try? FileManager.default.removeItem(atPath: installed)
        try FileManager.default.copyItem(atPath: plugin, toPath: installed)
        return installed
    }

    private static func build(_ recipe: Recipe, name: String) throws -> String {
        let folder = try TemporaryFolder.make("cookbook-library-\(recipe.number)")
        let products = BuildProducts.directory
        let shared = ["-I", BuildProducts.modules, "-L", products, "-lContracts"]
        try write("import Contracts\n" + located(recipe.library, file: Cookbook.path), to: folder + "/\(name).swift")
        try compile(recipe, "the library", ["swiftc", "-emit-library", "-emit-module", "-module-name", name, "-parse-as-library",
                                             "-enable-library-evolution", "-emit-module-path", folder + "/\(name).swiftmodule",
                                             "-Xlinker", "-soname", "-Xlinker", "lib\(name).so", name + ".swift", "-o", "lib\(name).so"] + shared, in: folder)
        let against = shared + flags(folder: folder, name: name)
        if !recipe.suites.isEmpty {
            let kitFolder = products + "/ConformanceKit.build"
            let kit = try FileManager.default.contentsOfDirectory(atPath: kitFolder).filter { $0.hasSuffix(".o") }.map { kitFolder + "/" + $0 }
            try write("import Contracts\n" + located(recipe.suites, file: Cookbook.path), to: folder + "/\(name)Suites.swift")
            try compile(recipe, "the suites", ["swiftc", "-emit-library", "-module-name", name + "Suites", "-parse-as-library",
                                                name + "Suites.swift", "-o", "lib\(name)Suites.so"] + against + kit + kitModuleFlags, in: folder)
        }
        if !recipe.consumer.isEmpty {
            let consumer = Recipe(number: recipe.number, title: recipe.title, sources: recipe.consumer)
            let type = consumer.pluginType ?? "Consumer"
            try write(consumer.pluginSource(cookbook: Cookbook.path), to: folder + "/\(type).swift")
            try compile(recipe, "the consumer", ["swiftc", "-emit-library", "-module-name", type, "-parse-as-library",
                                                  type + ".swift", "-o", "lib\(type).so"] + against, in: folder)
        }
        return folder
    }

    /// What a client compiled with `swiftc` against the kit's objects needs: the kit imports its
    /// SQLite module internally, and the compiler still loads that module's map.
    static let kitModuleFlags = ["-I", BuildProducts.repository + "/Contracts/ConformanceKit/Sources/CConformanceSQLite"]

    /// What compiles against the library in `folder`, and finds it when run.
    static func flags(folder: String, name: String) -> [String] {
        ["-I", folder, "-L", folder, "-l" + name, "-Xlinker", "-rpath", "-Xlinker", folder]
    }

    private static func located(_ blocks: [Recipe.Block], file: String) -> String {
        blocks.map { "#sourceLocation(file: \"\(file)\", line: \($0.line))\n\($0.text)\n#sourceLocation()\n" }.joined()
    }

    private static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private static func compile(_ recipe: Recipe, _ what: String, _ arguments: [String], in folder: String) throws {
        let result = try FixtureCompiler.run(arguments, in: folder)
        guard result.status == 0 else {
            throw Cookbook.Failure(description: "recipe \(recipe.testDescription): \(what) does not compile:\n\(result.output)")
        }
    }
}
