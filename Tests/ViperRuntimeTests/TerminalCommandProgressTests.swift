import Contracts
import Testing
@testable import ViperRuntime

/// The host's `CommandProgress`: a line at once where the shell points it, nothing before.
@Suite struct TerminalCommandProgressTests {
    private final class Written {
        var text = ""
    }

    @Test func atATerminalEachLineIsWrittenAtOnceOnItsOwnLine() {
        let written = Written()
        let progress = TerminalCommandProgress { written.text += $0 }
        progress.report("fetched 1 of 9 feeds…")
        progress.report("fetched 2 of 9 feeds…")
        #expect(written.text == "fetched 1 of 9 feeds…\nfetched 2 of 9 feeds…\n")
    }

    @Test func aLineWithLineEndsStaysOneLine() {
        let written = Written()
        TerminalCommandProgress { written.text += $0 }.report("fetched\n3 of 9")
        #expect(written.text == "fetched 3 of 9\n")
    }

    @Test func untilTheShellGivesItATerminalNothingIsWritten() {
        let progress = TerminalCommandProgress()
        progress.report("fetched 1 of 9 feeds…")
        let written = Written()
        progress.write = { written.text += $0 }
        progress.report("fetched 2 of 9 feeds…")
        #expect(written.text == "fetched 2 of 9 feeds…\n")
    }
}
