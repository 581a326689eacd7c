/// A ``ModuleView`` that takes a paste of several lines as text, not as commands.
///
/// At a terminal the shell turns on bracketed paste, so it knows a paste from typing.
/// A paste of one line is edited and run like a typed line. A paste of several lines
/// is never run as commands: when the module on screen adopts this protocol, the shell
/// hands it the lines (each without its line end, blank lines kept, trailing blank
/// lines dropped) and draws the screen again; otherwise it refuses the paste with one
/// `error:` line and runs none of it. Scripts (`-c`, piped input) have no paste: each
/// line is a command there.
///
///     extension NoteEditorView: PasteReceiving {
///         func receivePaste(_ lines: [String]) throws { presenter.didPasteLines(lines) }
///     }
///
/// Added in Contracts 1.6: a plugin that adopts it must be built against 1.6 or later.
public protocol PasteReceiving: ModuleView {
    /// Takes `lines` (at least two) as the person's text, for example as unsaved lines of
    /// a body. Throw a ``CommandError`` to refuse them; the shell prints it as one line.
    func receivePaste(_ lines: [String]) throws
}
