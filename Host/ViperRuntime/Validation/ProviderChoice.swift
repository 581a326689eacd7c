/// The user's choice of which plugin provides a contract that several provide
/// (`--prefer CONTRACT=PLUGIN`, or `"providers"` in `config.json`).
public struct ProviderChoice: Hashable, Sendable {
    /// The plugin name chosen.
    public let plugin: String
    /// Where the choice was made, for messages: `--prefer CONTRACT=PLUGIN` or the config file's path.
    public let source: String

    public init(plugin: String, source: String) {
        self.plugin = plugin
        self.source = source
    }
}
