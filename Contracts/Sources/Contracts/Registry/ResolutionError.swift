/// Why a service or module could not be resolved: what was asked for, by whom,
/// and what is registered instead.
public struct ResolutionError: Error, CustomStringConvertible, Sendable {
    /// The kinds of failure.
    public enum Code: String, Sendable {
        /// Nothing is registered under the contract and name.
        case notRegistered
        /// The registration exists but its plugin was disabled.
        case providerDisabled
        /// The factory or builder threw.
        case factoryFailed
        /// The registration produced something that does not conform to the contract.
        case typeMismatch
        /// Resolving the contract needs the contract itself.
        case cycle
    }

    /// The kind of failure.
    public let code: Code
    /// What was asked for.
    public let contract: ContractID
    /// The registration name asked for, if any.
    public let name: String?
    /// Who asked (a plugin, a module, or the shell).
    public let requester: String
    /// Registrations that exist under the same contract, for the message.
    public let registered: [String]
    /// More detail: the underlying error, or the plugin's reason for being disabled.
    public let detail: String

    /// Makes an error.
    public init(code: Code, contract: ContractID, name: String?, requester: String, registered: [String], detail: String) {
        self.code = code
        self.contract = contract
        self.name = name
        self.requester = requester
        self.registered = registered
        self.detail = detail
    }

    public var description: String {
        let asked = name.map { "\(contract.name) named '\($0)'" } ?? contract.name
        switch code {
        case .notRegistered:
            // A detail that names the fix (the conformance kit's own-library hint) ends the sentence.
            if detail.contains("register it in its register(in:)") {
                return "\(requester) asked for \(asked), which no loaded plugin provides: \(detail)"
            }
            // The conformance kit in a package's own swift test (ServiceTable.testDoubleNote): only the test's table is there.
            if detail.hasPrefix("in this swift test no other plugin is loaded") {
                return "\(requester) asked for \(asked), which the test's ServiceTable does not have: \(detail)"
            }
            let known = registered.isEmpty ? "nothing is registered under that contract" : "registered: \(registered.joined(separator: ", "))"
            let why = detail.isEmpty ? known : "\(detail); \(known)"
            return "\(requester) asked for \(asked), which no loaded plugin provides (\(why)); install a plugin that provides it or run 'viper doctor'"
        case .providerDisabled:
            return "\(requester) asked for \(asked), but its provider is disabled: \(detail)"
        case .factoryFailed:
            return "\(requester) asked for \(asked), and its provider failed: \(detail)"
        case .typeMismatch:
            return "\(requester) asked for \(asked), but the registration produced \(detail), which does not conform; fix the providing plugin"
        case .cycle:
            return "\(requester) asked for \(asked), which needs itself: \(detail); break the cycle by resolving one of them lazily, outside its factory"
        }
    }
}
