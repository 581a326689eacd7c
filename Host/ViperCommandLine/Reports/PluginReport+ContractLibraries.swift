import Contracts
import ViperLoading
import ViperRuntime

/// The contract libraries in `viper plugins`: one block each, after the plugins, with the
/// plugins built against it; and in `--json`.
extension PluginReport {
    struct ContractLibraryJSON: Encodable {
        package let name: String
        let version: String
        let path: String
        let origin: PluginOrigin
        let status: ContractLibrary.Status
        let reason: String?
        /// Plugins that say they were built against it.
        let usedBy: [String]
    }

    /// The plugins (by name) whose descriptors list `library`, sorted.
    static func users(of library: ContractLibrary, in records: [PluginRecord]) -> [String] {
        records.compactMap { record in
            guard let name = record.name, record.descriptor?.contractLibraries.contains(where: { $0.name == library.name }) == true else { return nil }
            return name
        }.sorted()
    }

    static func contractLibrariesJSON(_ runtime: HostRuntime) -> [ContractLibraryJSON] {
        let records = runtime.records
        return runtime.contractLibraries.map { library in
            ContractLibraryJSON(
                name: library.name, version: library.version.description, path: library.path, origin: library.origin,
                status: library.status, reason: library.reason, usedBy: users(of: library, in: records))
        }
    }

    /// `  libraries: Greetings 1.0` for a plugin built against contract libraries, or nothing.
    static func librariesLine(_ descriptor: PluginDescriptor) -> [String] {
        descriptor.contractLibraries.isEmpty ? [] : ["  libraries: \(descriptor.contractLibraries.map(\.description).joined(separator: ", "))"]
    }

    static func contractLibrariesText(_ runtime: HostRuntime) -> [String] {
        let records = runtime.records
        var lines: [String] = []
        for library in runtime.contractLibraries {
            lines.append("\(library.displayName)  [contract library, \(library.status.rawValue)]")
            lines.append("  path:      \(library.path) (\(library.origin.rawValue))")
            let users = users(of: library, in: records)
            lines.append("  used by:   \(users.isEmpty ? "no plugin" : users.joined(separator: ", "))")
            if let reason = library.reason { lines.append("  refused:   \(reason)") }
        }
        return lines
    }
}
