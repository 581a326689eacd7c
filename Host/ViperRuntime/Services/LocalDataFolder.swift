import Contracts
import Foundation
import ViperCore
import ViperLoading

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
}
