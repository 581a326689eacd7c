/// What a ``ModuleBuilder`` gets from the host for one build.
public protocol ModuleContext: AnyObject {
    /// Resolves the services the module declared it requires.
    var resolver: any Resolver { get }
    /// Navigates from this module's place on the stack: push, present, embed, close.
    var router: any Router { get }
    /// Parameters from the shell path that opened the module (`notes/42`,
    /// `articles?source=URL`); empty when opened by contract.
    var parameters: RouteParameters { get }
}
