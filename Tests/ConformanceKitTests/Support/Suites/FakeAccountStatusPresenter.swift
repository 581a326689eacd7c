import Contracts

/// An ``AccountStatus`` line; its flaw is to read the session only once.
final class FakeAccountStatusPresenter: FakePresenter, AccountStatus {
    enum Flaw {
        /// refresh() does not read the session again.
        case ignoresRefresh
    }

    private let session: any Session
    private let flaw: Flaw?
    private var line = "Not signed in"

    init(context: any ModuleContext, flaw: Flaw?) throws {
        session = try context.resolver.resolve(Session.self)
        self.flaw = flaw
    }

    func didAppear() { read() }

    func refresh() {
        if flaw != .ignoresRefresh { read() }
    }

    func render(on screen: any Screen) { screen.text(line) }

    private func read() {
        line = session.currentUser.map { "Signed in as \($0.name)" } ?? "Not signed in"
    }
}
