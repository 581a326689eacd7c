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
        let registration = BlankModuleTemplate.registration(indent: "        ")
        let plugin = try library.plugin(
            BlankModuleTemplate.plugin.replacingOccurrences(of: registration, with: library.template.registration(indent: "        ")))
        let readme = PackageTemplate.readme.replacingOccurrences(of: PackageTemplate.pluginFolderPlaceholder, with: pluginFolder)
            .replacingOccurrences(
                of: "the Contract (the module's input and output, and the protocols between the roles)",
                with: "the Contract (the protocols between the roles; the module's input is \(library.template.qualified))")
        var files: [(path: String, text: String)] = [
            ("Package.swift", library.manifest.text), (".gitignore", PackageTemplate.gitignore), ("README.md", readme),
            ("Sources/__Name__Plugin/__Name__Plugin.swift", plugin), (EntryTemplate.path, EntryTemplate.source),
        ]
        files += library.template.moduleFiles.map { ("Sources/__Name__Plugin/" + $0.path, $0.text) }
        files += library.template.testFiles.map { ("Tests/__Name__PluginTests/" + $0.path, $0.text) }
        try write(files, under: root, name: name)
        let viper = ViperOnPath.command(executableDirectory: layout.executableDirectory)
        return """
            Created \(root): the \(name.type) module (Builder, View, Presenter, Interactor, Entity, Router)
            and the plugin type in Sources/\(name.type)Plugin, the entry symbols in Sources/\(name.type)Entry,
            tests of the module through its contract.
            \(library.summary)
            \(nextSteps(root: root, name: name, pluginFolder: pluginFolder, viper: viper))
            """
    }
}
