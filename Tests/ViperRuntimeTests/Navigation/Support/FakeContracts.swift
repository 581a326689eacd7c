import Contracts

/// What every fake module's input can do: receive values, and report back through an output.
protocol FakeInput: AnyObject {
    var received: [String] { get }
    func receive(_ value: String)
    var output: (any FakeOutput)? { get set }
}

/// A fake module's output (Bviper's ModuleOutput): the module reports what it did.
protocol FakeOutput: AnyObject {
    func moduleDidFinish(with value: String)
}

/// Contracts the fake modules are registered under (one registration per contract).
protocol ListContract: FakeInput {}
protocol DetailContract: FakeInput {}
protocol PickerContract: FakeInput {}
protocol BadgeContract: FakeInput {}
/// A contract nobody provides.
protocol UnprovidedContract: AnyObject {}

/// The adapter case: a consumer requires NoteEditing; a plugin provides TextEditing.
protocol TextEditing: AnyObject {
    func load(text: String)
}

protocol NoteEditing: AnyObject {
    func edit(note: String)
}

/// Serves NoteEditing with a TextEditing module.
final class TextToNoteEditing: NoteEditing {
    private let editor: any TextEditing

    init(_ editor: any TextEditing) {
        self.editor = editor
    }

    func edit(note: String) {
        editor.load(text: "note: \(note)")
    }
}
