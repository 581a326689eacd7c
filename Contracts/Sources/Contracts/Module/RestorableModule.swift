/// A ``ModuleView`` whose unsaved work outlives a crash. viper runs each session in a worker
/// process it watches; when plugin code ends that process, viper starts a new one, builds the
/// stack again from each module's route or contract, and gives every module that adopts this
/// protocol the work it kept.
///
/// After every command viper reads ``keptWork`` from the module on screen and keeps it in the
/// session's journal (a file in the data folder, so the work also outlives a kill of both of
/// viper's processes: the next start offers it back). Return everything a person would lose, in
/// any form the module reads back (plain text, JSON); return nil when nothing is unsaved. It is
/// read after every command: make it cheap, and never let it fail.
///
/// After building the module again, viper calls ``takeBack(_:)`` once, before the module is drawn;
/// the module is built as its route would build it, without the `prepare` of the router that first
/// opened it, so keep in the work what that gave (which record it edits).
///
///     extension NoteEditorView: RestorableModule {
///         var keptWork: String? { presenter.keptDraft }
///         func takeBack(_ work: String) throws { try presenter.takeBack(work) }
///     }
///
/// Added in Contracts 1.5: a plugin that adopts it must be built against 1.5 or later, and a viper
/// older than 1.5 refuses to load it. Modules that do not adopt it are built again empty.
public protocol RestorableModule: ModuleView {
    /// The unsaved work to keep, or nil when there is none.
    var keptWork: String? { get }

    /// Takes back what ``keptWork`` returned, in a module just built again. Throw a
    /// ``CommandError`` that says what was wrong when the work cannot be read: viper shows it,
    /// keeps the journal's copy, and leaves the module as built.
    func takeBack(_ work: String) throws
}
