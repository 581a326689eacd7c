import Contracts
import Foundation
import ViperCommandLine
import ViperCore
import ViperRuntime

/// Runs the user's commands against the navigation stack and draws the screen.
///
/// A command is looked up in this order: the reserved built-ins (`open`, `present`,
/// `root`, `back`, `home`, `where`, `routes`, `help`, `quit`) and every built-in typed
/// with `!` (`close!`), the commands of the module on screen and of its embedded
/// children, then `close` and `dismiss`. A command that removes modules asks first
/// (``unsavedWork``) when one of them says work would be lost; its `!` form does not. Arguments are checked
/// against the command's ``CommandSpec`` first. After a command that succeeds the
/// current screen is drawn again; a failed one prints one `error:` line and leaves
/// the stack (and the screen above) as they were. A command during which the data
/// folder's databases failed (see ``DatabaseFailures``) counts as failed too, and the
/// failure gets the `error:` line when the command did not print one of its own.
///
/// How the pieces fit: ``ShellLauncher`` opens it in one of three modes (`-c`, a terminal,
/// piped) with a ``LineReader`` (``ReadlineReader`` or ``PlainLineReader``); ``CommandSplitter``
/// splits a line into words; the `Shell+…` files are the commands (`+Commands`, `+Confirm`,
/// `+Help`, `+Completion`, `+Paste`), the screen (`+Drawing`, `+Plain`), live plugins (`+Live`,
/// `+Reload`) and a supervised worker's keeper (`+Supervision`). Everything it writes goes
/// through ``ShellOutput``: the shell owns the terminal, and runs on one thread.
package final class Shell {
    package enum Outcome: Equatable {
        case succeeded, failed, quit
    }

    package let stack: NavigationStack
    let home: HomeView
    let output: any ShellOutput
    let style: TerminalStyle
    /// Width of the header rule.
    let width: Int
    /// Makes the contract graph for `graph` (set by the launcher, which has the runtime).
    var contractGraph: (() -> ContractGraph)?
    /// This session's `viper plugins` report (false) or `viper doctor` report (true), for `plugins`
    /// and `doctor` (set by the launcher, which has the runtime): unlike those commands in another
    /// process, they know what this session reloaded.
    var pluginReport: ((_ doctor: Bool) -> String)?
    /// This session's profile, for `profile` (set by the launcher, which has the runtime).
    var profileReport: ((_ json: Bool) -> String)?
    /// Why a route may be missing, added to `open`'s "no route matches" (set by the launcher, which has the runtime).
    var missingRouteNote: ((String) -> (note: String, owned: Bool)?)?
    /// Rescans the plugin folders for `reload` (set by the launcher, which has the runtime).
    var reloadPlugins: (() -> ReloadReport)?
    /// Database failures recorded while a command ran (nil: none are watched).
    let databaseFailures: DatabaseFailures?
    /// How many commands failed in this session.
    package internal(set) var failures = 0
    /// What happens when `back`, `close`, `dismiss`, `home` or `root` would lose work a
    /// module has not saved: ask the person (interactive), or answer for a script.
    package var unsavedWork: UnsavedWorkPolicy = .keep
    /// Whether a block (help, routes, graph) was printed yet: the next one is set apart by a blank line.
    var hasShownBlock = false
    /// Module commands that reuse a reserved built-in's name, seen on screen (``moduleCommands(of:)``).
    var shadowedCommands = ShadowedCommands()
    /// Plain output for scripts (`--plain`, `--json`): see `Shell+Plain.swift`.
    package var plain = false
    var plainState = PlainState()
    /// Whether a command after which the module draws a new `error` line fails (scripts): see `Shell+DrawnErrors.swift`.
    package var failsOnDrawnErrors = false
    var drawnErrors = DrawnErrors()

    package init(
        stack: NavigationStack, home: HomeView, output: any ShellOutput, style: TerminalStyle = .plain, width: Int = 60,
        databaseFailures: DatabaseFailures? = nil
    ) {
        self.stack = stack
        self.home = home
        self.output = output
        self.style = style
        self.width = width
        self.databaseFailures = databaseFailures
    }

    /// The prompt for line editing: the title of the module on screen.
    var prompt: String {
        let title = stack.top.map { top in PrintableText.oneLine(top.marked(.title) { top.title }) } ?? "viper"
        return "\(title)> "
    }

    /// Runs one line; then checks that removed modules were released.
    @discardableResult
    package func execute(_ line: String) -> Outcome {
        flushPlain()
        let started = stack.phaseTimer?.now()
        PluginProfile.noteCommand(line)
        drawnErrors.newSinceCommand = 0
        var outcome = run(line)
        PluginProfile.noteCommand(nil)
        for load in stack.registry.profile.takeSlowLoads() { output.warning(SlowStart.loadLine(load)) }
        stack.phaseTimer?.add(.command, since: started)
        let checking = stack.phaseTimer?.now()
        stack.checkForLeaks()
        stack.phaseTimer?.add(.leakCheck, since: checking)
        // The database's line is said unless the command said one of its own on standard error.
        let saidError = outcome == .failed || (plain && drawnErrors.newSinceCommand > 0)
        if reportDatabaseFailures(alreadyReported: saidError), outcome == .succeeded {
            outcome = .failed
        }
        if outcome == .succeeded, failsOnDrawnErrors, drawnErrors.newSinceCommand > 0 { outcome = .failed }
        if outcome == .failed { failures += 1 }
        return outcome
    }

    /// Ends the session: removes every module (each is told), checks for leaks, then
    /// runs `closing` (the launcher closes the databases there). Database failures in
    /// either step count as one failed command.
    package func finish(closing: () -> Void = {}) {
        stack.removeAll()
        stack.checkForLeaks()
        closing()
        if reportDatabaseFailures(alreadyReported: false) { failures += 1 }
    }

    /// At the end of a script's input (piped or `-c`, no `quit`): when a module still
    /// holds unsaved work that the policy does not drop (no `--yes`), says what is lost
    /// with the process and counts a failed command, so the script exits 1.
    package func reachEndOfInput() {
        let unsaved = stack.unsavedWorkOfSession
        guard !unsaved.isEmpty, case .keep = unsavedWork else { return }
        output.error(
            "the input ended with unsaved work (\(UnsavedWork.list(unsaved))), lost as viper exits; "
                + "end the script with 'save', or with 'quit!' to drop it on purpose, or run it with --yes")
        failures += 1
    }

    /// Prints one `error:` line for the database failures recorded since the last call
    /// (unless the command printed its own); returns whether there were any.
    private func reportDatabaseFailures(alreadyReported: Bool) -> Bool {
        guard let summary = DatabaseFailures.summary(databaseFailures?.take() ?? []) else { return false }
        if !alreadyReported { output.error(summary) }
        return true
    }

    /// Draws the module on screen (home when nothing is open) under its header. After a command
    /// that failed, the error lines drawn are not said again nor counted (the command said why).
    func drawCurrentScreen(afterFailure: Bool = false) {
        let started = stack.phaseTimer?.now()
        let newErrors: [String]
        if plain {
            newErrors = drawPlain()
        } else {
            let drawing = screenDrawing()
            newErrors = noteDrawnErrors(drawing.errors, module: drawing.module)
            drawnErrors.lastScreen = drawing.lines
            showBlock(drawing.lines)
        }
        if !afterFailure { reportDrawnErrors(newErrors) }
        for line in shadowedCommands.takeUnsaid() { output.warning(line) }
        stack.phaseTimer?.add(.draw, since: started)
    }

    // MARK: Running commands

    private func run(_ line: String) -> Outcome {
        if let refusal = Self.lengthProblem(line) {
            output.error(refusal)
            return .failed
        }
        let trimmed = line.trimmingWhitespace(andNewlines: true)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return .succeeded }
        let revision = stack.revision
        do {
            return try dispatch(try CommandSplitter.split(trimmed))
        } catch {
            output.error(NavigationStack.oneLine(error))
            // A module that navigated, or changed what it shows, and then threw: show where the user is now.
            redrawAfterFailure(navigated: stack.revision != revision)
            return .failed
        }
    }

    private func dispatch(_ command: CommandInvocation) throws -> Outcome {
        if let builtin = BuiltinCommand(typed: command.name), builtin.isReserved || command.name.hasSuffix("!") {
            let started = stack.phaseTimer?.now()
            defer { stack.phaseTimer?.add(.builtin, since: started) }
            return try run(builtin, command)
        }
        if let handler = moduleCommand(named: command.name) {
            try Self.checkArguments(command, against: handler.spec)
            guard confirmed(command, on: handler.view, plugin: handler.plugin) else { return .succeeded }
            try stack.registry.profile.tally(for: handler.plugin).measure(.command) {
                try PluginExitGuard.run("plugin '\(handler.plugin)'", "running command '\(command.name)'") {
                    try handler.view.perform(command)
                }
            }
            drawCurrentScreen()
            return .succeeded
        }
        if let builtin = BuiltinCommand(rawValue: command.name) {
            return try run(builtin, command)
        }
        throw CommandError(unknownCommandMessage(command.name))
    }

    private func run(_ builtin: BuiltinCommand, _ command: CommandInvocation) throws -> Outcome {
        try Self.checkArguments(command, against: builtin.spec)
        let confirm = command.name.hasSuffix("!") ? NavigationStack.dropUnsaved : confirmation(for: command.name)
        switch builtin {
        case .open:
            try opening(command.arguments.first ?? "") { try stack.open(path: command.arguments.first ?? "") }
        case .present:
            try opening(command.arguments.first ?? "") { try stack.open(path: command.arguments.first ?? "", as: .present) }
        case .root:
            try opening(command.arguments.first ?? "") { try stack.open(path: command.arguments.first ?? "", as: .replaceRoot, confirm: confirm) }
        case .back:
            try stack.back(confirm: confirm)
        case .close:
            try stack.closeTop(confirm: confirm)
        case .dismiss:
            try stack.dismiss(confirm: confirm)
        case .home:
            try stack.home(confirm: confirm)
        case .where:
            plainBlockWillShow()
            output.show(breadcrumbLine())
            return .succeeded
        case .routes:
            showBlock(routeListing())
            return .succeeded
        case .graph:
            showBlock(try graphListing())
            return .succeeded
        case .plugins, .doctor:
            guard let report = pluginReport else { throw CommandError("the plugin reports are not available in this session") }
            showBlock(report(builtin == .doctor).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            return .succeeded
        case .profile:
            guard let report = profileReport else { throw CommandError("the profile is not available in this session") }
            let json = ["json", "--json"].contains(command.arguments.first ?? "")
            if let argument = command.arguments.first, !json {
                throw CommandError("'profile' takes 'json' or nothing, got '\(argument)'; usage: profile [json]")
            }
            showBlock(report(json).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            return .succeeded
        case .reload:
            guard try showReload() else { return .succeeded }
        case .help:
            showBlock(try command.arguments.first.map(help(for:)) ?? helpListing())
            return .succeeded
        case .quit, .exit:
            try stack.confirmEnding(command: command.name.hasSuffix("!") ? String(command.name.dropLast()) : command.name, confirm: confirm)
            return .quit
        }
        drawCurrentScreen()
        return .succeeded
    }

    /// Whether `command` may drop the unsaved work the modules it removes report, by ``unsavedWork``.
    private func confirmation(for command: String) -> RemovalConfirmation {
        switch unsavedWork {
        case .drop:
            return NavigationStack.dropUnsaved
        case .keep:
            return { _ in false }
        case .ask(let ask):
            return { unsaved in
                ask("Unsaved work would be lost (\(UnsavedWork.list(unsaved))). Drop it? [y/N] ")
            }
        }
    }

    /// Checks the argument count against `spec`: `NAME` required, `NAME?` optional, `NAME...` the rest.
    static func checkArguments(_ command: CommandInvocation, against spec: CommandSpec) throws {
        let count = command.arguments.count
        if count < spec.minimumArguments {
            let missing = spec.arguments.dropFirst(count).filter { !$0.hasSuffix("?") && !$0.hasSuffix("...") }
            throw CommandError("'\(spec.name)' needs \(missing.joined(separator: " ")); usage: \(usage(spec))")
        }
        if let maximum = spec.maximumArguments, count > maximum {
            let takes: String
            switch maximum {
            case 0: takes = "no arguments"
            case spec.minimumArguments: takes = maximum == 1 ? "1 argument" : "\(maximum) arguments"
            default: takes = "at most \(maximum) argument\(maximum == 1 ? "" : "s")"
            }
            let quoteHint = maximum > 0 ? " (quote a value that has spaces)" : ""
            throw CommandError("'\(spec.name)' takes \(takes), got \(count); usage: \(usage(spec))\(quoteHint)")
        }
    }

    /// A command's usage as people read it: `help [COMMAND]`, `add TITLE...`.
    static func usage(_ spec: CommandSpec) -> String {
        ([spec.name] + spec.arguments.map { $0.hasSuffix("?") ? "[\($0.dropLast())]" : $0 }).joined(separator: " ")
    }
}
