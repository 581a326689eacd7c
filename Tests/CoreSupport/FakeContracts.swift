import Contracts

/// What every fake module's input can do: receive values, and report back through an output.
package protocol FakeInput: AnyObject {
    var received: [String] { get }
    func receive(_ value: String)
    var output: (any FakeOutput)? { get set }
}

/// A fake module's output (Bviper's ModuleOutput): the module reports what it did.
package protocol FakeOutput: AnyObject {
    func moduleDidFinish(with value: String)
}

/// Contracts the fake modules are registered under (one registration per contract).
package protocol ListContract: FakeInput {}
package protocol DetailContract: FakeInput {}
package protocol PickerContract: FakeInput {}
package protocol BadgeContract: FakeInput {}
/// A contract nobody provides.
package protocol UnprovidedContract: AnyObject {}

/// The adapter case: a consumer requires FakeNoteEditing; a plugin provides TextEditing.
package protocol TextEditing: AnyObject {
    func load(text: String)
}

package protocol FakeNoteEditing: AnyObject {
    func edit(note: String)
}

/// Serves FakeNoteEditing with a TextEditing module.
package final class TextToNoteEditing: FakeNoteEditing {
    private let editor: any TextEditing

    package init(_ editor: any TextEditing) {
        self.editor = editor
    }

    package func edit(note: String) {
        editor.load(text: "note: \(note)")
    }
}
