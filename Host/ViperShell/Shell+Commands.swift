import Contracts
import Foundation
import ViperCommandLine
import ViperCore
import ViperRuntime

/// The commands the shell offers on a screen: the module's own, which stay out of history, and
/// the line for a command that is not there.
extension Shell {
    // MARK: Commands on offer

    /// The module command `name` of the module on screen or one of its embedded children.
    func moduleCommand(named name: String) -> (view: any ModuleView, spec: CommandSpec, plugin: String)? {
        for entry in stack.top?.tree ?? [] {
            if let spec = moduleCommands(of: entry).first(where: { $0.name == name }) {
                return (entry.view, spec, entry.registration.plugin)
            }
        }
        return nil
    }

    /// Whether `line` must stay out of the history file because it may carry a secret:
    /// it runs a command marked ``CommandSpec/keepsOutOfHistory`` or one with a
    /// `PASSWORD`-like argument, or it runs no command on screen at all (it does not
    /// parse, or names a command this screen lacks: a sign-in typed at the notes list
    /// or in the editor, before the sign-in form is up, must not be written either).
    func keepsOutOfHistory(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return false }
        guard let command = try? CommandSplitter.split(trimmed) else { return true }
        if let builtin = BuiltinCommand(typed: command.name), builtin.isReserved || command.name.hasSuffix("!") { return false }
        guard let spec = moduleCommand(named: command.name)?.spec ?? BuiltinCommand(rawValue: command.name)?.spec else {
            return true
        }
        return Self.carriesSecret(spec)
    }

    /// Argument names that say the value is a secret, whether or not the module marked it.
    private static let secretArguments = ["PASSWORD", "PASSPHRASE", "SECRET", "TOKEN", "PIN"]

    static func carriesSecret(_ spec: CommandSpec) -> Bool {
        spec.keepsOutOfHistory
            || spec.arguments.contains { argument in
                let name = argument.uppercased().trimmingCharacters(in: CharacterSet(charactersIn: ".?"))
                return secretArguments.contains { name == $0 || name.hasSuffix("_" + $0) || name.hasSuffix("-" + $0) }
            }
    }

    /// A module's commands, without those that reuse a reserved built-in name: the shell keeps the
    /// name, so such a command could never run. Each is noted, to be said once under the screen.
    func moduleCommands(of entry: ModuleEntry) -> [CommandSpec] {
        entry.marked(.commands) { entry.view.commands }.filter { spec in
            guard BuiltinCommand(rawValue: spec.name)?.isReserved == true else { return true }
            shadowedCommands.note(spec.name, plugin: entry.registration.plugin)
            return false
        }
    }

    /// Every command that works now: listed built-ins, then the modules' own.
    package var availableCommands: [CommandSpec] {
        var seen = Set<String>()
        let specs =
            BuiltinCommand.allCases.filter(\.isListed).map(\.spec)
            + (stack.top?.tree ?? []).flatMap(moduleCommands(of:))
        return specs.filter { seen.insert($0.name).inserted }
    }

    func unknownCommandMessage(_ name: String) -> String {
        if (try? stack.routeMatcher.match(name)) != nil {
            return "unknown command '\(name)'; did you mean 'open \(name)'?"
        }
        let available = availableCommands
        if let same = Suggestion.synonym(of: name, in: available.map(\.name)), let spec = available.first(where: { $0.name == same }) {
            return "unknown command '\(name)'; here it is '\(same)': \(Self.usage(spec)) (\(spec.help))"
        }
        if let below = commandBelow(named: name) {
            let backs = below.backs == 1 ? "'back'" : "'back' \(below.backs) times"
            return "'\(name)' is a command of \(below.title), below this screen; type \(backs), then '\(Self.usage(below.spec))'"
        }
        if let guess = Suggestion.nearest(to: name, in: available.map(\.name)) {
            return "unknown command '\(name)'; did you mean '\(guess)'?"
        }
        return "unknown command '\(name)'; type 'help' for the commands"
    }

    /// The nearest module below the one on screen that has command `name`: its title, the command,
    /// and how many `back`s reach it (embedded modules are drawn with their parent, not reached).
    private func commandBelow(named name: String) -> (title: String, spec: CommandSpec, backs: Int)? {
        let shown = stack.entries.filter { $0.placement != .embedded }
        var backs = 0
        for entry in shown.dropLast().reversed() {
            backs += 1
            let specs = entry.tree.flatMap { node in node.marked(.commands) { node.view.commands } }
            if let spec = specs.first(where: { $0.name == name && BuiltinCommand(rawValue: $0.name)?.isReserved != true }) {
                return (PrintableText.oneLine(entry.marked(.title) { entry.view.title }), spec, backs)
            }
        }
        return nil
    }
}
