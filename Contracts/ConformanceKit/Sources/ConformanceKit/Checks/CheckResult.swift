/// The outcome of one check on one subject (the plugin, a module, a service).
public struct CheckResult: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The check's name, e.g. `fresh-instance`.
    public let check: String
    /// What was checked: `plugin`, or a module's or service's contract, e.g. `HelloInput`.
    public let subject: String
    /// Whether it passed.
    public let passed: Bool
    /// Why it failed (what was wrong and what to do), or a note when it passed.
    public let reason: String?

    /// Makes a result.
    public init(check: String, subject: String, passed: Bool, reason: String? = nil) {
        self.check = check
        self.subject = subject
        self.passed = passed
        self.reason = reason
    }

    /// One line: `pass  [HelloInput] fresh-instance` or `fail  [HelloInput] wired: reason`.
    public var description: String {
        let head = "\(passed ? "pass" : "fail")  [\(subject)] \(check)"
        guard let reason, !reason.isEmpty else { return head }
        return head + ": " + reason
    }
}
