import Foundation
import ViperLoading

/// A build checked beside an installed copy of itself: `viper check .build/debug/libX.so` judges
/// that file, while the shell loads the `libX.so` installed in the user folder (or a
/// `VIPER_PLUGIN_PATH` folder). When the two differ, the check says which one the shell loads and
/// how to install the one it judged, so a passing check is not taken for what the shell runs.
extension PluginPlacement {
    /// The note for `path` when an installed file of the same name has other bytes; nil otherwise.
    package static func installedCopyNote(_ path: String, environment: [String: String]) -> String? {
        let name = (path as NSString).lastPathComponent
        let own = Paths.realPath(path) ?? Paths.absolute(path)
        guard FileManager.default.isReadableFile(atPath: own) else { return nil }
        let folders = PluginFolder.searchOrder(flags: [], environment: environment, executableDirectory: Paths.executableDirectory())
        for folder in folders where folder.origin == .user || folder.origin == .environment {
            let installed = Paths.join(folder.path, name)
            guard FileManager.default.fileExists(atPath: installed), (Paths.realPath(installed) ?? installed) != own else { continue }
            if FileManager.default.contentsEqual(atPath: installed, andPath: own) { return nil }
            return PluginReport.printable(
                "installed: the shell loads \(installed) (\(PluginPlacement.originText(folder.origin))), not the file checked here, "
                    + "and the two differ; to run this build, copy it over the installed one: cp --remove-destination \(Paths.absolute(path)) \(folder.path)/")
        }
        return nil
    }
}
