/// Why a plugin file could not be loaded: one line naming the file, what is
/// wrong, and what to do.
public struct PluginLoadError: Error, Hashable, CustomStringConvertible, Sendable {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }

    /// Turns `dlerror()` text into a message that says what to do.
    static func fromDlopen(path: String, dlerror raw: String) -> PluginLoadError {
        // dlerror repeats the path first ("PATH: reason"); keep only the reason.
        var reason = raw
        if reason.hasPrefix(path + ": ") { reason.removeFirst(path.count + 2) }
        if reason.contains("file too short") {
            return PluginLoadError(path: path, message: "not a plugin: the file is empty or truncated (\(reason)); rebuild it or remove it")
        }
        if reason.contains("invalid ELF header") {
            return PluginLoadError(path: path, message: "not a plugin: not an ELF shared library (\(reason)); remove it from the plugin folder")
        }
        if reason.contains("cannot open shared object file") {
            if let colon = reason.firstIndex(of: ":") {
                let dependency = String(reason[..<colon])
                if dependency != path {
                    return PluginLoadError(path: path, message: "cannot load: it needs \(dependency), which was not found (\(reason)); install that library or rebuild the plugin without it")
                }
            }
            return PluginLoadError(path: path, message: "no such file (\(reason)); check the path")
        }
        if reason.contains("undefined symbol") {
            return PluginLoadError(path: path, message: "cannot load: \(reason); it was built against a different Contracts or library, rebuild it against this viper's Contracts ('viper sdk' shows how)")
        }
        if reason.contains("wrong ELF class") || reason.contains("ELF file's OS ABI") || reason.contains("machine") {
            return PluginLoadError(path: path, message: "cannot load: built for another platform (\(reason)); rebuild it on this machine")
        }
        return PluginLoadError(path: path, message: "cannot load: \(reason)")
    }
}
