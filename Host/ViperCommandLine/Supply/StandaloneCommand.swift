import Foundation
import ViperLoading

/// A `viper` subcommand that is one type: it parses its own words, owns its help text and its
/// validation, and runs without starting the plugin runtime (signing, keys, the index, getting
/// plugins). ``SupplyCommands`` routes a command line to one of them.
package protocol StandaloneCommand {
    /// The words that name it (`["sign"]`, `["plugins", "install"]`).
    static var words: [String] { get }
    /// Its `--help` text.
    static var help: String { get }
    /// Parses the words after ``words``; throws a ``UsageError`` naming what is wrong.
    init(arguments: [String], context: CommandContext) throws
    /// Runs it; returns the exit code.
    func run() -> Int32
}

/// What every standalone command is given: the environment and the global `--data` choice.
package struct CommandContext {
    package let environment: [String: String]
    /// `--data DIR`, when given.
    package var dataFlag: String?

    package init(environment: [String: String], dataFlag: String? = nil) {
        self.environment = environment
        self.dataFlag = dataFlag
    }

    /// The data folder (`--data`, `VIPER_DATA_DIR`, else `$XDG_DATA_HOME/viper`): plugins.lock lives there.
    package var dataFolder: String {
        if let dataFlag { return Paths.absolute(dataFlag) }
        if let value = environment["VIPER_DATA_DIR"], !value.isEmpty { return Paths.absolute(value) }
        return Paths.join(Paths.xdgDataHome(environment), "viper")
    }

    /// The user plugin folder, searched at every start: where installed plugins go.
    package var userPluginFolder: String { Paths.join(Paths.xdgDataHome(environment), "viper/plugins") }
}

/// The words of a standalone command: flags with values, switches, and the rest in order.
package struct CommandWords {
    package private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var switches: Set<String> = []

    /// Splits `arguments`; `valued` are the flags that take a value, `flags` those that do not.
    package init(_ arguments: [String], valued: Set<String>, flags: Set<String> = [], command: String) throws {
        var index = 0
        while index < arguments.count {
            var word = arguments[index]
            index += 1
            var inline: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                inline = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            if valued.contains(word) {
                guard let value = inline ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError("\(command): \(word) needs a value; see 'viper \(command) --help'")
                }
                if inline == nil { index += 1 }
                values[word] = value
            } else if flags.contains(word) {
                switches.insert(word)
            } else if word.hasPrefix("-"), word != "-" {
                throw UsageError("\(command): unknown option '\(word)'; see 'viper \(command) --help'")
            } else {
                positional.append(word)
            }
        }
    }

    package func value(_ flag: String) -> String? { values[flag] }
    package func has(_ flag: String) -> Bool { switches.contains(flag) }
}
