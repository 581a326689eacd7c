import Contracts

/// Draws the sign-in form and passes commands to the presenter; a refused `signin` fails
/// the command with the reason. At a terminal, `signin` of a name without an account asks
/// whether to create it (``CommandConfirming``); in a script it fails, saying to use
/// `signup NAME PASSWORD`, so a mistyped name never makes an empty account. Closed from the shell
/// (`close`, `dismiss`), it tells its output the sign-in was cancelled, as `cancel` does.
final class LoginView: ModuleView, ModuleRemovalHandling, CommandConfirming, LoginViewing {
    private let presenter: any LoginEventHandling
    private var model = LoginViewModel()
    /// The new name the person agreed to create at the question; the `signin` that follows creates it.
    private var agreedToCreate: String?

    init(presenter: any LoginEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Sign in" }

    var commands: [CommandSpec] {
        [
            CommandSpec("signin", arguments: ["NAME", "PASSWORD"],
                        help: "Sign in as NAME (at a terminal, a new NAME asks to create its account)",
                        keepsOutOfHistory: true),
            CommandSpec("signup", arguments: ["NAME", "PASSWORD"],
                        help: "Create the account NAME with PASSWORD (6 or more characters) and sign in",
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
        screen.text("Type 'signin NAME PASSWORD', 'signup NAME PASSWORD' for a new account, or 'cancel'.")
    }

    func confirmation(for command: CommandInvocation) -> String? {
        agreedToCreate = nil
        guard command.name == "signin", command.arguments.count == 2,
              let question = presenter.creationQuestion(for: command.arguments[0]) else { return nil }
        agreedToCreate = command.arguments[0]
        return question
    }

    func perform(_ command: CommandInvocation) throws {
        let agreed = agreedToCreate
        agreedToCreate = nil
        switch command.name {
        case "signin", "signup":
            guard command.arguments.count == 2 else {
                throw CommandError("\(command.name) needs a name and a password, e.g. '\(command.name) ada secret'")
            }
            // A refusal fails the command (one `error:` line; a script with -e stops), and
            // the form stays open showing why.
            model.error = nil
            let (name, password) = (command.arguments[0], command.arguments[1])
            if command.name == "signup" || agreed == name {
                presenter.didAskToCreate(name: name, password: password)
            } else {
                presenter.didSubmit(name: name, password: password)
            }
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
