import Contracts

/// Checks that every module registered under one contract must pass, whoever
/// provides it: the contract's promises, written once beside the contract.
/// The kit runs every suite whose contract a module is registered under.
///
///     let suite = ContractSuite(for: CounterInput.self, checks: [
///         ModuleCheck("shows-start-value") { harness in ... },
///     ])
///     let report = try Conformance.check(CounterPlugin.self, suites: [suite])
public struct ContractSuite {
    /// The contract.
    public let contract: ContractID
    private let type: ObjectIdentifier
    /// The checks, run in order after the generic ones.
    public let checks: [ModuleCheck]

    /// Makes a suite for `contract`.
    public init<Input>(for contract: Input.Type, checks: [ModuleCheck]) {
        self.contract = ContractID(contract)
        self.type = ObjectIdentifier(contract)
        self.checks = checks
    }

    /// Whether `module` is registered under this suite's contract.
    public func applies(to module: RecordedModule) -> Bool {
        ObjectIdentifier(module.contractType) == type
    }
}
