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
            CommandSpec("signin", arguments: ["NAME", "PASSWORD?", "--stay?", "DURATION?"],
                        help: "Sign in as NAME; without PASSWORD it is asked for (or read from VIPER_PASSWORD / VIPER_PASSWORD_FD); --stay keeps you signed in on this machine for a while",
                        keepsOutOfHistory: true),
            CommandSpec("signup", arguments: ["NAME", "PASSWORD?", "--stay?", "DURATION?"],
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
        screen.text("Type 'signin NAME' (the password is asked for), 'signup NAME' for a new account, or 'cancel'; add '--stay' to stay signed in on this machine for 8 hours.")
    }

    func confirmation(for command: CommandInvocation) -> String? {
        agreedToCreate = nil
        guard command.name == "signin", let name = command.arguments.first,
              let question = presenter.creationQuestion(for: name) else { return nil }
        agreedToCreate = name
        return question
    }

    func perform(_ command: CommandInvocation) throws {
        let agreed = agreedToCreate
        agreedToCreate = nil
        switch command.name {
        case "signin", "signup":
            let credentials = try Self.credentials(command)
            // A refusal fails the command (one `error:` line; a script with -e stops), and
            // the form stays open showing why.
            model.error = nil
            if command.name == "signup" || agreed == credentials.name {
                presenter.didAskToCreate(credentials)
            } else {
                presenter.didSubmit(credentials)
            }
            if let refusal = model.error { throw CommandError(refusal) }
        case "cancel":
            presenter.didAskToCancel()
        default:
            throw CommandError("'\(command.name)' is not a command of Sign in; type 'help' for the list")
        }
    }

    /// `NAME [PASSWORD] [--stay [DURATION]]` as typed; throws a ``CommandError`` showing the form.
    static func credentials(_ command: CommandInvocation) throws -> Credentials {
        var words = command.arguments
        var stay: String?
        if let flag = words.firstIndex(where: { $0 == "--stay" || $0.hasPrefix("--stay=") }) {
            let word = words.remove(at: flag)
            if word.hasPrefix("--stay=") {
                stay = String(word.dropFirst("--stay=".count))
            } else if flag < words.count {
                stay = words.remove(at: flag)
            } else {
                stay = ""
            }
        }
        guard let name = words.first, words.count <= 2, !name.hasPrefix("--") else {
            throw CommandError("\(command.name) takes a name, then the password or nothing (it is asked for), then '--stay' if you want it, e.g. '\(command.name) ada --stay 8h'")
        }
        return Credentials(name: name, password: words.count == 2 ? words[1] : nil, stay: stay)
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }

    func moduleWasRemovedByUser() {
        presenter.didLeaveWithoutSigningIn()
    }
}
