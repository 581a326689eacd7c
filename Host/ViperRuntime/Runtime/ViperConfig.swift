import Foundation
import ViperCore
import ViperLoading

/// `config.json` in the data folder: the user's choices.
///
///     { "providers": { "Contracts.NoteEditing": "markdown-editor" }, "allowIntercept": ["guard"] }
package struct ViperConfig: Codable {
    /// Which plugin serves a contract provided by more than one.
    var providers: [String: String] = [:]
    /// Plugins allowed to intercept contracts they do not provide (``InterceptionPermission``); optional, so older configs read as before.
    var allowIntercept: [String]?
    /// Plugins that run in a boxed process of their own, by name (as `--isolate NAME`).
    var isolate: [String]?
    /// Isolated plugins allowed the network, by name (as `--allow-network NAME`).
    var allowNetwork: [String]?
    /// Plugins of the user folder the person trusts to run in viper's process, by name (``PluginModeRule``).
    var trust: [String]?

    package static func fileName() -> String { "config.json" }

    /// Reads the config; a missing file is an empty config, a malformed one, a link (never
    /// followed, ``DataFolderGuard/readRegularFile(_:what:fix:)``) or one in a data folder others
    /// can write (``PluginTrust/dataFolderProblem(_:user:)``) an error naming it.
    package static func load(folder: String) throws -> ViperConfig {
        let path = Paths.join(folder, fileName())
        let fix = "replace it with a copy of the file you mean; it is ignored until then"
        guard let bytes = try DataFolderGuard.readRegularFile(path, what: "the config", fix: fix) else { return ViperConfig() }
        let data = Data(bytes)
        if let problem = PluginTrust.dataFolderProblem(folder) {
            throw HostError("\(path) is ignored: \(problem)")
        }
        do {
            return try JSONDecoder().decode(ViperConfig.self, from: data)
        } catch {
            throw HostError("\(path): not a valid viper config (\(Self.describe(error))); fix it or move it aside — it is ignored until then")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        case DecodingError.typeMismatch(_, let context): return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}

extension ViperConfig {
    /// Every key may be left out: a config with only `allowIntercept`, or only `providers`, is valid.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        providers = try container.decodeIfPresent([String: String].self, forKey: .providers) ?? [:]
        allowIntercept = try container.decodeIfPresent([String].self, forKey: .allowIntercept)
        isolate = try container.decodeIfPresent([String].self, forKey: .isolate)
        allowNetwork = try container.decodeIfPresent([String].self, forKey: .allowNetwork)
        trust = try container.decodeIfPresent([String].self, forKey: .trust)
    }
}
