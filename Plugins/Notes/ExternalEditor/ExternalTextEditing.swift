/// Edits a text in a program the user chose, for the note editor's `editor` command.
/// Injected into the editor's Interactor, so a test hands it a stub.
protocol ExternalTextEditing: AnyObject {
    /// The text as the user left it; throws a ``CommandError`` that says what to do when no
    /// editor is set or the editor failed, and the text is then as it was.
    func edit(_ text: String) throws -> String
}
