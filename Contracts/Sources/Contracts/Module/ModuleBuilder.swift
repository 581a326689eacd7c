/// Builds one VIPER module: makes its View, Presenter, Interactor and Router,
/// wires them, and injects the services they need from `context.resolver`.
///
/// The host calls ``build(_:)`` for every route, so each call must return a fresh
/// module. Do no work beyond wiring; load data when the view appears.
///
///     final class NoteListBuilder: ModuleBuilder {
///         func build(_ context: any ModuleContext) throws -> BuiltModule {
///             let interactor = NoteListInteractor(store: try context.resolver.resolve(NoteStore.self))
///             let presenter = NoteListPresenter(interactor: interactor, router: NoteListRouter(context.router))
///             let view = NoteListView(presenter: presenter)
///             presenter.view = view
///             return BuiltModule(view: view, input: presenter, parts: [presenter, interactor])
///         }
///     }
public protocol ModuleBuilder: AnyObject {
    /// Builds a new module for one route.
    func build(_ context: any ModuleContext) throws -> BuiltModule
}

/// What a ``ModuleBuilder`` hands the host.
public struct BuiltModule {
    /// What the shell draws and sends commands to. The host holds it while the
    /// module is on screen; it should own the Presenter.
    public let view: any ModuleView
    /// The module's input: conforms to the contract the module is registered
    /// under, so a caller can configure it before it appears (Bviper's ModuleInput).
    /// Nil means the view is the input.
    public let input: AnyObject?
    /// The module's other parts (Presenter, Interactor, Router), watched weakly so
    /// the host can report a module that is not released after removal.
    public let parts: [AnyObject]

    /// Describes a built module.
    public init(view: any ModuleView, input: AnyObject? = nil, parts: [AnyObject] = []) {
        self.view = view
        self.input = input
        self.parts = parts
    }
}
