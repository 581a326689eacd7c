import Contracts
import Foundation
import ViperCommandLine
import ViperLoading
import ViperRuntime

/// `viper sdk`: what a plain `swiftc` build of a plugin needs, and how a SwiftPM
/// package finds Contracts.
package enum SDKCommand {
    package static func run(environment: [String: String]) -> Int32 {
        let layout = SDKLayout.find()
        print(text(layout, pluginFolder: PluginPlacement.userFolder(environment)))
        return layout.modulesDirectory != nil && layout.libraryDirectory != nil ? 0 : 1
    }

    /// `pluginFolder`: the user plugin folder this environment gives (``PluginPlacement/userFolder(_:)``).
    static func text(_ layout: SDKLayout, pluginFolder: String) -> String {
        let missing = "(not found beside this viper: \(layout.executableDirectory))"
        var lines = [
            "viper SDK for Contracts \(ContractsVersion.current) (this viper: \(layout.executableDirectory)/viper)",
            "",
            "Plain swiftc:",
            "  module:   \(layout.modulesDirectory.map { "\($0)   (Contracts.swiftinterface, Contracts.swiftmodule)" } ?? missing)",
            "  library:  \(layout.libraryDirectory.map { Paths.join($0, "libContracts.so") } ?? missing)",
            "  rpath:    \(layout.libraryDirectory ?? missing)",
            "            (for linking only: inside viper the plugin uses viper's own libContracts.so)",
        ]
        if let modules = layout.modulesDirectory, let library = layout.libraryDirectory {
            lines += [
                "  build:",
                "    swiftc -emit-library -parse-as-library -module-name MyPlugin \\",
                "        -I \(modules) -L \(library) -lContracts \\",
                "        -Xlinker -rpath -Xlinker \(library) \\",
                "        Sources/*.swift -o libMyPlugin.so",
                "  The library must export viper_plugin_abi and viper_plugin_entry (see 'viper new').",
                "  Never add -static-stdlib: two Swift runtimes in one process break type identity.",
            ]
        }
        lines += [
            "",
            "SwiftPM package:",
            "  Contracts:      \(layout.contractsPackage ?? missing)",
            "  ConformanceKit: \(layout.kitPackage ?? missing)",
        ]
        if let contracts = layout.contractsPackage {
            lines += [
                "  in Package.swift:",
                "    dependencies: [",
                "        .package(path: \"\(contracts)\"),",
            ]
            if let kit = layout.kitPackage {
                lines.append("        .package(path: \"\(kit)\"),")
            }
            lines += [
                "    ],",
                "    products: [.library(name: \"MyPlugin\", type: .dynamic, targets: [\"MyPlugin\"])],",
                "    plugin target:  .product(name: \"Contracts\", package: \"Contracts\")",
                "    test target:    .product(name: \"ConformanceKit\", package: \"ConformanceKit\")",
                "  'viper new NAME' writes such a package; 'swift build' puts the plugin in .build/debug/libMyPlugin.so.",
            ]
        }
        lines += [
            "",
            "Install a plugin: copy the .so into the user plugin folder, \(pluginFolder)/,",
            "or use --plugins DIR / VIPER_PLUGIN_PATH ('viper plugins' lists every folder searched, in order).",
            "Check it with 'viper check PATH.so'.",
            "",
            "An installed viper keeps these in one folder, PREFIX/lib/viper/: the viper executable",
            "(PREFIX/bin/viper links to it), libContracts.so, the bundled lib*Plugin.so, Modules/ with",
            "Contracts.swiftinterface, Contracts/ with the Contracts and ConformanceKit package sources,",
            "Examples/ (the guide's examples and the cookbook's recipes as packages) and docs/.",
            "'viper install --prefix PREFIX' puts this viper there; 'viper uninstall --prefix PREFIX' removes it.",
        ]
        lines += examples(layout)
        lines += references(layout.executableDirectory)
        return lines.joined(separator: "\n")
    }

    /// Where the guide's examples and the cookbook's packages are (``InstallExamples``).
    private static func examples(_ layout: SDKLayout) -> [String] {
        let installed = Paths.join(layout.executableDirectory, InstallExamples.folder)
        if FileManager.default.fileExists(atPath: installed) {
            return [
                "",
                "Examples: \(installed)/",
                "  MarkdownEditor/    a second NoteEditing provider (a package: swift build && swift test)",
                "  ContractLibrary/   the guide's contract library example: FixtureWelcome, its suites, a provider and a consumer",
                "  Plugins/           the bundled plugins' sources (Notes, Todo, Articles, ...), to read",
                "  Cookbook/          each recipe of the cookbook as a package (its README lists them)",
                "Guide and cookbook: \(Paths.join(layout.executableDirectory, "docs"))/PLUGIN_AUTHORS.md, COOKBOOK.md",
            ]
        }
        guard let tree = layout.sourceTree else { return [] }
        return [
            "",
            "Examples (in the source tree; 'viper install' copies them, with the cookbook's recipes as packages):",
            "  \(tree)/Examples/MarkdownEditor, \(tree)/Tests/Fixtures/ContractLibrary, \(tree)/Plugins",
            "Guide and cookbook: \(tree)/docs/PLUGIN_AUTHORS.md, COOKBOOK.md",
        ]
    }

    /// Where the installed references are, and how to read them.
    private static func references(_ folder: String) -> [String] {
        let found = InstallReferences.modules.map { ($0, InstallReferences.archive($0, in: folder)) }
            .filter { FileManager.default.fileExists(atPath: $0.1) }
        guard !found.isEmpty else {
            return ["", "Reference: none beside this viper; 'viper install' builds the Contracts and ConformanceKit references."]
        }
        var lines = ["", "Reference (read it with 'python3 -m http.server -d DIR', then open the page):"]
        for (module, archive) in found {
            lines.append("  \(archive)   (\(module): open \(InstallReferences.page(module)))")
        }
        return lines
    }
}
