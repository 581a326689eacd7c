import Contracts

/// The add form keeps what was typed across a crash of viper's worker.
extension TodoAddView: RestorableModule {
    var keptWork: String? {
        (presenter as? any TodoAddRestoring)?.keptWork
    }

    func takeBack(_ work: String) throws {
        guard let presenter = presenter as? any TodoAddRestoring else {
            throw CommandError("this add form keeps no unsaved work")
        }
        try presenter.takeBack(work)
    }
}
