/// An error with a fixed message, standing in for a database or file failure in the
/// stores and doubles that can be told to fail.
public struct StubError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(description: String) {
        self.description = description
    }

    public init(_ description: String) {
        self.description = description
    }
}
