import Foundation
import ViperLoading
import ViperRuntime

/// Where the pieces a plugin author builds against are, found from the running
/// `viper`'s folder.
///
/// In a SwiftPM build folder (`.build/debug/viper`): `Modules/` beside the
/// executable holds `Contracts.swiftinterface` and `.swiftmodule`, `libContracts.so`
/// is beside it, and the Contracts package source is in the tree the build folder
/// belongs to. An installed viper keeps the same shape in one folder:
///
///     PREFIX/lib/viper/viper                           (PREFIX/bin/viper links here)
///     PREFIX/lib/viper/libContracts.so
///     PREFIX/lib/viper/lib*Plugin.so                   bundled plugins
///     PREFIX/lib/viper/Modules/Contracts.swiftinterface
///     PREFIX/lib/viper/Contracts/                      Contracts and ConformanceKit sources, for SwiftPM packages
struct SDKLayout {
    /// The folder of the running executable (symlinks resolved).
    let executableDirectory: String
    /// Folder with `Contracts.swiftinterface` or `Contracts.swiftmodule`.
    let modulesDirectory: String?
    /// Folder with `libContracts.so`.
    let libraryDirectory: String?
    /// The Contracts package (a folder with `Package.swift`), for SwiftPM dependencies by path.
    let contractsPackage: String?
    /// The ConformanceKit package.
    let kitPackage: String?
    /// The viper source tree the executable was built from, if any.
    let sourceTree: String?

    package static func find(executableDirectory: String = Paths.executableDirectory()) -> SDKLayout {
        let fileManager = FileManager.default
        let modules = Paths.join(executableDirectory, "Modules")
        let hasModule = ["Contracts.swiftinterface", "Contracts.swiftmodule"].contains {
            fileManager.fileExists(atPath: Paths.join(modules, $0))
        }
        let library = fileManager.fileExists(atPath: Paths.join(executableDirectory, "libContracts.so")) ? executableDirectory : nil
        let tree = sourceTree(above: executableDirectory)
        var contracts: String?
        for candidate in [Paths.join(executableDirectory, "Contracts")] + (tree.map { [Paths.join($0, "Contracts")] } ?? [])
        where fileManager.fileExists(atPath: Paths.join(candidate, "Package.swift")) {
            contracts = candidate
            break
        }
        let kit = contracts.map { Paths.join($0, "ConformanceKit") }.flatMap {
            fileManager.fileExists(atPath: Paths.join($0, "Package.swift")) ? $0 : nil
        }
        return SDKLayout(
            executableDirectory: executableDirectory, modulesDirectory: hasModule ? modules : nil,
            libraryDirectory: library, contractsPackage: contracts, kitPackage: kit, sourceTree: tree)
    }

    /// The nearest folder at or above `start` that is a viper source tree.
    static func sourceTree(above start: String) -> String? {
        var folder = start
        while true {
            if isSourceTree(folder) { return folder }
            let parent = Paths.parent(folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// A viper source tree has `Package.swift`, `Contracts/Package.swift` and `Plugins/`.
    static func isSourceTree(_ folder: String) -> Bool {
        let fileManager = FileManager.default
        return fileManager.fileExists(atPath: Paths.join(folder, "Package.swift"))
            && fileManager.fileExists(atPath: Paths.join(folder, "Contracts/Package.swift"))
            && fileManager.fileExists(atPath: Paths.join(folder, "Plugins"))
    }
}
