/// The blank module `viper new --blank` and `viper new module NAME --blank` write, a template an
/// author keeps: every role in its own file, the input and output contract, and
/// one promise to build on ('done' closes the module and tells its output). Nothing in it is a
/// demo to delete; what an author adds is their feature. Same paths and placeholders as
/// ``ModuleTemplate``.
enum BlankModuleTemplate {
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

    /// The module's own files, without the plugin type (`viper new module --blank`).
    static var moduleFiles: [(path: String, text: String)] {
        files.filter { $0.path.hasPrefix("__Name__/") }
    }

    /// The registration of a blank module: its builder declares what it needs.
    static func registration(indent: String) -> String {
        [
            "registrar.registerModule(__Name__Input.self, route: RouteSpec(\"__path__\", summary: \"__Name__\"),",
            "                         builder: __Name__Builder())",
        ].map { indent + $0 }.joined(separator: "\n")
    }

    static let plugin = """
        import Contracts

        /// Registers the __Name__ module under its contract, opened in the shell with `open __path__`.
        /// `package`: the entry target (`__Name__Entry`) hands it to viper.
        package enum __Name__Plugin: Plugin {
            package static let manifest = PluginManifest(name: "__route__", version: "0.1.0", summary: "__Name__")

            package static func register(in registrar: any Registrar) throws {
        \(registration(indent: "        "))
                \(ModuleTemplate.registrationMarker)
            }
        }

        """

    static let contract = """
        import Contracts

        /// What whoever opens the __Name__ module can do with it (its ModuleInput).
        public protocol __Name__Input: AnyObject {
            /// Who hears what the module reports (held weakly).
            var output: (any __Name__Output)? { get set }
        }

        /// What the module reports to whoever opened it (its ModuleOutput).
        public protocol __Name__Output: AnyObject {
            /// The user typed 'done'; the module has closed.
            func __name__DidFinish()
        }

        /// Presenter → View: what to draw.
        protocol __Name__Viewing: AnyObject {
            func didUpdate(_ model: __Name__ViewModel)
        }

        /// View → Presenter: what the user did.
        protocol __Name__EventHandling: AnyObject {
            func didAppear()
            func didFinish()
        }

        /// Presenter → Interactor: the use cases; results come back through the interactor's output.
        protocol __Name__Interacting: AnyObject {
            func doLoad()
        }

        /// Interactor → Presenter: the results.
        protocol __Name__InteractorOutput: AnyObject {
            func handleLoaded(_ entity: __Name__Entity)
        }

        /// Presenter → Router: where the module can go.
        protocol __Name__Routing: AnyObject {
            func close()
        }

        /// What the view draws: display strings only, no entities.
        struct __Name__ViewModel: Equatable {
            var heading = ""
        }

        """

    static let builder = """
        import Contracts

        /// Wires the __Name__ module. List what it needs in `dependencies` (services in order, e.g.
        /// `Dependencies(Clock.self, routesTo: [SomeInput.self])`): viper checks them before the shell
        /// opens and `build` receives them resolved. A new module every call.
        final class __Name__Builder: DependentModuleBuilder {
            static let dependencies = Dependencies()

            func build(_ context: any ModuleContext, with _: ()) throws -> BuiltModule {
                let interactor = __Name__Interactor()
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

        /// Draws the view model and passes commands to the presenter; never prints.
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
                    CommandSpec("done", help: "Finish and close"),
                ]
            }

            func didUpdate(_ model: __Name__ViewModel) {
                self.model = model
            }

            func render(on screen: any Screen) {
                screen.heading(model.heading)
            }

            func perform(_ command: CommandInvocation) throws {
                switch command.name {
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

        /// Turns the interactor's results into view models and the user's events into use cases.
        final class __Name__Presenter: __Name__Input, __Name__EventHandling, __Name__InteractorOutput {
            weak var view: (any __Name__Viewing)?
            weak var output: (any __Name__Output)?
            private let interactor: any __Name__Interacting
            private let router: any __Name__Routing

            init(interactor: any __Name__Interacting, router: any __Name__Routing) {
                self.interactor = interactor
                self.router = router
            }

            func didAppear() {
                interactor.doLoad()
            }

            func didFinish() {
                // Close first, then tell the output: it may route on from the module below.
                let output = self.output
                router.close()
                output?.__name__DidFinish()
            }

            func handleLoaded(_ entity: __Name__Entity) {
                var model = __Name__ViewModel()
                model.heading = entity.title
                view?.didUpdate(model)
            }
        }

        """

    static let interactor = """
        import Contracts

        /// The module's use cases: its rules, and the services `__Name__Builder.dependencies` lists.
        final class __Name__Interactor: __Name__Interacting {
            /// Who handles the results (the presenter, held weakly).
            weak var output: (any __Name__InteractorOutput)?

            func doLoad() {
                output?.handleLoaded(__Name__Entity(title: "__Name__"))
            }
        }

        """

    static let entity = """
        /// What the interactor keeps.
        struct __Name__Entity: Equatable {
            let title: String
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
