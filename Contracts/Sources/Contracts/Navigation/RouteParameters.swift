/// Values taken from a shell path: `:id` segments and `?name=value` pairs.
public struct RouteParameters: Hashable, Sendable {
    /// All values by name.
    public let values: [String: String]

    /// Makes parameters from values.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value for `name`, if given.
    public subscript(name: String) -> String? { values[name] }

    /// Whether there are no values.
    public var isEmpty: Bool { values.isEmpty }

    /// The value for `name` as an integer; throws a ``CommandError`` that names the
    /// parameter when it is missing or not a whole number.
    public func integer(_ name: String) throws -> Int {
        guard let raw = values[name] else {
            throw CommandError("missing parameter '\(name)'")
        }
        guard let value = Int(raw) else {
            throw CommandError("parameter '\(name)' must be a whole number, not '\(raw)'")
        }
        return value
    }
}
