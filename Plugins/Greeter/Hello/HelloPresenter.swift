import Contracts
import Foundation

/// Turns greetings into display strings and user events into use cases.
final class HelloPresenter: HelloInput, HelloEventHandling {
    weak var view: (any HelloViewing)?
    private let interactor: any HelloInteracting
    private let router: any HelloRouting
    private var name = "world"

    init(interactor: any HelloInteracting, router: any HelloRouting) {
        self.interactor = interactor
        self.router = router
    }

    func greet(_ name: String) {
        self.name = name
        refresh()
    }

    func didAppear() {
        refresh()
    }

    func didRename(to name: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CommandError("give a name, e.g. 'name Ada'") }
        greet(trimmed)
    }

    func didClose() {
        router.close()
    }

    private func refresh() {
        let greeting = interactor.doGreet(name)
        let salutation: String
        switch greeting.partOfDay {
        case .morning: salutation = "Good morning"
        case .afternoon: salutation = "Good afternoon"
        case .evening: salutation = "Good evening"
        case .night: salutation = "Hello, night owl"
        }
        view?.didUpdate(HelloViewModel(headline: "\(salutation), \(greeting.name)!",
                                       detail: "Type 'name NAME' to greet someone else."))
    }
}
