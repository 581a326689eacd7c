import ConformanceKit
import Foundation

/// The parent's judgement of what `viper check`'s child sent on its ``CheckChannel``: the
/// verdict is the parent's, from what it asked and what it saw, never a line the child wrote.
///
/// Refused, each with its reason: a message without the run's secret or out of sequence
/// (something else in the child wrote to the channel: the plugin's code), a result for a check
/// that was not started or not the one running, a run that does not open with the checks the
/// parent asks first (``openingChecks``), anything after the end, and a report with no end, or
/// an end that does not count the results sent (the child stopped early, or something ended it).
struct CheckTranscript {
    /// The checks every run starts with, in this order, before the kit's own.
    static let openingChecks = ["loads", "providers", "registers"]

    /// The report lines that passed, in order.
    private(set) var lines: [CheckLine] = []
    /// Why the transcript is refused, or nil.
    private(set) var refusal: String?
    private(set) var ended = false

    private let secret: String
    private var sequence = 0
    private var running: CheckLine.CheckStart?
    private var results = 0
    private var started: [String] = []

    init(secret: String) {
        self.secret = secret
    }

    /// Takes in one message as it came off the channel.
    mutating func take(_ message: Data) {
        guard refusal == nil else { return }
        guard let envelope = try? JSONDecoder().decode(CheckChannel.Envelope.self, from: message),
            Self.same(envelope.secret, secret)
        else {
            return refuse("a message on the check channel did not carry this run's secret: code in the checker's process (the plugin's) wrote to it")
        }
        guard envelope.sequence == sequence else {
            return refuse("a message on the check channel came out of sequence (\(envelope.sequence) where \(sequence) was due)")
        }
        sequence += 1
        guard !ended else { return refuse("a message came after the checker's last") }
        if let count = envelope.end {
            ended = true
            if let running { return refuse("the checker ended while '\(running.check)' on \(running.subject) had no result") }
            if count != results { return refuse("the checker ended counting \(count) result(s) where \(results) came") }
            return
        }
        guard let line = envelope.line else { return refuse("a message on the check channel held neither a line nor the end") }
        if let start = line.start { take(start) }
        if let result = line.result { take(result) }
        if refusal == nil { lines.append(line) }
    }

    private mutating func take(_ start: CheckLine.CheckStart) {
        if let running { return refuse("'\(start.check)' started while '\(running.check)' had no result") }
        let opening = started.count < Self.openingChecks.count ? Self.openingChecks[started.count] : nil
        if let opening, start.check != opening || start.subject != "plugin" {
            return refuse("the checker reported '\(start.check)' where the parent asked for '\(opening)' first")
        }
        running = start
        started.append(start.check)
    }

    private mutating func take(_ result: CheckResult) {
        guard let current = running, current.check == result.check, current.subject == result.subject else {
            return refuse("the checker reported a result for '\(result.check)' on \(result.subject), a check that was not running")
        }
        running = nil
        results += 1
    }

    private mutating func refuse(_ reason: String) {
        refusal = reason
    }

    /// Whether two secrets are equal, in time that does not depend on where they differ.
    static func same(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The outcome: the lines that passed, and the run failed with `ended` (how the child
    /// ended, when that was wrong), the refusal, or a missing end, in that order of precedence.
    func outcome(path: String, ended childEnded: String?) -> CheckOutcome {
        var outcome = CheckOutcome(path: path, lines: lines, ended: childEnded ?? (refusal == nil && !ended ? Self.noEnd : nil))
        if let refusal {
            outcome.crash = outcome.crash ?? refusal
            outcome.checks.append(
                CheckResult(
                    check: "report", subject: "plugin", passed: false,
                    reason: "\(refusal); the report cannot be trusted, so the plugin does not conform"))
        }
        return outcome
    }

    static let noEnd = "the checker ended before its report was complete"
}
