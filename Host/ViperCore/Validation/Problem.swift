/// Something wrong found while loading or validating plugins. Each is reported once.
package struct Problem: Hashable, Codable, Sendable, CustomStringConvertible {
    package enum Kind: String, Codable, Sendable {
        /// A plugin file that could not be loaded.
        case loadFailed
        /// A plugin folder given on the command line or in the environment that does not exist.
        case badFolder
        /// A required contract that nothing (enabled) provides.
        case missingProvider
        /// A contract provided by two plugins, with no choice made by the user.
        case duplicateProvider
        /// Services that need each other to be built.
        case cycle
        /// A provider choice that names a plugin that does not provide the contract.
        case badPreference
        /// A route that breaks a ``RouteRule`` (a shell command, empty, not a valid path): refused.
        case badRoute
        /// A route two plugins declare, with no choice made by the user: one keeps it.
        case duplicateRoute
    }

    package let kind: Kind
    /// The plugin concerned (name, or file path when it never registered).
    package let plugin: String?
    /// The contract concerned (for a route problem: the route).
    package let contract: String?
    /// One line: what is wrong and what to do. It quotes names a plugin or a file chose (a
    /// route, a contract), so it is made one line here, whatever they hold (``PrintableText``).
    package let message: String

    package init(kind: Kind, plugin: String?, contract: String?, message: String) {
        self.kind = kind
        self.plugin = plugin
        self.contract = contract
        self.message = PrintableText.oneLine(message)
    }

    package var description: String { message }
}
