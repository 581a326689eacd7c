import Foundation
import ViperCore
import ViperLoading

/// `config.json` in the data folder: the user's choices.
///
///     { "providers": { "Contracts.NoteEditing": "markdown-editor" } }
package struct ViperConfig: Codable {
    /// Which plugin serves a contract provided by more than one.
    var providers: [String: String] = [:]

    package static func fileName() -> String { "config.json" }

    /// Reads the config; a missing file is an empty config, a malformed one or one in a
    /// data folder others can write (``PluginTrust/dataFolderProblem(_:user:)``) an error naming it.
    package static func load(folder: String) throws -> ViperConfig {
        let path = Paths.join(folder, fileName())
        guard let data = FileManager.default.contents(atPath: path) else { return ViperConfig() }
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
