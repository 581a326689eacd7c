import Foundation
import ViperCore
import ViperLoading

/// `viper plugins rollback NAME`: puts back the version installed before the current one, from the
/// archive, offline; the lock follows.
package struct PluginsRollbackCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins", "rollback"], abstract: "Bring back the previous version of a plugin",
        discussion: """
            Puts back the version of NAME installed before the current one (update keeps the last
            \(PluginIndexClient.keptVersions)), from the data folder's plugin-versions/, without reaching
            the index, and pins it in plugins.lock. Its signature is checked again before it is placed.
            """,
        arguments: "NAME", maximumArguments: 1,
        section: .supply)

    let name: String
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 1, let name = parsed.positional.first else {
            throw UsageError("plugins rollback: name one plugin: viper plugins rollback NAME")
        }
        self.name = name
        self.context = parsed.context
    }

    package func run() -> Int32 {
        let client = PluginIndexClient(context: context)
        do {
            var pins = try client.readPins()
            guard let publisher = pins.publishers?[name], let current = publisher.version, let path = publisher.path else {
                throw HostError("'\(name)' was not installed from an index; there is nothing to roll back")
            }
            var history = publisher.history ?? []
            guard let position = history.lastIndex(of: current), position > 0 else {
                throw HostError("no version of '\(name)' before \(current) is kept; install one with 'viper plugins install \(name)@VERSION'")
            }
            let previous = history[position - 1]
            guard let key = MinisignPublicKey(base64: publisher.publicKey) else { throw HostError("plugins.lock: the key pinned for '\(name)' is damaged") }
            let fileName = try archivedFile(previous) ?? Paths.lastComponent(path)
            // The archived copy is checked again: the archive is a folder like any other.
            let archived = Paths.join(client.archive(name, previous), fileName)
            let signature = try MinisignSignature.read(archived + Minisign.signatureSuffix)
            let descriptor = open(archived, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw HostError("\(archived): the kept version cannot be read") }
            defer { close(descriptor) }
            try signature.verify(file: descriptor, key: key, source: archived)
            // The rolled-back version becomes the newest of the history, the current one before it.
            history.remove(at: position - 1)
            var updated = publisher
            updated.history = history
            pins.publishers?[name] = updated
            let placed = try client.place(name: name, version: previous, fileName: fileName, key: key, index: nil, pins: &pins)
            print("Rolled \(name) back from \(current) to \(previous): \(placed)")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }

    private func archivedFile(_ version: String) throws -> String? {
        let folder = PluginIndexClient(context: context).archive(name, version)
        return try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".so") }
    }
}

/// `viper plugins remove NAME`: removes an installed plugin from the user plugin folder.
package struct PluginsRemoveCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins", "remove"], abstract: "Remove a plugin installed from an index",
        discussion: """
            Removes NAME's file and signature from the user plugin folder (a running viper unloads it when
            nothing uses it). Its publisher key stays pinned, and its kept versions stay for a later install.
            """,
        arguments: "NAME", maximumArguments: 1,
        section: .supply)

    let name: String
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 1, let name = parsed.positional.first else { throw UsageError("plugins remove: name one plugin") }
        self.name = name
        self.context = parsed.context
    }

    package func run() -> Int32 {
        let client = PluginIndexClient(context: context)
        do {
            var pins = try client.readPins()
            guard var publisher = pins.publishers?[name], let path = publisher.path else {
                throw HostError("'\(name)' was not installed from an index; remove its file from the plugin folder yourself")
            }
            publisher.path = nil
            publisher.version = nil
            pins.publishers?[name] = publisher
            pins.plugins[path] = nil
            try pins.save(folder: context.dataFolder)
            unlink(path)
            unlink(path + Minisign.signatureSuffix)
            print("Removed \(name): \(path)")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
