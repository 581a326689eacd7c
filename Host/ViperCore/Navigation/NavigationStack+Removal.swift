import Contracts

/// What the shell's `back`, `home`, `close`, `dismiss` and `root` do: the same rule as every
/// navigation (a failure changes nothing), and a module told when the person removed it.
extension NavigationStack {
    // MARK: Shell commands
    //
    // The person removes modules with these; each module that adopts
    // ``ModuleRemovalHandling`` is asked what would be lost first (`confirm` decides
    // whether to go on when something would be), and told afterwards that it was removed.

    /// Pops the top module. Stops at a presented module: that one needs `close`.
    package func back(confirm: RemovalConfirmation = NavigationStack.dropUnsaved) throws {
        guard let top else {
            throw NavigationError(.nothingToDo, "already at home: nothing to go back to; 'open PATH' opens a route")
        }
        if top.placement == .presented {
            throw NavigationError(.refused, "'back' stops at \(top.title): it was presented; finish it, or type 'close' to dismiss it")
        }
        try removeForUser(from: top, command: "back", confirm: confirm)
    }

    /// Removes every module and shows home. Refused while a module is presented.
    package func home(confirm: RemovalConfirmation = NavigationStack.dropUnsaved) throws {
        if let presented {
            throw NavigationError(.refused, "cannot go home while \(presented.title) is presented; finish it, or type 'close' to dismiss it first")
        }
        if let bottom = entries.first {
            try removeForUser(from: bottom, command: "home", confirm: confirm)
        }
    }

    /// Closes the module on screen: pops it, or dismisses it when it was presented.
    package func closeTop(confirm: RemovalConfirmation = NavigationStack.dropUnsaved) throws {
        guard let top else {
            throw NavigationError(.nothingToDo, "nothing to close: you are at home")
        }
        try removeForUser(from: top, command: "close", confirm: confirm)
    }

    /// Dismisses the top presented module with everything pushed inside it.
    package func dismiss(confirm: RemovalConfirmation = NavigationStack.dropUnsaved) throws {
        guard let presented else {
            throw NavigationError(.nothingToDo, "nothing is presented; 'back' returns to the previous module")
        }
        try removeForUser(from: presented, command: "dismiss", confirm: confirm)
    }

    /// What removing `entry` and everything above it would lose, top first, as the
    /// modules (and their embedded children) that adopt ``ModuleRemovalHandling`` say.
    /// Fails and changes nothing when ending the session (`command`: `quit`, `exit`, the
    /// end of input) would lose unsaved work that `confirm` does not agree to drop.
    package func confirmEnding(command: String, confirm: RemovalConfirmation) throws {
        let unsaved = unsavedWorkOfSession
        guard !unsaved.isEmpty, !confirm(unsaved) else { return }
        throw NavigationError(
            .refused,
            "'\(command)' would lose unsaved work (\(UnsavedWork.list(unsaved))); the session goes on: save it first, or type '\(command)!' to drop it")
    }

    /// What every open module says ending the session now would lose, top first.
    package var unsavedWorkOfSession: [UnsavedWork] {
        entries.first.map(unsavedWork(removing:)) ?? []
    }

    package func unsavedWork(removing entry: ModuleEntry) -> [UnsavedWork] {
        guard let index = position(of: entry) else { return [] }
        return entries[index...].reversed().flatMap(\.tree).compactMap { module in
            guard let handler = module.view as? any ModuleRemovalHandling else { return nil }
            let what = PluginExitGuard.run(module.marks.unsavedWork) {
                handler.unsavedWork
            }
            guard let what, !what.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return UnsavedWork(title: module.title, what: what)
        }
    }

    /// Removes `entry` and what is above it for the person at the shell: asks `confirm`
    /// when something would be lost (and changes nothing when it says no), then tells
    /// each removed module that adopts ``ModuleRemovalHandling``, after the new top appeared.
    private func removeForUser(from entry: ModuleEntry, command: String, confirm: RemovalConfirmation) throws {
        try confirmRemoval(of: entry, command: command, confirm: confirm)
        let told = removalHandlers(from: entry)
        remove(from: entry)
        tellRemovedByUser(told)
    }

    /// Throws, changing nothing, when removing `entry` would lose work and `confirm` says no.
    package func confirmRemoval(of entry: ModuleEntry, command: String, confirm: RemovalConfirmation) throws {
        let unsaved = unsavedWork(removing: entry)
        guard !unsaved.isEmpty, !confirm(unsaved) else { return }
        throw NavigationError(
            .refused,
            "'\(command)' would lose unsaved work (\(UnsavedWork.list(unsaved))); nothing was removed: save it first, or type '\(command)!' to drop it")
    }

    /// The views to tell about a removal by the person: `entry`, what is above it, and their children, top first.
    package func removalHandlers(from entry: ModuleEntry) -> [(entry: ModuleEntry, handler: any ModuleRemovalHandling)] {
        guard let index = position(of: entry) else { return [] }
        return entries[index...].reversed().flatMap(\.tree).compactMap { module in
            (module.view as? any ModuleRemovalHandling).map { (module, $0) }
        }
    }

    package func tellRemovedByUser(_ told: [(entry: ModuleEntry, handler: any ModuleRemovalHandling)]) {
        for (entry, handler) in told {
            PluginExitGuard.run(entry.marks.removedByUser) {
                handler.moduleWasRemovedByUser()
            }
        }
    }

    /// The ``RemovalConfirmation`` that always goes on (`back!`, tests, and `--yes`).
    package static var dropUnsaved: RemovalConfirmation { { _ in true } }
}
