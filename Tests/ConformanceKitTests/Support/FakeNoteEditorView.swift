import Contracts

final class FakeNoteEditorView: ModuleView {
    private let presenter: FakeNoteEditorPresenter
    var lines: [String] = []

    init(presenter: FakeNoteEditorPresenter) {
        self.presenter = presenter
    }

    var title: String { "Note" }
    var commands: [CommandSpec] { [CommandSpec("save", help: "Save the note")] }

    func render(on screen: any Screen) {
        lines.isEmpty ? screen.empty("New note") : lines.forEach(screen.text)
    }

    func perform(_ command: CommandInvocation) throws {
        try presenter.save()
    }
}
