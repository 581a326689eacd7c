import Foundation

/// Routes a command line to the standalone command it names (signing, keys, the index, getting
/// plugins), before the general option parser sees it; nil when it names none of them.
package enum SupplyCommands {
    /// The commands, in the order `viper --help` lists them (no two share their first words).
    package static let all: [any StandaloneCommand.Type] = [
        SignCommand.self, VerifyCommand.self, KeysCommand.self, IndexBuildCommand.self, PluginsSearchCommand.self,
        PluginsInstallCommand.self, PluginsUpdateCommand.self, PluginsRollbackCommand.self, PluginsRemoveCommand.self,
        PluginsRevokeCommand.self, PluginsForgetKeyCommand.self,
    ]

    /// Global options these commands accept before their words, with whether each takes a value.
    /// Only --data means something to them; the others are accepted so `viper --plugins DIR plugins install X` still routes.
    private static let globals: [String: Bool] = [
        "--data": true, "--plugins": true, "--prefer": true, "--allow-intercept": true, "--isolate": true, "--allow-network": true, "--command-timeout": true,
        "--verbose": false,
        "--no-color": false, "--allow-insecure-plugins": false, "--yes": false, "-e": false, "--watch": false, "--no-watch": false,
    ]

    /// Runs the command `arguments` name and returns its exit code, or nil when they name none.
    package static func run(_ arguments: [String], environment: [String: String]) -> Int32? {
        var context = CommandContext(environment: environment)
        var rest = arguments[...]
        while let first = rest.first, let takesValue = globals[first.split(separator: "=").first.map(String.init) ?? first] {
            rest = rest.dropFirst()
            if first.contains("=") {
                if first.hasPrefix("--data=") { context.dataFlag = String(first.dropFirst("--data=".count)) }
            } else if takesValue, let value = rest.first {
                if first == "--data" { context.dataFlag = value }
                rest = rest.dropFirst()
            }
        }
        let words = Array(rest)
        // `viper help plugins install` (the general parser takes one word after `help`).
        if words.first == "help", let text = help(Array(words.dropFirst())) {
            print(text)
            return 0
        }
        for command in all where command.matches(words) {
            let own = command.arguments(words)
            if own.contains("--help") || own.contains("-h") {
                print(command.help)
                return 0
            }
            do {
                return try command.init(arguments: own, context: context).run()
            } catch {
                ViperTool.printError("viper: \(error)")
                return ViperTool.usageExitCode
            }
        }
        return nil
    }

    /// One line per command for `viper --help`: its words and the first line of its help.
    package static var summaries: [(words: String, summary: String)] {
        all.map { command in
            let first = command.help.split(separator: "\n").first.map(String.init) ?? ""
            // The command's words as its usage line spells them (`keys new`), up to the first argument.
            let usage = command.help.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Usage: viper ") }
            let spelled = usage.map { line in
                line.trimmingCharacters(in: .whitespaces).dropFirst("Usage: viper ".count).split(separator: " ")
                    .prefix { word in !(word.first?.isUppercase ?? true) && !word.hasPrefix("[") }.joined(separator: " ")
            }
            return (
                spelled ?? command.words.joined(separator: " "),
                first.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? first
            )
        }
    }

    /// The help of the command `words` name (`viper help sign`, `viper help plugins install`), or nil.
    package static func help(_ words: [String]) -> String? {
        all.first { $0.words == Array(words.prefix($0.words.count)) && words.count == $0.words.count }?.help
    }
}

extension StandaloneCommand {
    /// Whether `words` start with this command's words.
    static func matches(_ words: [String]) -> Bool {
        words.count >= Self.words.count && Array(words.prefix(Self.words.count)) == Self.words
    }

    /// The words after the command's own.
    static func arguments(_ words: [String]) -> [String] { Array(words.dropFirst(Self.words.count)) }
}
