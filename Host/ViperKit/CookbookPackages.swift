import Foundation
import ViperLoading
import ViperRuntime

/// The recipes of docs/COOKBOOK.md as SwiftPM packages, one a recipe, for `viper install`: what the
/// cookbook says of its blocks (every ```` ```swift ```` block is the plugin, every
/// ```` ```swift test ```` block its tests) made into a package an author builds with
/// `swift build && swift test` and runs with the `viper` line the recipe shows. A recipe with a
/// contract library (```` ```swift library NAME ````) is three packages; it is left out and the
/// cookbook folder's README says `viper new --contract-library` writes that shape.
enum CookbookPackages {
    struct Recipe: Equatable {
        let number: Int
        let title: String
        var sources: [String] = []
        var tests: [String] = []
        var commands: [String] = []
        /// Whether the recipe builds a contract library too (not packaged).
        var hasLibrary = false

        /// The folder name: `03-route-to-another-module-by-contract`.
        var folder: String {
            let words = title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }
            return String(format: "%02d-", number) + String(words).split(separator: " ").joined(separator: "-")
        }

        /// The Swift module of the plugin: `Recipe3`.
        var module: String { "Recipe\(number)" }

        /// The one type declared as a `Plugin`, whose name the product (the `.so`) takes.
        var pluginType: String? {
            let all = sources.joined(separator: "\n")
            guard let match = all.firstMatch(of: #/(?:enum|struct|class)\s+(\w+)\s*:\s*Plugin\b/#) else { return nil }
            return String(match.1)
        }
    }

    /// The recipes (`##` sections) of the cookbook's markdown, with their blocks.
    static func recipes(in markdown: String) -> [Recipe] {
        var recipes: [Recipe] = []
        var fence: (info: String, lines: [String])?
        for line in markdown.components(separatedBy: "\n") {
            if var open = fence {
                if line == "```" {
                    add(open.info, open.lines, to: &recipes)
                    fence = nil
                } else {
                    open.lines.append(line)
                    fence = open
                }
            } else if line.hasPrefix("```") {
                fence = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
            } else if line.hasPrefix("## ") {
                recipes.append(Recipe(number: recipes.count + 1, title: String(line.dropFirst(3))))
            }
        }
        return recipes
    }

    private static func add(_ info: String, _ lines: [String], to recipes: inout [Recipe]) {
        guard let last = recipes.indices.last else { return }
        switch info {
        case "swift": recipes[last].sources.append(lines.joined(separator: "\n"))
        case "swift test": recipes[last].tests.append(lines.joined(separator: "\n"))
        case "sh": recipes[last].commands += lines.filter { $0.hasPrefix("viper ") }
        case _ where info.hasPrefix("swift "): recipes[last].hasLibrary = true
        default: break
        }
    }

    /// Writes each packaged recipe under `folder`, and a README listing them.
    static func write(_ recipes: [Recipe], into folder: String, contracts: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var listed: [String] = []
        for recipe in recipes {
            guard !recipe.hasLibrary, let plugin = recipe.pluginType else {
                listed.append("- \(recipe.title): not packaged (a contract library and two plugins); `viper new NAME --contract-library` writes that shape")
                continue
            }
            let root = Paths.join(folder, recipe.folder)
            let files = [
                ("Package.swift", manifest(recipe, product: plugin, contracts: contracts)),
                ("Sources/\(recipe.module)/\(plugin).swift", source(recipe, plugin: plugin)),
                ("Tests/\(recipe.module)Tests/\(plugin)Tests.swift", "@testable import \(recipe.module)\n\n" + recipe.tests.joined(separator: "\n\n") + "\n"),
            ]
            for (path, text) in files {
                let target = Paths.join(root, path)
                try manager.createDirectory(atPath: Paths.parent(target), withIntermediateDirectories: true)
                try text.write(toFile: target, atomically: true, encoding: .utf8)
            }
            listed.append("- `\(recipe.folder)`: \(recipe.title) (`lib\(plugin).so`)")
        }
        try readme(listed).write(toFile: Paths.join(folder, "README.md"), atomically: true, encoding: .utf8)
    }

    private static func manifest(_ recipe: Recipe, product: String, contracts: String) -> String {
        """
        // swift-tools-version:6.0
        // docs/COOKBOOK.md, "\(recipe.title)", as a package: the plugin and its tests.
        import PackageDescription

        let package = Package(
            name: "\(recipe.module)",
            products: [.library(name: "\(product)", type: .dynamic, targets: ["\(recipe.module)"])],
            dependencies: [
                .package(path: "\(contracts)"),
                .package(path: "\(contracts)/ConformanceKit"),
            ],
            targets: [
                .target(name: "\(recipe.module)", dependencies: [.product(name: "Contracts", package: "Contracts")]),
                .testTarget(
                    name: "\(recipe.module)Tests",
                    dependencies: ["\(recipe.module)", .product(name: "ConformanceKit", package: "ConformanceKit")]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    /// The recipe's blocks, then the two C entry points every plugin exports. One plugin per
    /// package, so its tests may link them (the guide, "Two targets", says when they may not).
    private static func source(_ recipe: Recipe, plugin: String) -> String {
        let run = recipe.commands.map { "//     \($0)" }.joined(separator: "\n")
        return """
            // docs/COOKBOOK.md, "\(recipe.title)". Build: swift build && swift test; then:
            \(run)
            import Contracts

            \(recipe.sources.joined(separator: "\n\n"))

            @_cdecl("viper_plugin_abi")
            public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

            @_cdecl("viper_plugin_entry")
            public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
                PluginEntry.run(host, plugin: \(plugin).self)
            }

            """
    }

    private static func readme(_ listed: [String]) -> String {
        """
        # The cookbook's recipes as packages

        Each folder is one recipe of docs/COOKBOOK.md (installed in ../../docs/COOKBOOK.md), as
        a package: the plugin in `Sources/`, its tests in `Tests/`. Copy a folder out (this one
        stays as installed, so `viper uninstall` removes it whole), then in the copy:

        ```sh
        swift build && swift test
        viper check .build/debug/libNAME.so
        ```

        and the `viper` line at the top of its source. They depend on the installed Contracts and
        ConformanceKit packages by path, as a package `viper new` writes does.

        \(listed.joined(separator: "\n"))

        """
    }
}
