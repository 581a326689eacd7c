import Foundation
import Testing
import ViperTestSupport

/// docs/COOKBOOK.md cannot drift from Contracts: each recipe is built as a plugin, its tests
/// run with the conformance kit, and the `viper` lines it shows run against the built plugin,
/// as an author would run them.
@Suite(.tags(.slow)) struct CookbookTests {
    static let recipes = (try? Cookbook.recipes()) ?? []

    @Test func theCookbookHasARecipeForEveryCapabilityAndEachIsWholePlugin() throws {
        let recipes = try Cookbook.recipes()
        #expect(recipes.map(\.title) == [
            "Register and resolve services", "Use the host's database", "Route to another module by contract",
            "Route through a typed route", "Embed a child and draw it", "Declare commands and their arguments", "Write a second module in the same plugin",
            "Write an adapter", "Provide a bundled contract", "Keep unsaved work across a crash",
            "Share contracts through a contract library",
        ])
        for recipe in recipes {
            #expect(recipe.pluginType != nil, "\(recipe.title): no type conforms to Plugin")
            #expect(!recipe.tests.isEmpty, "\(recipe.title): no 'swift test' block")
            #expect(!recipe.steps.isEmpty, "\(recipe.title): no viper command to run")
        }
    }

    @Test(arguments: recipes)
    func theRecipeBuildsPassesItsTestsAndRunsInViper(recipe: Recipe) throws {
        let library = try build(recipe)
        let testOutput = try runTests(recipe)
        #expect(testOutput.status == 0, "\(recipe.testDescription): its tests failed:\n\(testOutput.output)")
        let declared = recipe.tests.map { $0.text.components(separatedBy: "@Test").count - 1 }.reduce(0, +)
        #expect(testOutput.output.contains("Test run with \(declared) test"), "\(recipe.testDescription): not every @Test ran:\n\(testOutput.output)")
        let check = try ViperProcess().run(["check", library])
        #expect(check.status == 0, "\(recipe.testDescription): viper check fails:\n\(check.stdout)\(check.stderr)")
        for step in recipe.steps {
            let result = try ViperProcess().run(arguments(of: step.command, plugin: library))
            #expect(result.status == 0, "\(recipe.testDescription), COOKBOOK.md:\(step.line) '\(step.command)' exited \(result.status):\n\(result.stdout)\(result.stderr)")
            for line in step.expected {
                #expect(result.stdout.contains(line), "\(recipe.testDescription), COOKBOOK.md:\(step.line): '\(line)' not in the output of '\(step.command)':\n\(result.stdout)")
            }
        }
    }

    @Test func aBlockThatStopsCompilingNamesTheRecipeAndTheCompilersMessage() throws {
        var recipe = try #require(Self.recipes.first)
        recipe.sources.append(Recipe.Block(line: 9_999, text: "let broken: Int = \"not a number\""))
        #expect {
            _ = try build(recipe)
        } throws: { error in
            let message = "\(error)"
            return message.contains("recipe 1. Register and resolve services does not compile")
                && message.contains("COOKBOOK.md:9999:") && message.contains("cannot convert value of type 'String'")
        }
    }

    @Test func everySwiftBlockIsOfAKindThatIsCompiled() throws {
        let markdown = "## A recipe\n\n```swift fragment\nlet x = 1\n```\n"
        #expect(throws: Cookbook.Failure.self) { try Cookbook.parse(markdown) }
    }

    // MARK: Helpers

    /// The recipe's plugin, compiled against this run's Contracts (and its contract library, installed beside it).
    private func build(_ recipe: Recipe) throws -> String {
        do {
            guard let name = recipe.libraryName else {
                return try FixtureCompiler.swiftPlugin(named: recipe.moduleName, source: recipe.pluginSource(cookbook: Cookbook.path))
            }
            let folder = try libraryFolder(recipe, name: name)
            let plugin = try FixtureCompiler.swiftPlugin(named: recipe.moduleName, source: recipe.pluginSource(cookbook: Cookbook.path),
                                                         extraFlags: CookbookLibrary.flags(folder: folder, name: name))
            return try CookbookLibrary.install(recipe, plugin: plugin, in: folder)
        } catch let failure as Cookbook.Failure {
            throw failure
        } catch {
            throw Cookbook.Failure(description: "recipe \(recipe.testDescription) does not compile:\n\(error)")
        }
    }

    /// Compiles the plugin with its `swift test` blocks, the conformance kit and Swift Testing into
    /// one test program, runs it, and returns what it printed and its status.
    private func runTests(_ recipe: Recipe) throws -> Subprocess.Result {
        let folder = try TemporaryFolder.make("cookbook-\(recipe.number)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let products = BuildProducts.directory
        let kitFolder = products + "/ConformanceKit.build"
        let kitObjects = try FileManager.default.contentsOfDirectory(atPath: kitFolder).filter { $0.hasSuffix(".o") }.map { kitFolder + "/" + $0 }
        try recipe.pluginSource(cookbook: Cookbook.path).write(toFile: folder + "/Plugin.swift", atomically: true, encoding: .utf8)
        try recipe.testSource(cookbook: Cookbook.path).write(toFile: folder + "/Tests.swift", atomically: true, encoding: .utf8)
        try "import Testing\n@main struct Runner { static func main() async { await Testing.__swiftPMEntryPoint() as Never } }\n"
            .write(toFile: folder + "/Runner.swift", atomically: true, encoding: .utf8)
        let library = try recipe.libraryName.map { CookbookLibrary.flags(folder: try libraryFolder(recipe, name: $0), name: $0) } ?? []
        let compile = try FixtureCompiler.run(["swiftc", "-parse-as-library", "-module-name", recipe.moduleName,
                                               "-I", products + "/Modules", "-L", products, "-lContracts",
                                               "-Xlinker", "-rpath", "-Xlinker", products,
                                               "Plugin.swift", "Tests.swift", "Runner.swift"] + kitObjects + library + CookbookLibrary.kitModuleFlags + ["-o", "tests"], in: folder)
        guard compile.status == 0 else {
            throw Cookbook.Failure(description: "the tests of recipe \(recipe.testDescription) do not compile:\n\(compile.output)")
        }
        return try FixtureCompiler.run([folder + "/tests"], in: folder)
    }

    /// The words of a `viper` line, with the recipe's plugin in place of the `.so` it names (a file of
    /// that name beside it, when there is one: a contract library recipe's other plugin).
    private func arguments(of command: String, plugin: String) -> [String] {
        Cookbook.words(command).dropFirst().map { word in
            guard word.hasSuffix(".so") else { return word }
            let beside = (plugin as NSString).deletingLastPathComponent + "/" + (word as NSString).lastPathComponent
            return FileManager.default.fileExists(atPath: beside) ? beside : plugin
        }
    }

    /// The folder of a contract library recipe's library, suites and consumer, built once per run.
    private func libraryFolder(_ recipe: Recipe, name: String) throws -> String {
        try CookbookLibrary.folder(recipe, name: name)
    }
}
