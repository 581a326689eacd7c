import ConformanceKit
import Foundation
import Testing
@testable import ViperCheck

/// The parent's reading of `viper check`'s channel: the verdict is decided from what it asked
/// and saw, and anything another writer could have sent fails the check.
@Suite struct CheckTranscriptTests {
    private static let secret = String(repeating: "ab", count: 32)

    /// Envelopes for `lines` and an end, numbered from 0, with `secret`.
    private func messages(_ lines: [CheckLine], end: Int? = nil, secret: String = secret) -> [Data] {
        let encoder = JSONEncoder()
        var envelopes = lines.enumerated().map { CheckChannel.Envelope(secret: secret, sequence: $0.offset, line: $0.element) }
        if let end { envelopes.append(CheckChannel.Envelope(secret: secret, sequence: lines.count, end: end)) }
        return envelopes.compactMap { try? encoder.encode($0) }
    }

    private func passing(_ check: String, _ subject: String = "plugin") -> [CheckLine] {
        [CheckLine(start: .init(check: check, subject: subject)),
         CheckLine(result: CheckResult(check: check, subject: subject, passed: true))]
    }

    private var opening: [CheckLine] { passing("loads") + passing("providers") + passing("registers") }

    private func outcome(_ messages: [Data]) -> CheckOutcome {
        var transcript = CheckTranscript(secret: Self.secret)
        messages.forEach { transcript.take($0) }
        return transcript.outcome(path: "/plugins/libx.so", ended: nil)
    }

    @Test func aCompleteReportWithTheSecretConforms() {
        let result = outcome(messages(opening + passing("builds", "Hello"), end: 4))
        #expect(result.conforms)
        #expect(result.checks.map(\.check) == ["loads", "providers", "registers", "builds"])
    }

    @Test func aMessageWithoutTheSecretFailsTheCheck() {
        let forged = messages(passing("builds", "Hello"), secret: String(repeating: "0", count: 64))
        let result = outcome(messages(opening) + forged)
        #expect(!result.conforms)
        #expect(result.checks.last?.check == "report")
        #expect(result.checks.last?.reason?.hasPrefix("a message on the check channel did not carry this run's secret") == true)
    }

    @Test func bytesThatAreNoMessageFailTheCheck() {
        let result = outcome(messages(opening, end: 3) + [Data("5 checks: 5 passed".utf8)])
        #expect(!result.conforms)
        #expect(result.crash?.hasPrefix("a message on the check channel did not carry this run's secret") == true)
    }

    @Test func aReportWithoutItsEndFailsAtTheCheckThatWasRunning() {
        let result = outcome(messages(opening + [CheckLine(start: .init(check: "builds", subject: "Hello"))]))
        #expect(!result.conforms)
        #expect(result.checks.last?.check == "builds")
        #expect(result.checks.last?.reason?.hasPrefix(CheckTranscript.noEnd + " while running this check") == true)
    }

    @Test func anEndThatMiscountsTheResultsFails() {
        let result = outcome(messages(opening, end: 5))
        #expect(!result.conforms)
        #expect(result.crash == "the checker ended counting 5 result(s) where 3 came")
    }

    @Test func aResultForACheckThatWasNotRunningFails() {
        let stray = CheckLine(result: CheckResult(check: "builds", subject: "Hello", passed: true))
        let result = outcome(messages(opening + [stray], end: 4))
        #expect(!result.conforms)
        #expect(result.crash == "the checker reported a result for 'builds' on Hello, a check that was not running")
    }

    @Test func aReportThatDoesNotOpenWithTheChecksTheParentAskedFails() {
        let result = outcome(messages(passing("builds", "Hello"), end: 1))
        #expect(!result.conforms)
        #expect(result.crash == "the checker reported 'builds' where the parent asked for 'loads' first")
    }

    @Test func aMessageOutOfSequenceFails() {
        var all = messages(opening, end: 3)
        all.swapAt(1, 2)
        let result = outcome(all)
        #expect(!result.conforms)
        #expect(result.crash == "a message on the check channel came out of sequence (2 where 1 was due)")
    }

    @Test func aMessageAfterTheEndFails() throws {
        let late = try JSONEncoder().encode(CheckChannel.Envelope(secret: Self.secret, sequence: 7, end: 3))
        let result = outcome(messages(opening, end: 3) + [late])
        #expect(!result.conforms)
        #expect(result.crash == "a message came after the checker's last")
    }

    @Test func secretsAreComparedWhole() {
        #expect(CheckTranscript.same("abcd", "abcd"))
        #expect(!CheckTranscript.same("abcd", "abce"))
        #expect(!CheckTranscript.same("abcd", "abc"))
    }
}
