import Contracts

/// The to-do item editor keeps what was typed across a crash of viper's worker.
extension TodoEditView: RestorableModule {
    var keptWork: String? {
        (presenter as? any TodoEditRestoring)?.keptWork
    }

    func takeBack(_ work: String) throws {
        guard let presenter = presenter as? any TodoEditRestoring else {
            throw CommandError("this to-do item editor keeps no unsaved work")
        }
        try presenter.takeBack(work)
    }
}
