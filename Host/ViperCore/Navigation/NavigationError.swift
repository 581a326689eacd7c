import Contracts

/// Why a navigation failed, as one line for the user: what was wrong, where, and
/// what to do. The stack is unchanged whenever one is thrown.
package struct NavigationError: Error, CustomStringConvertible, Sendable {
    /// The kinds of failure, so tests and handlers can tell them apart.
    package enum Code: String, Sendable {
        /// No route pattern matches the path.
        case noRoute
        /// The path's query or parameters are malformed or not accepted by the route.
        case badParameter
        /// No module is registered for the contract (or its provider is disabled).
        case notRegistered
        /// The module's builder threw.
        case buildFailed
        /// The built module's input does not conform to the contract, or its adapter failed.
        case typeMismatch
        /// The caller's `prepare` threw.
        case prepareFailed
        /// The navigation is not allowed from here (a modal module is above, or the
        /// module is being built or no longer on the stack).
        case refused
        /// A shell command (`back`, `home`, `close`, `dismiss`) that has nothing to act on.
        case nothingToDo
    }

    /// The kind of failure.
    package let code: Code
    /// One line: what was wrong and what to do.
    package let message: String

    /// Makes an error.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
