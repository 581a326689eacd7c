import Contracts

/// The promises of one contract, as checks that every provider must pass, whoever
/// it is: written once beside the contract. A module suite runs against every
/// module registered under the contract, a service suite against every service.
/// Name each check after the promise it tests; fail it with what was expected and
/// what happened (``CheckFailure/init(expected:happened:fix:)``).
///
///     let suite = ContractSuite(for: CounterInput.self, checks: [
///         ModuleCheck("shows-start-value") { harness in ... },
///     ])
///     let report = try Conformance.check(CounterPlugin.self, suites: [suite])
///
/// `Sendable` since Contracts 1.3: its checks are (``ModuleCheck``).
public struct ContractSuite: Sendable {
    /// The contract.
    public let contract: ContractID
    private let type: ObjectIdentifier
    /// The checks of a module contract, run in order after the generic ones.
    public let checks: [ModuleCheck]
    /// The checks of a service contract, run in order after `service-resolves`.
    public let serviceChecks: [ServiceCheck]

    /// Makes a suite for the module contract `contract`.
    public init<Input>(for contract: Input.Type, checks: [ModuleCheck]) {
        self.contract = ContractID(contract)
        self.type = ObjectIdentifier(contract)
        self.checks = checks
        self.serviceChecks = []
    }

    /// Makes a suite for the service contract `contract`.
    public init<Service>(for contract: Service.Type, serviceChecks: [ServiceCheck]) {
        self.contract = ContractID(contract)
        self.type = ObjectIdentifier(contract)
        self.checks = []
        self.serviceChecks = serviceChecks
    }

    /// Whether `module` is registered under this suite's contract.
    public func applies(to module: RecordedModule) -> Bool {
        ObjectIdentifier(module.contractType) == type && !checks.isEmpty
    }

    /// Whether `service` is registered under this suite's contract.
    public func applies(to service: RecordedService) -> Bool {
        ObjectIdentifier(service.contractType) == type && !serviceChecks.isEmpty
    }
}
