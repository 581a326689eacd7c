import Foundation
import ViperCore
import ViperLoading

/// Changing `config.json` from a command (`viper plugins --trust NAME`, `--isolate NAME`, ...): the
/// names of one list are added or removed and every other key is kept as it was. Written by
/// ``DataFolderGuard`` (a new file renamed over the old, never through a link); a config that is a
/// link, is not valid, or sits in a data folder others can write is refused and left as it is.
extension ViperConfig {
    /// The lists of plugin names a command may change.
    package enum NameList: String, CaseIterable, Sendable {
        case trust
        case isolate
    }

    /// One change to a list: `name` added to it or removed from it.
    package struct NameChange: Equatable, Sendable {
        package let list: NameList
        package let name: String
        package let add: Bool

        package init(_ list: NameList, _ name: String, add: Bool) {
            self.list = list
            self.name = name
            self.add = add
        }
    }

    /// Applies `changes` in order to config.json in `folder` (made when missing) and returns, for each,
    /// whether it changed the file (false: the name was already in, or already out of, its list).
    /// Throws one line naming what is wrong and the fix; nothing is written then.
    @discardableResult
    package static func apply(_ changes: [NameChange], folder: String) throws -> [Bool] {
        _ = try LocalDataFolder.prepare(folder)
        if let problem = DataFolderGuard.writeProblem(folder) { throw HostError(problem) }
        let path = Paths.join(folder, fileName())
        if let problem = PluginTrust.dataFolderProblem(folder) { throw HostError("\(path) was not changed: \(problem)") }
        let fix = "replace it with a copy of the file you mean, then try again; nothing was changed"
        var object: [String: Any] = [:]
        if let bytes = try DataFolderGuard.readRegularFile(path, what: "the config", fix: fix), !bytes.isEmpty {
            // Read as the runtime reads it first, so a config the next start would ignore is never rewritten.
            do {
                _ = try load(folder: folder)
            } catch {
                throw HostError("\(error); nothing was changed")
            }
            guard let read = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw HostError("\(path): not a JSON object; fix it or move it aside, then try again; nothing was changed")
            }
            object = read
        }
        var changed: [Bool] = []
        for change in changes {
            var names = object[change.list.rawValue] as? [String] ?? []
            let had = names.contains(change.name)
            if change.add, !had { names.append(change.name) }
            if !change.add { names.removeAll { $0 == change.name } }
            changed.append(had != change.add)
            if names.isEmpty { object.removeValue(forKey: change.list.rawValue) } else { object[change.list.rawValue] = names }
        }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        if let failure = DataFolderGuard.replace(
            path, temporary: path + ".tmp-\(getpid())", with: Array(data) + [10], what: "the config", sync: true)
        {
            throw failure
        }
        return changed
    }
}
