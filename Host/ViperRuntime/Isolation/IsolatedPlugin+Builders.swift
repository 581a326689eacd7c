import Contracts

/// The builders of an isolated plugin's modules, for a registry other than the runtime's:
/// `viper check` registers them in its own process and runs the kit's module checks there, so
/// every build, command and drawing crosses the wire as data.
extension IsolatedPlugin {
    /// The builder of the module at `index` in ``modules``: each build is one round trip.
    package func moduleBuilder(_ index: Int) -> any ModuleBuilder {
        IsolatedModuleBuilder(plugin: self, index: index)
    }
}
