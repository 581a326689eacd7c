import Foundation
import ViperCommandLine
import ViperLoading

extension NewCommand {
    /// `viper new NAME --contract LIBRARY.PROTOCOL [--library-path DIR]`: a plugin package whose
    /// one module implements a contract library's protocol, as `viper new module --contract` adds
    /// one (``LibraryAddition``); the library is looked for from the new package's folder, so a
    /// library made with the same `--dir` is found beside it.
    static func createLibraryPlugin(
        _ name: ModuleName, contract: String, options: NewOptions, layout: SDKLayout,
        pluginFolder: String
    ) throws -> String {
        let (root, contracts, kit) = try packageRoot(name, options: options, layout: layout)
        let library = try LibraryAddition(
            contract, libraryPath: options.libraryPath, root: root, target: "__Name__Plugin",
            manifest: PackageTemplate.manifest(contracts: contracts, kit: kit))
        // The module is named after the protocol it implements (or --name), the plugin after NAME;
        // the module opens at the plugin's route.
        let module = try ModuleName(options.moduleName ?? library.template.contract.name).routed(name.path)
        guard module.type != name.type + "Plugin", module.type != name.type + "Entry" else {
            throw UsageError("the module '\(module.type)' would clash with the plugin's own types; give the module another name with --name")
        }
        let uses = try ServiceUses(
            options.uses, libraryPath: options.libraryPath, root: root, target: "__Name__Plugin", manifest: library.manifest.text)
        let registration = BlankModuleTemplate.registration(indent: "        ")
        let plugin = try uses.plugin(
            library.plugin(
                BlankModuleTemplate.plugin.replacingOccurrences(
                    of: registration, with: module.fill(library.template.registration(indent: "        "))
                ).replacingOccurrences(of: "/// Registers the __Name__ module", with: "/// Registers the \(module.type) module")))
        let readme = PackageTemplate.readme.replacingOccurrences(of: PackageTemplate.pluginFolderPlaceholder, with: pluginFolder)
            .replacingOccurrences(
                of: "the Contract (the module's input and output, and the protocols between the roles)",
                with: "the Contract (the protocols between the roles; the module's input is \(library.template.qualified))")
        var files: [(path: String, text: String)] = [
            ("Package.swift", uses.manifest?.text ?? library.manifest.text), (".gitignore", PackageTemplate.gitignore), ("README.md", readme),
            ("Sources/__Name__Plugin/__Name__Plugin.swift", plugin), (EntryTemplate.path, EntryTemplate.source),
        ]
        // The module's files name the module; what they say of the plugin (its target, its name) names the plugin.
        let named = { (folder: String, files: [(path: String, text: String)]) in
            files.map { file in
                (
                    folder + module.fill(file.path),
                    module.fill(
                        file.text.replacingOccurrences(of: "__Name__Plugin", with: name.type + "Plugin")
                            .replacingOccurrences(of: "__route__", with: name.route))
                )
            }
        }
        let moduleFiles = uses.isEmpty ? library.template.moduleFiles : try uses.moduleFiles(library.template.moduleFiles)
        let testFiles = uses.isEmpty ? library.template.testFiles : try uses.testFiles(library.template.testFiles)
        files += named("Sources/__Name__Plugin/", moduleFiles)
        files += named("Tests/__Name__PluginTests/", testFiles)
        try write(files, under: root, name: name)
        let viper = ViperOnPath.command(executableDirectory: layout.executableDirectory)
        return """
            Created \(root): the \(module.type) module (Builder, View, Presenter, Interactor, Entity, Router;
            'open \(module.openPath)' shows it) and the plugin type in Sources/\(name.type)Plugin, the entry symbols
            in Sources/\(name.type)Entry, tests of the module through its contract.
            \(library.summary)\(uses.isEmpty ? "" : "\n" + uses.summary)
            \(nextSteps(root: root, name: name, pluginFolder: pluginFolder, viper: viper, uses: options.uses))
            """
    }
}
