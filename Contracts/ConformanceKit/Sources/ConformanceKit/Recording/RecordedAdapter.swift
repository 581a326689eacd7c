import Contracts

/// An adapter a plugin registered: serves `required` from `provided`.
public struct RecordedAdapter {
    /// The contract consumers ask for.
    public let required: ContractID
    /// Its type.
    public let requiredType: Any.Type
    /// The contract the adapter converts from.
    public let provided: ContractID
    /// Its type.
    public let providedType: Any.Type
    /// Converts a provided value; nil when the value is not of the provided contract.
    public let adapt: (Any) throws -> Any?
}
