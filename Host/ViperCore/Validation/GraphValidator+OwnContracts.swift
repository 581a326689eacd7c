import Contracts

/// A requirement nothing provides is usually fixed by installing a plugin; but when the
/// contract is declared in the requiring plugin's own Swift module, no other plugin can
/// provide it (nothing else can see the protocol) and the fix is to register it.
extension GraphValidator {
    /// The Swift module of `requirement`'s contract when it is the plugin's own: not
    /// `Contracts`, not a contract library it lists, the plugin provides another contract
    /// of that module, and no other plugin provides or requires anything of it (a module
    /// shared by several plugins is a contract library, however it was built).
    package func ownModule(of requirement: Requirement, in node: Node) -> String? {
        guard let module = Self.module(of: requirement.contract), module != "Contracts",
            !node.descriptor.contractLibraries.contains(where: { $0.name == module }),
            node.descriptor.provides.contains(where: { Self.module(of: $0.contract) == module })
        else { return nil }
        for other in nodes where other.name != node.name {
            let contracts = other.descriptor.provides.map(\.contract) + other.descriptor.requires.map(\.contract)
            if contracts.contains(where: { Self.module(of: $0) == module }) { return nil }
        }
        return module
    }

    private static func module(of contract: ContractID) -> String? {
        guard let dot = contract.name.firstIndex(of: ".") else { return nil }
        return String(contract.name[..<dot])
    }
}

extension GraphValidator {
    /// The contract library of `requirement`'s contract when the plugin is one of its providers: it
    /// lists the library and provides another contract of it, so a contract of it that nothing
    /// provides is most likely one the plugin forgot to register, not one to install.
    func ownLibrary(of requirement: Requirement, in node: Node) -> String? {
        guard let dot = requirement.contract.name.firstIndex(of: ".") else { return nil }
        let library = String(requirement.contract.name[..<dot])
        guard node.descriptor.contractLibraries.contains(where: { $0.name == library }),
            node.descriptor.provides.contains(where: { $0.contract.name.hasPrefix(library + ".") && $0.contract != requirement.contract })
        else { return nil }
        return library
    }
}
