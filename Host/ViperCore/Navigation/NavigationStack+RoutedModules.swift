import Contracts

/// What a caller hands a builder (a route's ``ModuleConfiguration``) and what it gets
/// back (a ``RoutedModule`` to remove the module it routed).
extension NavigationStack {
    /// Refuses a configuration declared for another contract than the route's.
    package func checkConfiguration(_ configuration: (any ModuleConfiguration)?, of target: ContractID) throws {
        guard let configuration else { return }
        let declared = ContractID(type(of: configuration).contract)
        guard declared != target else { return }
        throw NavigationError(
            .typeMismatch,
            "cannot route to \(target.shortName) with a \(type(of: configuration)): that configuration is declared for \(declared.shortName); route to \(declared.shortName), or give \(target.shortName)'s own configuration"
        )
    }

    /// Whether the module `id` is on the stack (shown, or covered by others).
    package func isOnStack(_ id: Int) -> Bool {
        guard let entry = find(id) else { return false }
        return entry.placement != .embedded && position(of: entry) != nil
    }

    /// The caller `callerID` removes the module `id` it routed, as if that module had
    /// closed itself. Fails and changes nothing when the module is gone, is not on
    /// top, or the caller is gone (unless the caller is the module's own replacement root).
    package func removeRouted(_ id: Int, by callerID: Int, title: String) throws {
        do {
            guard let entry = find(id), isOnStack(id) else {
                throw NavigationError(
                    .nothingToDo, "cannot remove \(title): it is no longer on screen (it closed, was removed, or was replaced); check isOnScreen first")
            }
            guard find(callerID) != nil || callerID == id else {
                throw NavigationError(.refused, "a module that is no longer on the stack tried to remove \(entry.title); stop work in moduleWillBeRemoved")
            }
            if let top, top !== entry {
                throw NavigationError(.refused, "cannot remove \(entry.title) while \(top.title) is above it; \(top.title) must close first")
            }
            remove(from: entry)
        } catch let error as NavigationError {
            logger?.log(.warning, error.message, source: "router")
            onRouteError?(error)
            throw error
        }
    }
}

/// The handle ``HostRouter/perform(_:)`` returns: ids only, and the stack weakly,
/// so a caller that keeps it keeps neither the module nor the stack alive.
package final class HostRoutedModule: RoutedModule {
    private weak var stack: NavigationStack?
    package let moduleID: Int
    package let callerID: Int
    /// The module's title when it was routed, for messages once it is gone.
    package let title: String

    package init(stack: NavigationStack, moduleID: Int, callerID: Int) {
        self.stack = stack
        self.moduleID = moduleID
        self.callerID = callerID
        self.title = stack.find(moduleID)?.title ?? "the module"
    }

    package var isOnScreen: Bool {
        stack?.isOnStack(moduleID) ?? false
    }

    package func remove() throws {
        guard let stack else {
            throw NavigationError(.refused, "cannot remove \(title): the shell has closed")
        }
        try stack.removeRouted(moduleID, by: callerID, title: title)
    }
}
