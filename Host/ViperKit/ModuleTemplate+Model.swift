/// The Interactor, Entity and Router of the module `viper new` writes (``ModuleTemplate``).
extension ModuleTemplate {
    static let interactor = """
        import Contracts

        /// Keeps the module's entries and stamps each with the injected clock, so
        /// tests pin the time. Entities stay on this side: the output gets copies.
        final class __Name__Interactor: __Name__Interacting {
            /// Who handles the results (the presenter, held weakly).
            weak var output: (any __Name__InteractorOutput)?
            private let clock: any Clock
            private var entries: [__Name__Entry] = []

            init(clock: any Clock) {
                self.clock = clock
            }

            func doLoad() {
                output?.handleEntriesChanged(entries)
            }

            func doAdd(_ text: String) {
                entries.append(__Name__Entry(text: text, added: clock.secondsSince1970))
                output?.handleEntriesChanged(entries)
            }

            func doRemove(at index: Int) {
                if entries.indices.contains(index) {
                    entries.remove(at: index)
                }
                output?.handleEntriesChanged(entries)
            }

            func doReplace(with texts: [String]) {
                let now = clock.secondsSince1970
                entries = texts.map { __Name__Entry(text: $0, added: now) }
                output?.handleEntriesChanged(entries)
            }

            func doFinish() {
                output?.handleFinished(entries)
            }
        }

        """

    static let entity = """
        /// One entry, as the interactor keeps it.
        struct __Name__Entry: Equatable {
            /// What the user typed.
            let text: String
            /// When it was added, in seconds since 1970 (from the injected clock).
            let added: Double
        }

        """

    static let router = """
        import Contracts

        /// Navigation out of the __Name__ module, through the host's router.
        final class __Name__Router: __Name__Routing {
            /// The module owns its host router; the host holds the stack weakly.
            private let router: any Router

            init(router: any Router) {
                self.router = router
            }

            func close() {
                router.close()
            }
        }

        """
}
