import ViperELF
import ViperLoading
import ViperRuntime

/// Suite libraries in the plugin folders (`lib<Library>Suites.so`, which link ConformanceKit and
/// export `viper_contract_suites`): viper loads them as neither plugin nor contract library (``ContractLibraryELF/isSuiteLibrary``),
/// so they are no problem for `doctor`; `viper plugins` lists them, with who runs them.
extension PluginReport {
    /// One line for each suite library in the searched folders (not the bundled one), in search order.
    static func suiteLibraryLines(_ runtime: HostRuntime) -> [String] {
        let folders = runtime.folders.filter { $0.origin != .bundled }
        return PluginDiscovery.discover(folders).files.filter { ContractLibraryELF.sniff(path: $0.path)?.isSuiteLibrary == true }.map {
            "suite library: \($0.path) (not a plugin: 'viper check' runs it on the plugins that provide its contracts)"
        }
    }
}
