import Contracts

/// The presenter of a fake module that a suite test checks: it is the module's
/// input; ``FakeView`` forwards drawing and commands to it. `Flaw` names the ways
/// it can break its contract's promises.
protocol FakePresenter: AnyObject {
    associatedtype Flaw
    init(context: any ModuleContext, flaw: Flaw?) throws
    var commands: [CommandSpec] { get }
    func render(on screen: any Screen)
    func perform(_ command: CommandInvocation) throws
    func didAppear()
}

extension FakePresenter {
    var commands: [CommandSpec] { [] }
    func perform(_ command: CommandInvocation) throws {}
    func didAppear() {}
}

/// A view that owns its presenter and asks it for everything.
final class FakeView<Presenter: FakePresenter>: ModuleView {
    let presenter: Presenter
    init(presenter: Presenter) { self.presenter = presenter }
    var title: String { "Fake \(Presenter.self)" }
    var commands: [CommandSpec] { presenter.commands }
    func render(on screen: any Screen) { presenter.render(on: screen) }
    func perform(_ command: CommandInvocation) throws { try presenter.perform(command) }
    func moduleDidAppear() { presenter.didAppear() }
}

/// Builds a new fake presenter and view on every call.
final class FakeBuilder<Presenter: FakePresenter>: ModuleBuilder {
    private let flaw: Presenter.Flaw?
    init(flaw: Presenter.Flaw? = nil) { self.flaw = flaw }
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let presenter = try Presenter(context: context, flaw: flaw)
        return BuiltModule(view: FakeView(presenter: presenter), input: presenter, parts: [presenter])
    }
}
