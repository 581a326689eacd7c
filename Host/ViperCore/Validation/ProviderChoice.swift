/// The user's choice of which plugin provides a contract that several provide, or
/// keeps a route that several declare (`--prefer CONTRACT=PLUGIN`, `--prefer ROUTE=PLUGIN`,
/// or `"providers"` in `config.json`; see ``RouteRule/isRouteKey(_:)``).
package struct ProviderChoice: Hashable, Sendable {
    /// The plugin name chosen.
    package let plugin: String
    /// Where the choice was made, for messages: `--prefer KEY=PLUGIN` or the config file's path.
    package let source: String

    package init(plugin: String, source: String) {
        self.plugin = plugin
        self.source = source
    }
}
