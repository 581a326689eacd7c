import Foundation

/// The text of `viper --help` and `viper COMMAND --help`, made from the commands' declarations
/// (``CommandConfiguration``) and the global options' (``GlobalOptions/declarations``).
package enum HelpText {
    /// `viper --help`: every command of `commands` under its section, the global options, the environment.
    package static func general(_ commands: [CommandConfiguration]) -> String {
        var lines = [
            "viper: a host for VIPER feature modules loaded as plugins.",
            "",
            "Usage: viper [OPTIONS] [COMMAND]",
            "",
            "Commands:",
        ]
        lines += table(commands.filter { $0.section == .main }.map { ($0.name, $0.abstract) })
        lines += ["", "Signed plugins and the index:"]
        lines += table(commands.filter { $0.section == .supply }.map { (spelled($0), $0.abstract) })
        lines += ["", "Options:"]
        lines += optionLines(GlobalOptions.declarations)
        lines += [
            "",
            "Environment:",
            "  VIPER_PLUGIN_PATH   Colon-separated plugin folders, searched after --plugins",
            "  VIPER_DATA_DIR      Data folder, when --data is not given",
            "  NO_COLOR            Never colour the output",
            "  VIPER_NOW           Pin the clock to an instant, ISO 8601 with a zone (2026-12-01T09:00:00Z)",
            "  VIPER_TZ            Time zone for days and times, an IANA name (Europe/Berlin); default: the system's",
            "  VIPER_OUTPUT        json: what --json sets for plugins; lists that can print JSON do",
            "",
            "Run 'viper COMMAND --help' for one command.",
        ]
        return lines.joined(separator: "\n")
    }

    /// `viper COMMAND --help`: its abstract, usage, discussion, options and (for a command of the
    /// main section) the global options.
    package static func command(_ configuration: CommandConfiguration) -> String {
        var lines = ["viper \(configuration.name): \(configuration.abstract)", "", "Usage: \(configuration.usage)"]
        if !configuration.discussion.isEmpty {
            lines += ["", configuration.discussion]
        }
        if !configuration.options.isEmpty {
            lines += ["", "Options:"]
            lines += optionLines(configuration.options)
        }
        if configuration.section == .main {
            lines += ["", "Global options:"]
            lines += optionLines(GlobalOptions.declarations)
        }
        return lines.joined(separator: "\n")
    }

    /// A supply command as `viper --help` lists it: its words and the words of its arguments
    /// that are not placeholders (`keys new`).
    private static func spelled(_ configuration: CommandConfiguration) -> String {
        let fixed = configuration.arguments.split(separator: " ").prefix { word in
            !(word.first?.isUppercase ?? true) && !word.hasPrefix("[")
        }
        return (configuration.words + fixed.map(String.init)).joined(separator: " ")
    }

    private static func table(_ rows: [(String, String)]) -> [String] {
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + $0.1 }
    }

    private static func optionLines(_ options: [CommandOption]) -> [String] {
        table(options.map { ($0.label, $0.help) })
    }
}
