import Contracts

/// The text of `viper --help` and `viper COMMAND --help`.
package enum HelpText {
    package static func general() -> String {
        var lines = [
            "viper: a host for VIPER feature modules loaded as plugins.",
            "",
            "Usage: viper [OPTIONS] [COMMAND]",
            "",
            "Commands:",
        ]
        let width = (CommandInfo.all.map(\.name.count).max() ?? 0) + 2
        for command in CommandInfo.all {
            lines.append("  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += ["", "Signed plugins and the index:"]
        let supplyWidth = (SupplyCommands.summaries.map(\.words.count).max() ?? 0) + 2
        lines += SupplyCommands.summaries.map { "  " + $0.words.padding(toLength: supplyWidth, withPad: " ", startingAt: 0) + $0.summary }
        lines += ["", "Options:"]
        lines += optionLines(CommandInfo.globalOptions)
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

    package static func command(_ info: CommandInfo) -> String {
        var lines = [
            "viper \(info.name): \(info.summary)",
            "",
            "Usage: viper [OPTIONS] \(info.name)\(info.arguments.isEmpty ? "" : " " + info.arguments)\(info.options.isEmpty ? "" : " [" + info.options.map(\.flag).joined(separator: "] [") + "]")",
        ]
        if !info.details.isEmpty {
            lines += ["", info.details]
        }
        if !info.options.isEmpty {
            lines += ["", "Options:"]
            lines += optionLines(info.options)
        }
        lines += ["", "Global options:"]
        lines += optionLines(CommandInfo.globalOptions)
        return lines.joined(separator: "\n")
    }

    private static func optionLines(_ options: [CommandInfo.Option]) -> [String] {
        let labels = options.map { $0.flag + ($0.value.map { " " + $0 } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        return zip(labels, options).map { "  " + $0.padding(toLength: width, withPad: " ", startingAt: 0) + $1.help }
    }
}
