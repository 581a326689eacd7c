import ViperCore
import ViperLoading

/// A consumer disabled because "no plugin provides" a contract, while a provider of it was
/// refused for lacking a requirement of a changed contract library (``ContractLibraryCatalog``'s
/// requirement rule): doctor's line for the consumer names that provider and why, so one line
/// names both plugins and the library. The wording is ``RefusedProviders``', which the runtime
/// also gives as the reason `open` prints for the consumer's routes.
extension PluginReport {
    /// `problems`, each missing-provider line told about a refused provider of its contract.
    package static func namingRefusedProviders(_ problems: [Problem]) -> [Problem] {
        RefusedProviders(problems).naming(problems)
    }
}
