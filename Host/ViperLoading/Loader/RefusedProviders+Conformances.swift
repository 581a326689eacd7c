import Foundation
import ViperELF

/// A refused provider's line names one contract, the one lacking a requirement; it may implement
/// other contracts of that library (a module of it, say), which a consumer requires. Its file's
/// conformance records say which, read without loading it, so the consumer's line names it for
/// those too, not "install a plugin that provides it".
extension RefusedProviders {
    /// The protocols of `module` the plugin file at `path` declares a conformance to
    /// (`ContactsKit.ContactPicking`); empty when the file cannot be read.
    static func conformances(ofPluginAt path: String, module: String) -> Set<String> {
        guard !module.isEmpty else { return [] }
        let prefix = "protocol descriptor for "
        let symbols = ELFFile.reading(path) { ProtocolRequirementTable.conformed(descriptor: $0, size: $1, modules: [module]) } ?? []
        return Set(
            symbols.compactMap { SwiftDemangler.demangle($0) }.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 })
    }

    /// The sentence for `provider`, refused, which implements a contract other than the one it lacks a requirement of.
    static func implementsSentence(_ provider: Provider) -> String {
        "which no plugin provides: '\(provider.file)' implements it but was refused, as it lacks a requirement the installed "
            + "\(provider.library) has (its own line says which); rebuild '\(provider.file)' against the installed \(provider.library)"
    }
}
