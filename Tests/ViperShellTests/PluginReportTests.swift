import Testing
@testable import ViperRuntime
@testable import ViperCommandLine

@Suite struct PluginReportTests {
    @Test func textFromPluginFilesCannotDriveTheTerminal() {
        #expect(PluginReport.printable("summary: \u{1B}[2J\u{1B}]0;owned\u{07}clean\nsecond line") == "summary: [2J]0;ownedclean second line")
        #expect(PluginReport.printable("plain text stays") == "plain text stays")
    }
}
