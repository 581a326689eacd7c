import Contracts

/// Draws the greeting and passes commands to the presenter.
final class HelloView: ModuleView, HelloViewing {
    private let presenter: any HelloEventHandling
    private var model = HelloViewModel(headline: "", detail: "")

    init(presenter: any HelloEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Hello" }

    var commands: [CommandSpec] {
        [
            CommandSpec("name", arguments: ["NAME..."], help: "Greet NAME instead"),
            CommandSpec("close", help: "Close this greeting"),
        ]
    }

    func didUpdate(_ model: HelloViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        screen.heading(model.headline)
        screen.text(model.detail)
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "name": try presenter.didRename(to: command.rest)
        case "close": presenter.didClose()
        default: throw CommandError("'\(command.name)' is not a command of Hello")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
