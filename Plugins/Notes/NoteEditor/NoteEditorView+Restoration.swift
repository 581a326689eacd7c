import Contracts

/// The note editor keeps its draft across a crash of viper's worker.
extension NoteEditorView: RestorableModule {
    var keptWork: String? {
        (presenter as? any NoteEditorRestoring)?.keptWork
    }

    func takeBack(_ work: String) throws {
        guard let presenter = presenter as? any NoteEditorRestoring else {
            throw CommandError("this note editor keeps no unsaved work")
        }
        try presenter.takeBack(work)
    }
}
