import Contracts

final class FixtureView: ModuleView {
    private var ownedPresenter: FixturePresenter?
    private weak var weakPresenter: FixturePresenter?
    private let flaws: FixtureFlaws
    var items: [String] = []

    init(presenter: FixturePresenter, flaws: FixtureFlaws) {
        self.flaws = flaws
        if flaws.contains(.viewDoesNotOwnPresenter) { weakPresenter = presenter } else { ownedPresenter = presenter }
    }

    var title: String { "Fixture" }

    var commands: [CommandSpec] {
        if flaws.contains(.badCommands) {
            return [CommandSpec("add", help: "Add"), CommandSpec("add", help: "Add again"), CommandSpec("clear", help: "")]
        }
        return [CommandSpec("add", arguments: ["TEXT..."], help: "Add an item")]
    }

    func render(on screen: any Screen) {
        if items.isEmpty {
            if flaws.contains(.errorWhenEmpty) { screen.error("could not load items") } else { screen.empty("No items: type 'add TEXT'") }
        } else {
            screen.list(items)
        }
    }

    func moduleDidAppear() {
        (ownedPresenter ?? weakPresenter)?.didAppear()
    }
}
