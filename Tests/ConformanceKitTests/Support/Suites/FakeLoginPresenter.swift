import Contracts

/// A ``Login`` module's presenter that signs in through the ``Session``; each flaw
/// breaks one promise of the contract.
final class FakeLoginPresenter: FakePresenter, Login {
    enum Flaw: CaseIterable {
        /// Tells its output twice on cancel.
        case reportsCancelTwice
        /// Tells its output before closing.
        case reportsBeforeClosing
        /// Does not draw its reason.
        case hidesReason
        /// Closes on a refused sign-in.
        case closesWhenRefused
    }

    weak var output: (any LoginOutput)?
    var reason = ""
    private let session: any Session
    private let router: any Router
    private let flaw: Flaw?
    private var error: String?

    init(context: any ModuleContext, flaw: Flaw?) throws {
        session = try context.resolver.resolve(Session.self)
        router = context.router
        self.flaw = flaw
    }

    var commands: [CommandSpec] {
        [CommandSpec("signin", arguments: ["NAME", "PASSWORD"], help: "Sign in"), CommandSpec("cancel", help: "Give up")]
    }

    func render(on screen: any Screen) {
        if flaw != .hidesReason && !reason.isEmpty { screen.heading(reason) }
        if let error { screen.error(error) } else { screen.empty("Type 'signin NAME PASSWORD'") }
    }

    func perform(_ command: CommandInvocation) throws {
        if command.name == "cancel" {
            finish { $0.loginDidCancel() }
            if flaw == .reportsCancelTwice { output?.loginDidCancel() }
            return
        }
        do {
            let user = try session.signIn(name: command.arguments[0], password: command.arguments[1])
            finish { $0.loginDidSucceed(user) }
        } catch {
            self.error = "\(error)"
            if flaw == .closesWhenRefused { router.close() }
        }
    }

    private func finish(_ report: (any LoginOutput) -> Void) {
        let output = self.output
        if flaw == .reportsBeforeClosing { output.map(report) }
        router.close()
        if flaw != .reportsBeforeClosing { output.map(report) }
    }
}
