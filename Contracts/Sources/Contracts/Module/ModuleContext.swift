/// What a ``ModuleBuilder`` gets from the host for one build.
public protocol ModuleContext: AnyObject {
    /// Resolves the services the module declared it requires.
    var resolver: any Resolver { get }
    /// Navigates from this module's place on the stack: push, present, embed, close.
    var router: any Router { get }
    /// Parameters from the shell path that opened the module (`notes/42`,
    /// `articles?source=URL`); empty when opened by contract.
    var parameters: RouteParameters { get }
    /// The configuration the route carried (``ModuleConfiguration``); nil when it
    /// carried none. Read it typed with ``configuration(_:)``. Added in Contracts 1.3,
    /// with a default of nil.
    var configuration: (any ModuleConfiguration)? { get }
}

extension ModuleContext {
    /// No configuration: a context made before Contracts 1.3.
    public var configuration: (any ModuleConfiguration)? { nil }
}
