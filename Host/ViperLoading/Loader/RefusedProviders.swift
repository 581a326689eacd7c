import ViperCore

/// Providers refused for lacking a requirement of a changed contract library
/// (``ContractLibraryCatalog``'s requirement rule), read back from their problem lines, and the
/// wording that names them in the line of a consumer disabled because "no plugin provides" their
/// contract: one line names both plugins, the library and the fix. doctor, `viper check`, the
/// shell's start-up lines and the reason `open` gives for a disabled route all use this wording.
///
/// Invariant: `providers` holds only refusals whose line has the form
/// ``ContractLibraryCatalog/lacksRequirementMarker`` fixes.
package struct RefusedProviders: Sendable {
    /// What a provider's refusal line says: its file, the contract and the library.
    struct Provider: Sendable {
        let file: String
        let contract: String
        let library: String
        /// The other contracts of the library it conforms to (``conformances(ofPluginAt:module:)``).
        var implements: Set<String> = []
    }

    /// A plugin that was found but is not loaded for a reason of its own (not trusted to run in
    /// viper's process, say), with the contracts it would provide and its own line.
    package struct HeldBack: Sendable {
        let file: String
        let contracts: Set<String>
        let line: String

        package init(file: String, contracts: Set<String>, line: String) {
            self.file = file
            self.contracts = contracts
            self.line = line
        }
    }

    private static let unprovided = "which no plugin provides; install a plugin that provides it"

    let providers: [Provider]
    let heldBack: [HeldBack]

    /// The refused providers among `problems`, and the plugins `heldBack`.
    package init(_ problems: [Problem], heldBack: [HeldBack] = []) {
        providers = problems.compactMap(Self.provider)
        self.heldBack = heldBack
    }

    package var isEmpty: Bool { providers.isEmpty && heldBack.isEmpty }

    /// `problems`, each missing-provider line told about a refused provider of its contract.
    package func naming(_ problems: [Problem]) -> [Problem] {
        guard !isEmpty else { return problems }
        return problems.map { problem in
            guard problem.kind == .missingProvider, let contract = problem.contract else { return problem }
            let told = naming(problem.message, contract: contract)
            return told == problem.message ? problem : Problem(kind: problem.kind, plugin: problem.plugin, contract: contract, message: told)
        }
    }

    /// `outcome` with the reasons of plugins disabled for a missing provider (and their problem
    /// lines) told about a refused provider of that contract: what `open` on one of their routes says.
    package func naming(_ outcome: GraphValidator.Outcome) -> GraphValidator.Outcome {
        guard !isEmpty else { return outcome }
        var told = outcome
        for problem in outcome.problems where problem.kind == .missingProvider {
            guard let plugin = problem.plugin, let contract = problem.contract, let reason = told.disabled[plugin] else { continue }
            told.disabled[plugin] = naming(reason, contract: contract)
        }
        told.problems = naming(outcome.problems)
        return told
    }

    /// `text` (a missing-provider line or reason about `contract`) with the refused provider of
    /// `contract` named in place of "install a plugin that provides it"; else `text` unchanged.
    package func naming(_ text: String, contract: String) -> String {
        guard let range = text.range(of: Self.unprovided) else { return text }
        guard let provider = providers.first(where: { $0.contract == contract }) else {
            if let held = heldBack.first(where: { $0.contracts.contains(contract) }) {
                return text.replacingCharacters(
                    in: range, with: "which no plugin viper loads provides: '\(held.file)' provides it but is not loaded (\(held.line))")
            }
            guard let implementer = providers.first(where: { $0.implements.contains(contract) }) else { return text }
            return text.replacingCharacters(in: range, with: Self.implementsSentence(implementer))
        }
        return text.replacingCharacters(
            in: range,
            with: "which no plugin provides: '\(provider.file)' provides it but was refused, as it lacks a requirement the installed "
                + "\(provider.library) has (its own line says which); rebuild '\(provider.file)' against the installed \(provider.library)")
    }

    private static func provider(_ problem: Problem) -> Provider? {
        guard problem.kind == .loadFailed, let marker = problem.message.range(of: ContractLibraryCatalog.lacksRequirementMarker),
            let of = problem.message.range(of: " of the contract library ", range: marker.upperBound..<problem.message.endIndex),
            let open = problem.message.range(of: " (", range: of.upperBound..<problem.message.endIndex)
        else { return nil }
        let path = String(problem.message[..<marker.lowerBound])
        let library = String(problem.message[of.upperBound..<open.lowerBound])
        return Provider(
            file: Paths.lastComponent(path), contract: String(problem.message[marker.upperBound..<of.lowerBound]), library: library,
            implements: conformances(ofPluginAt: path, module: String(library.prefix { $0 != " " })))
    }
}
