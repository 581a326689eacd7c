import Contracts

/// One module of the stack as a supervised session's journal keeps it: enough to build
/// it again in a new worker, from its shell path or, for a module a router opened, its contract.
package struct KeptModule: Codable, Equatable, Sendable {
    /// The shell path that opened it (`notes/3`); nil when a module's router opened it by contract.
    package var path: String?
    /// The contract it was registered under, fully qualified, and its registration name.
    package var contract: String
    package var name: String?
    /// The plugin that registered it.
    package var plugin: String
    /// Whether it was presented (a modal layer's first module) rather than pushed.
    package var presented: Bool

    package init(path: String?, contract: String, name: String?, plugin: String, presented: Bool) {
        self.path = path
        self.contract = contract
        self.name = name
        self.plugin = plugin
        self.presented = presented
    }

    /// How lines name it: the contract's short name.
    package var label: String { ContractID(contract).shortName }
}

extension NavigationStack {
    /// The stack, bottom first, as a journal keeps it (embedded children are built again by their parents).
    package var keptModules: [KeptModule] {
        entries.map(keptModule(of:))
    }

    /// `entry` as a journal keeps it.
    package func keptModule(of entry: ModuleEntry) -> KeptModule {
        KeptModule(
            path: entry.path, contract: entry.registration.contract.name, name: entry.registration.name,
            plugin: entry.registration.plugin, presented: entry.placement == .presented)
    }

    /// The module on the stack at `position` (0: the bottom), for a journal's unsaved work.
    package func entry(at position: Int) -> ModuleEntry? {
        position < entries.count ? entries[position] : nil
    }

    /// Builds `module` again on top of the stack, as it came: by its path, else by its contract.
    /// Throws a ``NavigationError`` when it cannot be built (its plugin is off, its route is gone).
    @discardableResult
    package func restore(_ module: KeptModule) throws -> ModuleEntry {
        let transition: Transition = module.presented ? .present : .push
        if let path = module.path {
            let id = try open(path: path, as: transition, intercepting: false)
            guard let entry = find(id) else { throw NavigationError(.buildFailed, "\(module.label) left the stack as it was restored") }
            return entry
        }
        guard let registration = registry.moduleRegistration(contract: ContractID(module.contract), name: module.name) else {
            throw NavigationError(.notRegistered, "nothing provides \(module.label) now")
        }
        let entry = try build(registration, parameters: RouteParameters(), path: nil, placement: .pushed)
        show(entry, transition)
        return entry
    }
}
