/// The contract library `viper new NAME --contract-library --service NAME --screen NAME` writes:
/// the protocols the author named, each empty, with an empty suite each, in place of the two
/// placeholder ones.
extension ContractLibraryTemplate {
    /// The library's source with the protocols the author named, each empty: an author adds
    /// its requirements and changes no generated line.
    static func namedSource(services: [String], screens: [String]) -> String {
        let header = source.components(separatedBy: "\n\n/// A service").first ?? ""
        let declared =
            services.map {
                "/// A service a provider registers and a consumer resolves. Its requirements:\npublic protocol \($0): AnyObject {\n}\n"
            }
            + screens.map {
                "/// A module's input: a consumer routes to it by this contract, a provider registers it. Its requirements\n/// (a module that reports back declares `var output: (any \($0)Output)? { get set }` and that protocol):\npublic protocol \($0): AnyObject {\n}\n"
            }
        return header + "\n\n" + declared.joined(separator: "\n")
    }

    /// The suites of the named protocols, each empty and open for checks, in the list 'viper check' runs.
    static func namedSuites(services: [String], screens: [String]) -> String {
        let header = suites.components(separatedBy: "\n\n/// What every").first ?? ""
        let member = { (name: String) in name.prefix(1).lowercased() + name.dropFirst() + "Suite" }
        let declared =
            services.map {
                "/// What every \($0) promises.\npublic let \(member($0)) = ContractSuite(for: \($0).self, serviceChecks: [\n])\n"
            }
            + screens.map {
                "/// What every module registered as \($0) promises.\npublic let \(member($0)) = ContractSuite(for: \($0).self, checks: [\n])\n"
            }
        let tail = suites.components(separatedBy: "/// Every suite of __Name__").dropFirst().joined(separator: "/// Every suite of __Name__")
            .replacingOccurrences(
                of: "public let __name__Suites: [ContractSuite] = [serviceSuite, screenSuite]",
                with: "public let __name__Suites: [ContractSuite] = [\((services + screens).map(member).joined(separator: ", "))]")
        return header + "\n\n" + declared.joined(separator: "\n") + "\n/// Every suite of __Name__" + tail
    }
}
