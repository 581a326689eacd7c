import Foundation
import ViperCore
import ViperLoading

/// `viper plugins search TEXT`: the plugins of the index whose name or contracts contain TEXT.
package struct PluginsSearchCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins", "search"], abstract: "Find plugins in the index",
        discussion: """
            Lists the plugins of the index (the remembered one, or --index) whose name, or a contract they
            provide, contains TEXT (case does not matter), with their newest version.
            """,
        arguments: "TEXT", maximumArguments: 1,
        options: [
            CommandOption("--index", value: "URL", help: "The index to search")
        ],
        section: .supply)

    let text: String
    let index: String?
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 1, let text = parsed.positional.first else { throw UsageError("plugins search: give the TEXT to look for") }
        self.text = text.lowercased()
        index = parsed.value("--index")
        self.context = parsed.context
    }

    package func run() -> Int32 {
        let client = PluginIndexClient(context: context)
        guard let address = index ?? client.rememberedIndex() else {
            ViperTool.printError("viper: plugins search: give the index with --index URL (none is remembered yet)")
            return ViperTool.usageExitCode
        }
        do {
            var pins = try client.readPins()
            let before = pins
            let opened = try client.open(address, pins: &pins)
            try client.keep(&pins, since: before)
            var providedBy: [String: [String]] = [:]
            for (contract, plugins) in opened.root.providers { for plugin in plugins { providedBy[plugin, default: []].append(contract) } }
            let matches = opened.root.plugins.keys.sorted().filter { name in
                name.lowercased().contains(text) || (providedBy[name] ?? []).contains { $0.lowercased().contains(text) }
            }
            if matches.isEmpty {
                print("No plugin in \(address) matches '\(text)'.")
                return 1
            }
            let width = matches.map(\.count).max() ?? 0
            for name in matches {
                let installed = pins.publishers?[name]?.version.map { "  (installed \($0))" } ?? ""
                let provides = (providedBy[name] ?? []).sorted().joined(separator: ", ")
                print("\(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(opened.root.plugins[name]?.latest ?? "")  \(provides)\(installed)")
            }
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}

/// `viper plugins --revoke-key ID`: revokes a publisher key locally; plugins it signed are refused at the next start.
package struct PluginsRevokeCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins", "--revoke-key"], abstract: "Refuse every plugin signed by a key",
        discussion: """
            Records key ID (16 hex digits, as 'viper verify' and minisign print it) as revoked in
            plugins.lock: from the next start, each plugin it signed is refused with a line naming the
            revocation, and no install takes a file it signed.
            """,
        arguments: "ID", maximumArguments: 1,
        options: [
            CommandOption("--reason", value: "TEXT", help: "Why (shown in each refusal)")
        ],
        section: .supply)

    let keyID: String
    let reason: String
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 1, let id = parsed.positional.first?.uppercased(),
            id.count == 16, id.allSatisfy({ $0.isHexDigit })
        else { throw UsageError("plugins --revoke-key: give a key id of 16 hex digits, as 'viper verify' prints it") }
        keyID = id
        reason = parsed.value("--reason") ?? "revoked locally with 'viper plugins --revoke-key'"
        self.context = parsed.context
    }

    package func run() -> Int32 {
        do {
            var pins = try PluginIndexClient(context: context).readPins()
            var revoked = pins.revoked ?? PluginLock.Revocations()
            revoked.keys[keyID] = reason
            pins.revoked = revoked
            if pins.pinsFiles == nil && pins.plugins.isEmpty { pins.pinsFiles = false }
            try pins.save(folder: context.dataFolder)
            let signed = (pins.publishers ?? [:]).filter { $0.value.keyID == keyID }.keys.sorted()
            print(
                "Revoked key \(keyID) in \(PluginLock.path(in: context.dataFolder))"
                    + (signed.isEmpty ? "." : "; refused from the next start: \(signed.joined(separator: ", "))."))
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}

/// `viper plugins --forget-key NAME`: drops the publisher key pinned for NAME, when its publisher changed keys.
package struct PluginsForgetKeyCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins", "--forget-key"], abstract: "Forget the publisher key pinned for a plugin",
        discussion: """
            Removes NAME's publisher pin from plugins.lock, for a publisher that changed keys: the next
            'viper plugins install NAME' pins the new key (trust on first use again).
            """,
        arguments: "NAME", maximumArguments: 1,
        section: .supply)

    let name: String
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 1, let name = parsed.positional.first else { throw UsageError("plugins --forget-key: name one plugin") }
        self.name = name
        self.context = parsed.context
    }

    package func run() -> Int32 {
        do {
            var pins = try PluginIndexClient(context: context).readPins()
            guard let old = pins.publishers?[name] else {
                print("No key is pinned for '\(name)'; nothing to do.")
                return 0
            }
            pins.publishers?[name] = nil
            try pins.save(folder: context.dataFolder)
            print("Forgot key \(old.keyID) for \(name); the next install pins the key it comes with.")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
