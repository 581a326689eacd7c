import Foundation
import Testing
import ViperTestSupport

/// Supervision under `viper dev`: the session runs in a supervised worker like any other shell, so
/// the plugin being written crashing on a command costs one line, not the session.
extension DevCommandTests {
    @Test func aPluginThatCrashesUnderDevGivesOneLineAndTheSessionGoesOn() throws {
        let package = try Self.newCounter()
        try Self.edit(package, Self.view) {
            $0.replacingOccurrences(of: "case \"add\": try presenter.didAdd(command.rest)",
                                    with: "case \"add\" where command.rest == \"boom\": fatalError(\"boom under viper dev\")\n"
                                        + "        case \"add\": try presenter.didAdd(command.rest)")
        }
        let viper = try Self.start(package, ["--open", "counter"])
        try viper.waitFor("Nothing here yet: type 'add TEXT' to add an entry.", seconds: 300)
        viper.send("add Milk")
        try viper.waitFor("1. Milk")
        viper.send("add boom")
        #expect(viper.wait { viper.standardError.contains("; report: ") }, "\(viper.standardError)")
        viper.send("where")
        let (status, errors) = try viper.finish()
        let lines = errors.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(lines.count == 1, "\(errors)")
        let line = try #require(lines.first)
        #expect(line.contains("crashed (SIGILL: "), "\(line)")
        #expect(line.contains(" while running command 'add'; it is off for this session; restored: Home"), "\(line)")
        #expect(!errors.contains("Fatal error"), "the runtime's own line is inside viper's: \(errors)")
        #expect(viper.printed.hasSuffix("Home\n"), "the session went on: \(viper.printed.suffix(300))")
        #expect(status == 1, "a piped session counts the crashed command as failed")
    }
}
