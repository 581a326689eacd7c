import ViperELF

extension ContractLibraryCatalog {
    /// ``separate(_:knownPlugin:)`` by index into `files`: start-up keeps what it knows of each
    /// file in arrays in file order, so no path is looked up in a table.
    package static func separatePositions(_ files: [PluginFile], knownPlugin: (Int) -> Bool) -> (plugins: [Int], libraries: [Int]) {
        var plugins: [Int] = []
        var libraries: [Int] = []
        plugins.reserveCapacity(files.count)
        for (index, file) in files.enumerated() {
            guard !file.folder.origin.isBundled, !knownPlugin(index), let elf = ContractLibraryELF.sniff(path: file.path) else {
                plugins.append(index)
                continue
            }
            if elf.record != nil, !elf.definesPluginEntry {
                libraries.append(index)
            } else if !elf.isSuiteLibrary {  // a suite library is neither: viper check runs it (`viper plugins` lists it)
                plugins.append(index)
            }
        }
        return (plugins, libraries)
    }

    /// The plugins of what discovery found, with what its look at each found, and the contract
    /// libraries; `knownPlugin` is asked by index into `discovery.files`.
    package static func separate(_ discovery: PluginDiscovery.Result, knownPlugin: (Int) -> Bool)
        -> (plugins: [PluginFile], infos: [PluginDiscovery.FileInfo?], libraries: [PluginFile])
    {
        let split = separatePositions(discovery.files, knownPlugin: knownPlugin)
        let infos = split.plugins.map { $0 < discovery.infos.count ? discovery.infos[$0] : nil }
        return (split.plugins.map { discovery.files[$0] }, infos, split.libraries.map { discovery.files[$0] })
    }
}
