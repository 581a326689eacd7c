import Contracts

/// One line inside its parent's view. It has no commands: the parent owns the screen.
final class AccountStatusView: ModuleView, AccountStatusViewing {
    private let presenter: any AccountStatusEventHandling
    private var line = ""

    init(presenter: any AccountStatusEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Account" }

    func didUpdate(_ line: String) {
        self.line = line
    }

    func render(on screen: any Screen) {
        screen.text(line)
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
