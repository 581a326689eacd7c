import Contracts

/// One thing a plugin or the host can provide, named by kind, contract and name: the
/// key the registry, the validator and lazy loading share.
///
/// Invariants:
/// - Two keys are equal exactly when kind, contract and name are equal; a service and a
///   module of the same contract and name are different keys.
/// - ``label(_:_:)`` is the one place the label format is written (`Contract` or
///   `Contract[name]`), and ``description`` the one place the key's own (`kind label`,
///   e.g. `service Contracts.NoteStore[work]`); messages and duplicate lists use these.
package struct ProvisionKey: Hashable, Sendable, CustomStringConvertible {
    package let kind: Provision.Kind
    package let contract: ContractID
    package let name: String?

    package init(_ kind: Provision.Kind, _ contract: ContractID, name: String? = nil) {
        self.kind = kind
        self.contract = contract
        self.name = name
    }

    /// The key of what `provision` provides.
    package init(_ provision: Provision) {
        self.init(provision.kind, provision.contract, name: provision.name)
    }

    /// How users and messages name a contract with an optional name: `Contracts.NoteStore`, `Contracts.NoteStore[work]`.
    package static func label(_ contract: ContractID, _ name: String?) -> String {
        name.map { "\(contract.name)[\($0)]" } ?? contract.name
    }

    /// The contract and name, without the kind (see ``label(_:_:)``).
    package var label: String { Self.label(contract, name) }

    /// `kind label`, e.g. `module Contracts.NoteEditing`.
    package var description: String { "\(kind.rawValue) \(label)" }

    /// The same contract and name as another kind (an adapter serves services and modules alike).
    package func with(kind: Provision.Kind) -> ProvisionKey {
        ProvisionKey(kind, contract, name: name)
    }
}
