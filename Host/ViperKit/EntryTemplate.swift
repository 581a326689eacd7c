import Contracts

/// The entry target `viper new` writes beside every plugin's feature target, as the bundled
/// plugins have it (`Plugins/NAME/Entry`): the `.viper_abi` record and the two C symbols that
/// every plugin exports under the same names, and nothing else. The feature target
/// (`__Name__Plugin`) holds the modules and the `Plugin` type and is what the tests import, so
/// tests of several plugins can share one test binary without two copies of these symbols
/// (docs/PLUGIN_AUTHORS.md, "Two targets: the feature and the entry").
enum EntryTemplate {
    /// Where the entry target's one file goes in a package `viper new` writes.
    static let path = "Sources/__Name__Entry/__Name__Entry.swift"

    /// Where it goes in viper's own source tree, relative to `Plugins/NAME`
    /// (`plugin(_:)` in the tree's Package.swift builds it from there).
    static let inTreePath = "Entry/__Name__Entry.swift"

    static let source = """
        // The entry target of __Name__: what every viper plugin exports under the same names,
        // kept apart from the feature target __Name__Plugin so that tests link __Name__Plugin
        // without these symbols (see Package.swift). Nothing else belongs here.
        import Contracts
        import __Name__Plugin

        /// The Contracts ABI this plugin is built for, as one record ("VIPR", major, minor) in its
        /// `.viper_abi` section: viper reads it from the file before any of the plugin's code runs.
        /// Keep the numbers equal to the Contracts it is built against (`viper check` compares them).
        @used @section(".viper_abi")
        let viperABI: (UInt32, UInt32, UInt32) = (0x5649_5052, \(ContractsVersion.current.major), \(ContractsVersion.current.minor))

        /// The Contracts ABI this plugin was compiled against, for viper releases that predate the
        /// `.viper_abi` section.
        @_cdecl("viper_plugin_abi")
        public func viperPluginABI() -> UInt32 {
            ContractsVersion.compiledPacked
        }

        /// The plugin's entry point: registers what __Name__Plugin registers.
        @_cdecl("viper_plugin_entry")
        public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
            PluginEntry.run(host, plugin: __Name__Plugin.self)
        }

        """
}
