/// The outcome of one check on one subject (the plugin, a module, a service):
/// passed, failed, or not applicable (a promise that could not be put to the test,
/// such as a sign-in when the session refuses the kit's credentials; it counts as
/// no failure).
public struct CheckResult: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The check's name, e.g. `fresh-instance`.
    public let check: String
    /// What was checked: `plugin`, or a module's or service's contract, e.g. `HelloInput`.
    public let subject: String
    /// Whether it passed.
    public let passed: Bool
    /// Why it failed (what was wrong and what to do), or a note when it passed.
    public let reason: String?
    /// False when the check could not be applied (see ``NotApplicable``); `passed` is then true.
    public let applicable: Bool

    /// Makes a result.
    public init(check: String, subject: String, passed: Bool, reason: String? = nil) {
        self.check = check
        self.subject = subject
        self.passed = passed
        self.reason = reason
        self.applicable = true
    }

    /// Makes the result of a check that did not apply, with the reason why.
    public static func notApplicable(check: String, subject: String, reason: String) -> CheckResult {
        CheckResult(check: check, subject: subject, reason: reason)
    }

    private init(check: String, subject: String, reason: String) {
        self.check = check
        self.subject = subject
        self.passed = true
        self.reason = reason
        self.applicable = false
    }

    /// One line: `pass  [HelloInput] fresh-instance`, `fail  [HelloInput] wired: reason`
    /// or `n/a   [Session] sign-in-then-out: reason`.
    public var description: String {
        let verdict = !applicable ? "n/a " : passed ? "pass" : "fail"
        let head = "\(verdict)  [\(subject)] \(check)"
        guard let reason, !reason.isEmpty else { return head }
        return head + ": " + reason
    }
}
