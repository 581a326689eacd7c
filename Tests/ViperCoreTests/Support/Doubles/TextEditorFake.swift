import Contracts
import ViperCoreTestSupport

/// A text editor that is both a ``DocumentEditing`` service and the input of a module.
final class TextEditorFake: DocumentEditing, ModuleView {
    var content = ""
    var title: String { "Text" }

    func render(on screen: any Screen) {
        screen.text(content)
    }
}

/// Builds a module whose view and input is a ``TextEditorFake``.
final class TextEditorBuilderFake: ModuleBuilder {
    private(set) var builds = 0

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        builds += 1
        let editor = TextEditorFake()
        return BuiltModule(view: editor, input: editor, parts: [])
    }
}

/// The adapter the application registers: a ``MemoEditing`` on top of a ``DocumentEditing``.
final class MemoEditingAdapter: MemoEditing {
    private let text: any DocumentEditing

    init(_ text: any DocumentEditing) {
        self.text = text
    }

    func edit(note: String) {
        text.content = "# " + note
    }

    var editedNote: String { text.content }
}
