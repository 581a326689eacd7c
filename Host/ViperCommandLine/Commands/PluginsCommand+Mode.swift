import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// `viper plugins --trust NAME`, `--untrust NAME`, `--isolate NAME` and `--no-isolate NAME`: the
/// person's choice of how a plugin runs (``PluginModeRule``), kept in config.json.
extension PluginsCommand {
    /// The options, for the command's declaration.
    static let modeOptions = [
        CommandOption(
            "--trust", value: "NAME", repeatable: true,
            help: "Trust plugin NAME to run in viper's process (kept in config.json's \"trust\"); repeatable"),
        CommandOption("--untrust", value: "NAME", repeatable: true, help: "Stop trusting plugin NAME: from the user folder it runs isolated again"),
        CommandOption(
            "--isolate", value: "NAME", repeatable: true,
            help: "Always run plugin NAME isolated, even bundled (kept in config.json's \"isolate\"); repeatable"),
        CommandOption("--no-isolate", value: "NAME", repeatable: true, help: "Take plugin NAME out of \"isolate\": the default rule applies again"),
    ]

    /// What the mode options ask, in the order of ``modeOptions``, as changes to config.json.
    static func modeChanges(_ parsed: ParsedCommand) -> [(option: String, name: String)] {
        ["--trust", "--untrust", "--isolate", "--no-isolate"].flatMap { option in parsed.values(option).map { (option, $0) } }
    }

    /// Refuses a name that is empty or has control characters, and one name both trusted and isolated.
    static func validateModeChanges(_ changes: [(option: String, name: String)]) throws {
        for (option, name) in changes where name.isEmpty || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw UsageError("\(option) takes a plugin's name as 'viper plugins' shows it; got '\(PrintableText.oneLine(name))'")
        }
        let trusted = Set(changes.filter { $0.option == "--trust" }.map(\.name))
        let isolated = Set(changes.filter { $0.option == "--isolate" }.map(\.name))
        if let both = trusted.intersection(isolated).sorted().first {
            throw UsageError("'viper plugins' cannot --trust and --isolate '\(both)' at once; choose one")
        }
        let untrusted = Set(changes.filter { $0.option == "--untrust" }.map(\.name))
        let unisolated = Set(changes.filter { $0.option == "--no-isolate" }.map(\.name))
        if let both = trusted.intersection(untrusted).union(isolated.intersection(unisolated)).sorted().first {
            throw UsageError("'viper plugins' was asked to add and remove '\(both)' at once; choose one")
        }
    }

    /// Writes the changes to config.json in `data` and says what each did, one line each; nil after
    /// printing why nothing was changed.
    static func recordModeChanges(_ changes: [(option: String, name: String)], data: String) -> [String]? {
        var edits: [ViperConfig.NameChange] = []
        for (option, name) in changes {
            switch option {
            // Trusting takes the name out of "isolate" and isolating out of "trust": the latest choice holds.
            case "--trust": edits += [ViperConfig.NameChange(.trust, name, add: true), ViperConfig.NameChange(.isolate, name, add: false)]
            case "--isolate": edits += [ViperConfig.NameChange(.isolate, name, add: true), ViperConfig.NameChange(.trust, name, add: false)]
            case "--untrust": edits.append(ViperConfig.NameChange(.trust, name, add: false))
            default: edits.append(ViperConfig.NameChange(.isolate, name, add: false))
            }
        }
        let changed: [Bool]
        do {
            changed = try ViperConfig.apply(edits, folder: data)
        } catch {
            ViperTool.printError("viper: \(error)")
            return nil
        }
        let config = Paths.join(data, ViperConfig.fileName())
        var lines: [String] = []
        var index = 0
        for (option, name) in changes {
            let did = changed[index]
            index += option == "--trust" || option == "--isolate" ? 2 : 1
            let shown = PrintableText.oneLine(name)
            switch (option, did) {
            case ("--trust", true): lines.append("Trusted \(shown): it runs in viper's process (\"trust\" in \(config)).")
            case ("--trust", false): lines.append("\(shown) was already trusted (\"trust\" in \(config)).")
            case ("--untrust", true):
                lines.append("\(shown) is no longer trusted: from the user plugin folder it runs isolated, or is refused if it cannot be.")
            case ("--untrust", false): lines.append("\(shown) was not trusted; nothing to do.")
            case ("--isolate", true): lines.append("\(shown) runs isolated in a boxed process of its own (\"isolate\" in \(config)).")
            case ("--isolate", false): lines.append("\(shown) was already isolated (\"isolate\" in \(config)).")
            case (_, true): lines.append("\(shown) is no longer named to run isolated: the default rule applies to it.")
            default: lines.append("\(shown) was not named to run isolated; nothing to do.")
            }
        }
        lines.append("A shell that is running keeps how its plugins run until it starts again.")
        return lines
    }
}
