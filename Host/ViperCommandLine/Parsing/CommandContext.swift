import Foundation
import ViperLoading

/// What every command is given: the environment and the global options (``GlobalOptions``).
package struct CommandContext {
    package let environment: [String: String]
    package var globals: GlobalOptions

    package init(environment: [String: String], dataFlag: String? = nil, globals: GlobalOptions = GlobalOptions()) {
        self.environment = environment
        self.globals = globals
        if let dataFlag { self.globals.dataFlag = dataFlag }
    }

    /// `--data DIR`, when given.
    package var dataFlag: String? { globals.dataFlag }

    /// The data folder (`--data`, `VIPER_DATA_DIR`, else `$XDG_DATA_HOME/viper`): plugins.lock lives there.
    package var dataFolder: String {
        if let dataFlag { return Paths.absolute(dataFlag) }
        if let value = environment["VIPER_DATA_DIR"], !value.isEmpty { return Paths.absolute(value) }
        return Paths.join(Paths.xdgDataHome(environment), "viper")
    }

    /// The user plugin folder, searched at every start: where installed plugins go.
    package var userPluginFolder: String { Paths.join(Paths.xdgDataHome(environment), "viper/plugins") }
}
