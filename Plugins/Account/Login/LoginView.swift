import Contracts

/// Draws the sign-in form and passes commands to the presenter; a refused `signin` fails
/// the command with the reason. Closed from the shell
/// (`close`, `dismiss`), it tells its output the sign-in was cancelled, as `cancel` does.
final class LoginView: ModuleView, ModuleRemovalHandling, LoginViewing {
    private let presenter: any LoginEventHandling
    private var model = LoginViewModel()

    init(presenter: any LoginEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Sign in" }

    var commands: [CommandSpec] {
        [
            CommandSpec("signin", arguments: ["NAME", "PASSWORD"],
                        help: "Sign in as NAME; a new NAME creates its account with PASSWORD (6 or more characters)",
                        keepsOutOfHistory: true),
            CommandSpec("cancel", help: "Close without signing in"),
        ]
    }

    func didUpdate(_ model: LoginViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        if let reason = model.reason {
            screen.heading(reason)
        }
        screen.text(model.status)
        if let error = model.error {
            screen.error(error)
        }
        screen.text("Type 'signin NAME PASSWORD', or 'cancel'.")
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "signin":
            guard command.arguments.count == 2 else {
                throw CommandError("signin needs a name and a password, e.g. 'signin ada secret'")
            }
            // A refusal fails the command (one `error:` line; a script with -e stops), and
            // the form stays open showing why.
            model.error = nil
            presenter.didSubmit(name: command.arguments[0], password: command.arguments[1])
            if let refusal = model.error { throw CommandError(refusal) }
        case "cancel":
            presenter.didAskToCancel()
        default:
            throw CommandError("'\(command.name)' is not a command of Sign in; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }

    func moduleWasRemovedByUser() {
        presenter.didLeaveWithoutSigningIn()
    }
}
