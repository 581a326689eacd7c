import Contracts
import ViperRuntime

/// The sources `viper new` writes for a plugin with one VIPER module: one file
/// per role, as Generamba's templates do. Paths are relative to the plugin's feature
/// target's folder (its entry target is ``EntryTemplate``); `__Name__`, `__name__`,
/// `__route__` and `__path__` are filled by ``ModuleName``.
enum ModuleTemplate {
    static let files: [(path: String, text: String)] = [
        ("__Name__Plugin.swift", plugin),
        ("__Name__/__Name__Contract.swift", contract),
        ("__Name__/__Name__Builder.swift", builder),
        ("__Name__/__Name__View.swift", view),
        ("__Name__/__Name__Presenter.swift", presenter),
        ("__Name__/__Name__Interactor.swift", interactor),
        ("__Name__/__Name__Entity.swift", entity),
        ("__Name__/__Name__Router.swift", router),
    ]

    static let plugin = """
        import Contracts

        /// Registers the __Name__ module under its contract, opened in the shell with `open __path__`.
        /// `package`: the entry target (`__Name__Entry`) hands it to viper.
        package enum __Name__Plugin: Plugin {
            package static let manifest = PluginManifest(name: "__route__", version: "0.1.0",
                                                         summary: "__Name__: a VIPER module made by 'viper new'")

            package static func register(in registrar: any Registrar) throws {
                registrar.registerModule(
                    __Name__Input.self,
                    route: RouteSpec("__path__", summary: "__Name__: a list of entries"),
                    builder: __Name__Builder())
                \(registrationMarker)
            }
        }

        """

    static let contract = """
        import Contracts

        /// The __Name__ module's input (Bviper's ModuleInput): whoever opens it can
        /// start it with entries and hear when the user is done.
        ///
        /// Other plugins cannot import this protocol. To let them route here by
        /// contract, propose it for Contracts.
        public protocol __Name__Input: AnyObject {
            /// Who hears when the user is done (held weakly).
            var output: (any __Name__Output)? { get set }
            /// Starts with these entries instead of none.
            func start(with entries: [String])
        }

        /// What the module tells whoever opened it (Bviper's ModuleOutput).
        public protocol __Name__Output: AnyObject {
            /// The user typed 'done'; these are the entries, in order.
            func __name__DidFinish(with entries: [String])
        }

        /// Presenter → View: what to draw.
        protocol __Name__Viewing: AnyObject {
            func didUpdate(_ model: __Name__ViewModel)
        }

        /// View → Presenter: what the user did.
        protocol __Name__EventHandling: AnyObject {
            func didAppear()
            func didAdd(_ text: String) throws
            func didRemove(_ number: Int)
            func didFinish()
        }

        /// Presenter → Interactor: the use cases ("do"). Results come back through
        /// the interactor's output.
        protocol __Name__Interacting: AnyObject {
            func doLoad()
            func doAdd(_ text: String)
            func doRemove(at index: Int)
            func doReplace(with texts: [String])
            func doFinish()
        }

        /// Interactor → Presenter: the results, which the presenter handles ("handle").
        protocol __Name__InteractorOutput: AnyObject {
            func handleEntriesChanged(_ entries: [__Name__Entry])
            func handleFinished(_ entries: [__Name__Entry])
        }

        /// Presenter → Router: where the module can go.
        protocol __Name__Routing: AnyObject {
            func close()
        }

        /// What the view draws: display strings only, no entities.
        struct __Name__ViewModel: Equatable {
            var heading = ""
            var lines: [String] = []
            var emptyHint = ""
        }

        """

    static let builder = """
        import Contracts

        /// Wires the __Name__ module. What it needs is declared once, in `dependencies`: viper
        /// checks it before the shell opens and `build` receives it resolved (a tuple when it
        /// lists several). A new module every call: no state is kept here.
        final class __Name__Builder: DependentModuleBuilder {
            static let dependencies = Dependencies(Clock.self)

            func build(_ context: any ModuleContext, with clock: any Clock) throws -> BuiltModule {
                let interactor = __Name__Interactor(clock: clock)
                let router = __Name__Router(router: context.router)
                let presenter = __Name__Presenter(interactor: interactor, router: router)
                let view = __Name__View(presenter: presenter)
                interactor.output = presenter
                presenter.view = view
                return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
            }
        }

        """

    static let view = """
        import Contracts

        /// Draws the entries and passes commands to the presenter. It never prints:
        /// the shell owns the terminal.
        final class __Name__View: ModuleView, __Name__Viewing {
            /// The view owns its presenter; the presenter holds the view weakly.
            private let presenter: any __Name__EventHandling
            private var model = __Name__ViewModel()

            init(presenter: any __Name__EventHandling) {
                self.presenter = presenter
            }

            var title: String { "__Name__" }

            var commands: [CommandSpec] {
                [
                    CommandSpec("add", arguments: ["TEXT..."], help: "Add an entry"),
                    CommandSpec("remove", arguments: ["N"], help: "Remove entry N"),
                    CommandSpec("done", help: "Finish and close"),
                ]
            }

            func didUpdate(_ model: __Name__ViewModel) {
                self.model = model
            }

            func render(on screen: any Screen) {
                screen.heading(model.heading)
                if model.lines.isEmpty {
                    screen.empty(model.emptyHint)
                } else {
                    screen.list(model.lines)
                }
            }

            func perform(_ command: CommandInvocation) throws {
                switch command.name {
                case "add": try presenter.didAdd(command.rest)
                case "remove": presenter.didRemove(try command.itemNumber(count: model.lines.count))
                case "done": presenter.didFinish()
                default: throw CommandError("'\\(command.name)' is in commands but perform(_:) has no case for it; add one to __Name__View.perform")
                }
            }

            func moduleDidAppear() {
                presenter.didAppear()
            }
        }

        """

    static let presenter = """
        import Contracts
        import Foundation

        /// Turns entries into display strings and user events into use cases. Naming:
        /// the presenter asks the interactor to do… , handles the interactor's results
        /// in handle… , and tells the view what did change (didUpdate).
        final class __Name__Presenter: __Name__Input, __Name__EventHandling, __Name__InteractorOutput {
            weak var view: (any __Name__Viewing)?
            weak var output: (any __Name__Output)?
            private let interactor: any __Name__Interacting
            private let router: any __Name__Routing

            init(interactor: any __Name__Interacting, router: any __Name__Routing) {
                self.interactor = interactor
                self.router = router
            }

            // MARK: __Name__Input

            func start(with entries: [String]) {
                interactor.doReplace(with: entries)
            }

            // MARK: __Name__EventHandling

            func didAppear() {
                interactor.doLoad()
            }

            func didAdd(_ text: String) throws {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else {
                    throw CommandError("give the entry's text, e.g. 'add Buy milk'")
                }
                interactor.doAdd(trimmed)
            }

            func didRemove(_ number: Int) {
                interactor.doRemove(at: number - 1)
            }

            func didFinish() {
                interactor.doFinish()
            }

            // MARK: __Name__InteractorOutput

            func handleEntriesChanged(_ entries: [__Name__Entry]) {
                let count = entries.count
                view?.didUpdate(__Name__ViewModel(
                    heading: count == 0 ? "No entries" : count == 1 ? "1 entry" : "\\(count) entries",
                    lines: entries.map(\\.text),
                    emptyHint: "Nothing here yet: type 'add TEXT' to add an entry."))
            }

            func handleFinished(_ entries: [__Name__Entry]) {
                // Close first, then tell the output: it may route on from the module below.
                let output = self.output
                router.close()
                output?.__name__DidFinish(with: entries.map(\\.text))
            }
        }

        """
}
