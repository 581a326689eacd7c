import Foundation

extension PluginTrust {
    /// What is wrong with who owns or may write the data folder at `path`, or nil when it
    /// can be trusted: checked like a plugin folder (``PluginTrust``), because another
    /// account that can write it can delete or replace `plugins.lock` (a lock others can
    /// delete is no lock) and `config.json` (which plugin serves a contract).
    package static func dataFolderProblem(_ path: String, user: uid_t = geteuid()) -> String? {
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
