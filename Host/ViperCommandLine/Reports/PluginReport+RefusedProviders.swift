import ViperCore
import ViperLoading

/// A consumer disabled because "no plugin provides" a contract, while a provider of it was
/// refused for lacking a requirement of a changed contract library (``ContractLibraryCatalog``'s
/// requirement rule): doctor's line for the consumer names that provider and why, so one line
/// names both plugins and the library. The refusal is read back from the provider's problem,
/// whose form ``ContractLibraryCatalog/lacksRequirementMarker`` fixes.
extension PluginReport {
    /// `problems`, each missing-provider line told about a refused provider of its contract.
    package static func namingRefusedProviders(_ problems: [Problem]) -> [Problem] {
        let refused = problems.compactMap(RefusedProvider.init)
        guard !refused.isEmpty else { return problems }
        return problems.map { problem in
            guard problem.kind == .missingProvider, let contract = problem.contract,
                let provider = refused.first(where: { $0.contract == contract }),
                let range = problem.message.range(of: "which no plugin provides; install a plugin that provides it")
            else { return problem }
            let told = problem.message.replacingCharacters(
                in: range,
                with: "which no plugin provides: '\(provider.file)' provides it but was refused, as it lacks a requirement the installed "
                    + "\(provider.library) has (its own line says which); rebuild '\(provider.file)' against the installed \(provider.library)")
            return Problem(kind: problem.kind, plugin: problem.plugin, contract: problem.contract, message: told)
        }
    }

    /// What a provider's refusal line says: its file, the contract and the library.
    private struct RefusedProvider {
        let file: String
        let contract: String
        let library: String

        init?(_ problem: Problem) {
            guard problem.kind == .loadFailed, let marker = problem.message.range(of: ContractLibraryCatalog.lacksRequirementMarker),
                let of = problem.message.range(of: " of the contract library ", range: marker.upperBound..<problem.message.endIndex),
                let open = problem.message.range(of: " (", range: of.upperBound..<problem.message.endIndex)
            else { return nil }
            file = Paths.lastComponent(String(problem.message[..<marker.lowerBound]))
            contract = String(problem.message[marker.upperBound..<of.lowerBound])
            library = String(problem.message[of.upperBound..<open.lowerBound])
        }
    }
}
