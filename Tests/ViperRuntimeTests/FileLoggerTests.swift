import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ViperRuntime

/// What a plugin logs never reaches the terminal raw, and never splits into two entries.
@Suite struct FileLoggerTests {
    private final class EchoSpy: @unchecked Sendable {
        var lines: [String] = []
    }

    private func makeLogger(echoLevel: LogLevel? = .error) throws -> (FileLogger, EchoSpy, String) {
        let path = try TemporaryFolder.make("logger") + "/viper.log"
        let spy = EchoSpy()
        return (FileLogger(path: path, echoLevel: echoLevel) { spy.lines.append($0) }, spy, path)
    }

    @Test func anEchoedMessageWithEscapeSequencesAndLineBreaksIsOneCleanLine() throws {
        let (logger, spy, _) = try makeLogger()
        logger.log(.error, "\u{1B}]0;owned\u{07}failed\r\nviper: error: [host] \u{1B}[1mall is well\u{9B}2J", source: "sly\u{1B}[0m")
        #expect(spy.lines == ["viper: error: [sly[0m] ]0;ownedfailed viper: error: [host] [1mall is well2J\n"])
    }

    @Test func theLogFileKeepsOneEntryPerMessageWithControlCharactersEscaped() throws {
        let (logger, _, path) = try makeLogger(echoLevel: nil)
        logger.log(.warning, "line one\nline \u{1B}[2Jtwo", source: "sly")
        logger.log(.info, "plain", source: "host")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "two entries and the final newline: \(lines)")
        #expect(lines[0].hasSuffix(#" warning [sly] line one\nline \u{1b}[2Jtwo"#), "\(lines)")
        #expect(lines[1].hasSuffix(" info [host] plain"))
    }

    @Test func messagesBelowTheEchoLevelStayInTheFile() throws {
        let (logger, spy, _) = try makeLogger()
        logger.log(.warning, "quiet", source: "sly")
        #expect(spy.lines.isEmpty)
    }
}
