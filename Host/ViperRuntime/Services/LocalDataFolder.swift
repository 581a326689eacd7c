import Contracts
import Foundation

/// The host's ``DataFolder``: `--data DIR`, else `VIPER_DATA_DIR`, else `$XDG_DATA_HOME/viper`.
final class LocalDataFolder: DataFolder {
    let path: String

    init(path: String) {
        self.path = path
    }

    static func choose(flag: String?, environment: [String: String]) -> String {
        if let flag { return Paths.absolute(flag) }
        if let value = environment["VIPER_DATA_DIR"], !value.isEmpty { return Paths.absolute(value) }
        return Paths.join(Paths.xdgDataHome(environment), "viper")
    }

    /// Creates the folder if needed; throws a message that names it when that fails.
    static func prepare(_ path: String) throws -> LocalDataFolder {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw HostError("data folder \(path) is a file, not a folder; move it away or choose another with --data DIR")
            }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw HostError("cannot create the data folder \(path): \(error.localizedDescription); choose another with --data DIR")
            }
        }
        return LocalDataFolder(path: path)
    }

    /// What is wrong with who owns or may write the data folder at `path`, or nil when it
    /// can be trusted: checked like a plugin folder (``PluginTrust``), because another
    /// account that can write it can delete or replace `plugins.lock` (a lock others can
    /// delete is no lock) and `config.json` (which plugin serves a contract).
    static func trustProblem(_ path: String, user: uid_t = geteuid()) -> String? {
        guard let problem = PluginTrust.folderProblem(path: Paths.join(path, PluginLock.fileName), root: path, user: user) else {
            return nil
        }
        return "the data folder \(path) cannot be trusted, so viper does not use plugins.lock or config.json from it: "
            + problem.replacingOccurrences(of: "refused: ", with: "")
                .replacingOccurrences(of: "its folder \(path)", with: "it")
                .replacingOccurrences(of: "could replace the code viper runs", with: "could delete or replace them")
                .replacingOccurrences(of: "replace the code viper runs", with: "delete or replace them")
                .replacingOccurrences(of: "move the plugin to a folder of your own", with: "choose a data folder of your own with --data DIR")
    }
}

/// A failure of the host itself, shown to the user as one line.
package struct HostError: Error, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
