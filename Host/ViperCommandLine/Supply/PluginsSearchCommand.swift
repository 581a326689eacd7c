import Foundation
import ViperCore
import ViperLoading

/// `viper plugins search TEXT`: the plugins of the index whose name or contracts contain TEXT.
package struct PluginsSearchCommand: StandaloneCommand {
    package static let words = ["plugins", "search"]
    package static let help = """
        viper plugins search: Find plugins in the index

        Usage: viper plugins search TEXT [--index URL]

        Lists the plugins of the index (the remembered one, or --index) whose name, or a contract they
        provide, contains TEXT (case does not matter), with their newest version.

        Options:
          --index URL  The index to search
        """

    let text: String
    let index: String?
    let context: CommandContext

    package init(arguments: [String], context: CommandContext) throws {
        let words = try CommandWords(arguments, valued: ["--index"], command: "plugins search")
        guard words.positional.count == 1, let text = words.positional.first else { throw UsageError("plugins search: give the TEXT to look for") }
        self.text = text.lowercased()
        index = words.value("--index")
        self.context = context
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
package struct PluginsRevokeCommand: StandaloneCommand {
    package static let words = ["plugins", "--revoke-key"]
    package static let help = """
        viper plugins --revoke-key: Refuse every plugin signed by a key

        Usage: viper plugins --revoke-key ID [--reason TEXT]

        Records key ID (16 hex digits, as 'viper verify' and minisign print it) as revoked in
        plugins.lock: from the next start, each plugin it signed is refused with a line naming the
        revocation, and no install takes a file it signed.

        Options:
          --reason TEXT  Why (shown in each refusal)
        """

    let keyID: String
    let reason: String
    let context: CommandContext

    package init(arguments: [String], context: CommandContext) throws {
        let words = try CommandWords(arguments, valued: ["--reason"], command: "plugins --revoke-key")
        guard words.positional.count == 1, let id = words.positional.first?.uppercased(),
            id.count == 16, id.allSatisfy({ $0.isHexDigit })
        else { throw UsageError("plugins --revoke-key: give a key id of 16 hex digits, as 'viper verify' prints it") }
        keyID = id
        reason = words.value("--reason") ?? "revoked locally with 'viper plugins --revoke-key'"
        self.context = context
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
package struct PluginsForgetKeyCommand: StandaloneCommand {
    package static let words = ["plugins", "--forget-key"]
    package static let help = """
        viper plugins --forget-key: Forget the publisher key pinned for a plugin

        Usage: viper plugins --forget-key NAME

        Removes NAME's publisher pin from plugins.lock, for a publisher that changed keys: the next
        'viper plugins install NAME' pins the new key (trust on first use again).
        """

    let name: String
    let context: CommandContext

    package init(arguments: [String], context: CommandContext) throws {
        let words = try CommandWords(arguments, valued: [], command: "plugins --forget-key")
        guard words.positional.count == 1, let name = words.positional.first else { throw UsageError("plugins --forget-key: name one plugin") }
        self.name = name
        self.context = context
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
