import Contracts

/// The View of a fake module: draws its title, what its presenter received, and
/// its embedded children; records its lifecycle in a journal. It adopts
/// ``ModuleRemovalHandling`` but reports nothing unless a test sets ``unsaved`` or ``onRemovedByUser``.
final class FakeView: ModuleView, ModuleRemovalHandling {
    let title: String
    let presenter: FakePresenter
    private let journal: JournalSpy
    var commands: [CommandSpec] = []
    /// What `perform` does (after recording the command).
    var onPerform: ((CommandInvocation) throws -> Void)?
    /// What `moduleDidAppear` does (after recording it).
    var onAppear: (() -> Void)?
    /// What the module says removing it would lose.
    var unsaved: String?
    /// What `moduleWasRemovedByUser` does.
    var onRemovedByUser: (() -> Void)?
    /// Child views to draw (from `router.embed`).
    var children: [any ModuleView] = []

    init(title: String, presenter: FakePresenter, journal: JournalSpy) {
        self.title = title
        self.presenter = presenter
        self.journal = journal
    }

    func render(on screen: any Screen) {
        screen.text("This is \(title).")
        if !presenter.received.isEmpty {
            screen.list(presenter.received)
        }
        children.forEach(screen.embed)
    }

    func perform(_ command: CommandInvocation) throws {
        journal.record("\(title): perform \(([command.name] + command.arguments).joined(separator: " "))")
        try onPerform?(command)
    }

    func moduleDidAppear() {
        journal.record("\(title): appear")
        onAppear?()
    }

    func moduleDidDisappear() {
        journal.record("\(title): disappear")
    }

    var unsavedWork: String? { unsaved }

    func moduleWasRemovedByUser() {
        onRemovedByUser?()
    }

    func moduleWillBeRemoved() {
        journal.record("\(title): removed")
    }
}
