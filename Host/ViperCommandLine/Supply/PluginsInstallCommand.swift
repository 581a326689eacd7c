import Foundation
import ViperCore
import ViperLoading

/// `viper plugins install NAME[@VERSION] --index URL`: installs a plugin and what it requires from
/// an index into the user plugin folder (``PluginIndexClient`` says what is checked first).
package struct PluginsInstallCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins", "install"], abstract: "Install a plugin from a signed index",
        discussion: """
            Reads the index at URL (a folder, file://PATH, or http://127.0.0.1:PORT/PATH; remembered in
            config.json, so later commands may leave it out), checks its signature, serial and expiry, then
            installs the newest version of NAME that this viper can load and that is not yanked (or VERSION,
            even yanked), and each plugin that provides what it requires and is not installed yet. Each file
            is checked against the index's SHA-256 and its own signature; the publisher's key is pinned in
            plugins.lock the first time. Files go to the user plugin folder; a running viper reloads them.
            """,
        arguments: "NAME[@VERSION]...", maximumArguments: Int.max,
        options: [
            CommandOption("--index", value: "URL", help: "The index to install from")
        ],
        section: .supply)

    let requests: [(name: String, version: String?)]
    let index: String?
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard !parsed.positional.isEmpty else { throw UsageError("plugins install: name the plugin: viper plugins install NAME[@VERSION] --index URL") }
        requests = parsed.positional.map { word in
            guard let at = word.firstIndex(of: "@") else { return (word, nil) }
            return (String(word[..<at]), String(word[word.index(after: at)...]))
        }
        index = parsed.value("--index")
        self.context = parsed.context
    }

    package func run() -> Int32 {
        let client = PluginIndexClient(context: context)
        guard let address = index ?? client.rememberedIndex() else {
            ViperTool.printError("viper: plugins install: give the index with --index URL (none is remembered yet)")
            return ViperTool.usageExitCode
        }
        do {
            var pins = try client.readPins()
            let before = pins
            let opened = try client.open(address, pins: &pins)
            // The index's key, serial and revocations are kept even if what follows is refused.
            try client.keep(&pins, since: before)
            // Everything is fetched and checked before anything is written.
            var fetched: [PluginIndexClient.Fetched] = []
            var queue = requests
            var seen = Set<String>()
            while !queue.isEmpty {
                let (name, wanted) = queue.removeFirst()
                guard seen.insert(name).inserted else { continue }
                let entry = try client.entry(name, in: opened)
                let version = try client.choose(entry, wanted: wanted)
                fetched.append(try client.fetch(name, version, from: opened, pins: pins))
                for requirement in version.requires {
                    let contract = requirement.split(separator: "[").first.map(String.init) ?? requirement
                    guard let providers = opened.root.providers[requirement] ?? opened.root.providers[contract],
                        !providers.contains(where: { seen.contains($0) || pins.publishers?[$0]?.path != nil })
                    else { continue }
                    if let provider = providers.first { queue.append((provider, nil)) }
                }
            }
            var installed: [String] = []
            for item in fetched {
                let path = try client.install(item, index: address, pins: &pins)
                print("Installed \(item.name) \(item.version.version) (key \(item.key.keyID)): \(path)")
                installed.append(path)
            }
            client.remember(address)
            for line in PluginReport.modeLines(installed: installed, context: context) {
                print(line)
            }
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}

/// `viper plugins update [NAME]`: installs the newest version of each installed plugin (or NAME).
package struct PluginsUpdateCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins", "update"], abstract: "Update installed plugins from their index",
        discussion: """
            For each plugin installed from an index (or only NAME), installs the newest version the index
            offers that this viper can load and that is not yanked, when it is newer than the one installed.
            The last \(PluginIndexClient.keptVersions) versions stay for 'viper plugins rollback NAME'.
            """,
        arguments: "[NAME]", maximumArguments: 1,
        options: [
            CommandOption("--index", value: "URL", help: "Read this index instead of the one each plugin came from")
        ],
        section: .supply)

    let name: String?
    let index: String?
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count <= 1 else { throw UsageError("plugins update: name at most one plugin") }
        name = parsed.positional.first
        index = parsed.value("--index")
        self.context = parsed.context
    }

    package func run() -> Int32 {
        let client = PluginIndexClient(context: context)
        do {
            var pins = try client.readPins()
            let before = pins
            let installed = (pins.publishers ?? [:]).filter { $0.value.path != nil && (name == nil || $0.key == name) }
            if let name, installed.isEmpty {
                throw HostError("'\(name)' was not installed from an index; install it with 'viper plugins install \(name) --index URL'")
            }
            var updated: [String] = []
            for (plugin, publisher) in installed.sorted(by: { $0.key < $1.key }) {
                guard let address = index ?? publisher.index ?? client.rememberedIndex() else { continue }
                let opened = try client.open(address, pins: &pins)
                try client.keep(&pins, since: before)
                let version = try client.choose(try client.entry(plugin, in: opened), wanted: nil)
                guard let current = publisher.version, VersionOrder.isLower(current, version.version) else {
                    print("\(plugin) \(publisher.version ?? "") is the newest.")
                    continue
                }
                let fetched = try client.fetch(plugin, version, from: opened, pins: pins)
                let path = try client.install(fetched, index: address, pins: &pins)
                print("Updated \(plugin) \(current) → \(version.version): \(path)")
                updated.append(path)
            }
            if installed.isEmpty { print("No plugin was installed from an index; nothing to update.") }
            // A new version may serve other plugins where the old did not: how it runs now.
            if !updated.isEmpty {
                for line in PluginReport.modeLines(installed: updated, context: context) {
                    print(line)
                }
            }
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
