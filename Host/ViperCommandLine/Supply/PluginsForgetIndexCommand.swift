/// `viper plugins --forget-index ADDRESS`: drops the key and serial plugins.lock pins for an
/// index, when the index changed keys; the next install or update from it pins the key it then
/// comes with (trust on first use again), as `--forget-key` does for a publisher.
package struct PluginsForgetIndexCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins", "--forget-index"], abstract: "Forget the key pinned for an index",
        discussion: """
            Removes ADDRESS's key and serial from plugins.lock, for an index that changed keys: the next
            'viper plugins install NAME --index ADDRESS' pins the key the index then comes with.
            """,
        arguments: "ADDRESS", maximumArguments: 1,
        section: .supply)

    let address: String
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 1, let address = parsed.positional.first else {
            throw UsageError("plugins --forget-index: name one index address, as plugins.lock has it (e.g. file:///srv/index)")
        }
        self.address = address
        self.context = parsed.context
    }

    package func run() -> Int32 {
        do {
            var pins = try PluginIndexClient(context: context).readPins()
            guard let old = pins.indexes?[address] else {
                let known = (pins.indexes ?? [:]).keys.sorted()
                print("No key is pinned for the index \(address)\(known.isEmpty ? "" : " (pinned: \(known.joined(separator: ", ")))"); nothing to do.")
                return 0
            }
            pins.indexes?[address] = nil
            try pins.save(folder: context.dataFolder)
            print("Forgot key \(old.keyID) for the index \(address); the next install from it pins the key it comes with.")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
