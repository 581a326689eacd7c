import Contracts

/// The View of a fake module: draws its title, what its presenter received, and
/// its embedded children; records its lifecycle in a journal. It adopts
/// ``ModuleRemovalHandling`` but reports nothing unless a test sets ``unsaved`` or ``onRemovedByUser``.
package final class FakeView: ModuleView, ModuleRemovalHandling {
    package let title: String
    package let presenter: FakePresenter
    private let journal: JournalSpy
    package var commands: [CommandSpec] = []
    /// What `perform` does (after recording the command).
    package var onPerform: ((CommandInvocation) throws -> Void)?
    /// What `moduleDidAppear` does (after recording it).
    package var onAppear: (() -> Void)?
    /// What the module says removing it would lose.
    package var unsaved: String?
    /// What `moduleWasRemovedByUser` does.
    package var onRemovedByUser: (() -> Void)?
    /// Child views to draw (from `router.embed`).
    package var children: [any ModuleView] = []
    /// Error lines to draw under the title (`Screen.error`).
    package var drawnErrors: [String] = []

    package init(title: String, presenter: FakePresenter, journal: JournalSpy) {
        self.title = title
        self.presenter = presenter
        self.journal = journal
    }

    package func render(on screen: any Screen) {
        screen.text("This is \(title).")
        drawnErrors.forEach(screen.error)
        if !presenter.received.isEmpty {
            screen.list(presenter.received)
        }
        children.forEach(screen.embed)
    }

    package func perform(_ command: CommandInvocation) throws {
        journal.record("\(title): perform \(([command.name] + command.arguments).joined(separator: " "))")
        try onPerform?(command)
    }

    package func moduleDidAppear() {
        journal.record("\(title): appear")
        onAppear?()
    }

    package func moduleDidDisappear() {
        journal.record("\(title): disappear")
    }

    package var unsavedWork: String? { unsaved }

    package func moduleWasRemovedByUser() {
        onRemovedByUser?()
    }

    package func moduleWillBeRemoved() {
        journal.record("\(title): removed")
    }
}
