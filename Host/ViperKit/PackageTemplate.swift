/// The package files `viper new` writes around a standalone plugin.
enum PackageTemplate {
    /// `Package.swift`: the plugin as a dynamic library depending on Contracts by path, built
    /// from an entry target over the feature target (``EntryTemplate`` says why); its tests
    /// depend on the feature target and ConformanceKit.
    static func manifest(contracts: String, kit: String) -> String {
        """
        // swift-tools-version:6.0
        // A viper plugin made by 'viper new'. It depends on the Contracts of the viper
        // that made it ('viper sdk' shows where); never on another plugin.
        import PackageDescription

        let package = Package(
            name: "__Name__",
            products: [
                // lib__Name__Plugin.so: the entry target and the feature target it depends on.
                .library(name: "__Name__Plugin", type: .dynamic, targets: ["__Name__Entry"]),
            ],
            dependencies: [
                .package(path: "\(contracts)"),
                .package(path: "\(kit)"),
            ],
            targets: [
                // The feature: every module and role, and the Plugin type. The tests import this one.
                .target(
                    name: "__Name__Plugin",
                    dependencies: [.product(name: "Contracts", package: "Contracts")]
                ),
                // The entry: only the .viper_abi record and the two C symbols every plugin exports
                // under the same names, kept apart so that tests link the feature without them.
                .target(
                    name: "__Name__Entry",
                    dependencies: ["__Name__Plugin", .product(name: "Contracts", package: "Contracts")]
                ),
                .testTarget(
                    name: "__Name__PluginTests",
                    dependencies: ["__Name__Plugin", .product(name: "ConformanceKit", package: "ConformanceKit")]
                ),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    static let gitignore = """
        .build/
        .swiftpm/
        Package.resolved

        """

    /// Replaced in ``readme`` by the user plugin folder viper searches.
    static let pluginFolderPlaceholder = "__plugins__"

    static let readme = """
        # __Name__

        A viper plugin with one VIPER module, `__Name__`, made by `viper new`. Open it in
        the shell with `open __path__`.

        ```sh
        swift build                                   # .build/debug/lib__Name__Plugin.so
        swift test                                    # per-layer tests and the conformance kit
        viper check .build/debug/lib__Name__Plugin.so # the same checks against the built .so
        mkdir -p __plugins__
        cp .build/debug/lib__Name__Plugin.so __plugins__/
        viper -c "open __path__"
        ```

        `__plugins__` is the user plugin folder (`$XDG_DATA_HOME/viper/plugins`) when
        this package was made; `viper plugins` lists every folder viper searches, in order.

        One file per role in `Sources/__Name__Plugin/__Name__/`: Builder (wiring and
        injection), View (draws through the host's Screen, declares its commands),
        Presenter, Interactor (the use cases, with the services the Builder's `dependencies`
        lists), Entity, Router, and the Contract (the module's input and output, and the
        protocols between the roles).
        `Sources/__Name__Plugin/__Name__Plugin.swift` registers the module.

        Two targets make the plugin: `__Name__Plugin` (the feature: the modules and the
        `Plugin` type, which the tests import) and `__Name__Entry` (only the `.viper_abi`
        record and the C symbols `viper_plugin_abi` and `viper_plugin_entry`), from which
        `lib__Name__Plugin.so` is built. Every plugin exports those symbols under the same
        names, so tests link the feature alone; put nothing else in `__Name__Entry`.

        """
}
