import Contracts
import Testing
@testable import ViperRuntime
@testable import ViperShell

@Suite struct CommandSplitterTests {
    @Test func wordsAreSplitAtSpaces() throws {
        let command = try CommandSplitter.split("edit  3   now")
        #expect(command.name == "edit")
        #expect(command.arguments == ["3", "now"])
        #expect(command.rest == "3   now")
    }

    @Test func quotesKeepSpacesAndTheRestKeepsTheTextAsTyped() throws {
        let command = try CommandSplitter.split(#"add "Buy milk" 'and eggs' plain"#)
        #expect(command.arguments == ["Buy milk", "and eggs", "plain"])
        #expect(command.rest == #""Buy milk" 'and eggs' plain"#)
    }

    @Test func backslashesEscapeOutsideQuotesAndInsideDoubleQuotes() throws {
        #expect(try CommandSplitter.words(#"a\ b "say \"hi\"" 'no\escape'"#) == ["a b", #"say "hi""#, #"no\escape"#])
    }

    @Test func emptyQuotesAreAnEmptyArgument() throws {
        #expect(try CommandSplitter.words(#"name """#) == ["name", ""])
    }

    @Test func anUnterminatedQuoteIsAnError() {
        let error = #expect(throws: CommandError.self) { try CommandSplitter.split(#"add "Buy milk"#) }
        #expect(error?.message == #"unterminated double quote in 'add "Buy milk'; close it with ""#)
    }

    @Test func aScriptSplitsAtSemicolonsAndNewlinesOutsideQuotes() {
        #expect(CommandSplitter.statements("open notes; add \"a; b\";;back\nquit ") == ["open notes", "add \"a; b\"", "back", "quit"])
    }
}
