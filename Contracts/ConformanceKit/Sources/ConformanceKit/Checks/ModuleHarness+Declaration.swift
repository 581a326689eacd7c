import Contracts

/// The `declared-dependencies` check's reading of a builder's own declaration (``BuilderDeclaration``):
/// what viper would judge differently from the kit. viper checks a module's registration
/// requirements before the shell opens; a builder that declares its needs in its type
/// (`Dependencies`, `ModuleRoutes`) but was registered with `requires:` has a second list that
/// viper checks in their place, so a route or service only the builder names is never checked
/// to have a provider. A route to a contract of the plugin's own library that nobody here
/// provides is most often a forgotten registration, as doctor says of services.
extension ModuleHarness {
    /// The problems of the builder's declaration against the registration and the providers the
    /// kit knows of, each a sentence with what to do; empty when there is none.
    var drift: [String] {
        let declaration = BuilderDeclaration(module.builder)
        var problems: [String] = []
        let uncarried = declaration.uncarried(by: module.requires)
        if !uncarried.isEmpty {
            let listed = uncarried.map { "\($0.kind.rawValue) \($0) (\(declaration.origin(of: $0)))" }.joined(separator: ", ")
            problems.append(
                "its builder declares \(listed), which its registration does not carry: it was registered with requires:, "
                    + "which viper checks in their place, so nothing makes sure a plugin provides \(uncarried.count == 1 ? "it" : "them"); "
                    + "drop requires: from its registerModule call so the builder's declaration is the one list")
        }
        problems += unprovidedRoutes(declaration).map { route in
            "it routes to \(route.contract.shortName) (\(declaration.origin(of: route))), which no plugin here provides: "
                + (table?.ownLibraryNote(route.contract, registration: "registerModule") ?? "")
                + "; if another plugin provides it, add that plugin to the ServiceTable too (services.add(try RecordedPlugin.record(ThatPlugin.self)))"
        }
        return problems
    }

    /// The service table the checks run on, when it is one.
    private var table: ServiceTable? { services as? ServiceTable }

    /// Routes (declared in the type or in `requires:`) to a contract of a library the plugin provides
    /// from, which neither it nor any plugin added to the table provides. Only judged when the table
    /// has no fallback: in `viper check` the host's `requirements` rule judges routes against every
    /// plugin found, which the kit cannot see.
    private func unprovidedRoutes(_ declaration: BuilderDeclaration) -> [Requirement] {
        guard let table, !table.hasFallback else { return [] }
        var seen = Set<ContractID>()
        return (declaration.routes + module.requires.filter { $0.kind == .module }).filter { route in
            !table.providedModules.contains(route.contract) && !table.ownLibraryNote(route.contract).isEmpty
                && seen.insert(route.contract).inserted
        }
    }
}
