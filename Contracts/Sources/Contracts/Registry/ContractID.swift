/// Names a contract: the protocol a service or a module's input conforms to.
///
/// Plugins and the host agree on contracts by their fully qualified name, so a
/// descriptor can be written to disk and read back without loading the plugin.
///
///     ContractID(NoteStore.self).name   // "Contracts.NoteStore"
public struct ContractID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The fully qualified name, e.g. `Contracts.NoteStore`.
    public let name: String

    /// Names a contract by its fully qualified name.
    public init(_ name: String) {
        self.name = name
    }

    /// Names the contract that `type` stands for.
    public init(_ type: Any.Type) {
        // `_typeName` demangles directly; `String(reflecting:)` first looks for a
        // CustomDebugStringConvertible conformance, a scan of every loaded image
        // that made start-up with many plugins quadratic. Both print the same name.
        var name = _typeName(type, qualified: true)
        if name.hasPrefix("any ") { name.removeFirst(4) }
        if name.hasPrefix("(any "), name.hasSuffix(")") {
            name = String(name.dropFirst(5).dropLast())
        }
        self.name = name
    }

    /// The name without its module, e.g. `NoteStore`.
    public var shortName: String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    public static func < (lhs: ContractID, rhs: ContractID) -> Bool { lhs.name < rhs.name }

    public var description: String { name }

    public init(from decoder: any Decoder) throws {
        self.name = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
