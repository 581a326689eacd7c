/// Thrown by a check whose promise cannot be put to the test against this provider
/// (for example a sign-in when the session refuses the kit's credentials). The
/// check is reported as not applicable, with this reason, and is not a failure.
public struct NotApplicable: Error, CustomStringConvertible {
    /// Why the check does not apply.
    public let reason: String

    /// Makes the reason.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
