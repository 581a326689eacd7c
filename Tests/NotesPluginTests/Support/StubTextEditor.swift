import Contracts
@testable import NotesPlugin

/// An external editor that records the text it was given and hands back a set answer, or fails.
final class StubTextEditor: ExternalTextEditing {
    var answer: String
    var failure: CommandError?
    private(set) var given: [String] = []

    init(answer: String = "") {
        self.answer = answer
    }

    func edit(_ text: String) throws -> String {
        given.append(text)
        if let failure { throw failure }
        return answer
    }
}
