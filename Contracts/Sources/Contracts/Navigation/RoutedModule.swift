/// A caller's handle to the module it routed (ZIKRouter's `removeRoute`), returned
/// by ``Router/perform(_:)``. Keep it while the module may still need removing; it
/// holds neither the module nor the stack, so keeping it leaks nothing.
///
///     picker = try router.present(PickerConfiguration(kind: .colour))
///     // later, from a command of the caller:
///     if picker?.isOnScreen == true { try picker?.remove() }
///
/// Added in Contracts 1.3: a plugin that uses it must be built against 1.3 or later.
public protocol RoutedModule: AnyObject {
    /// Whether the module is still on the stack: shown, or covered by modules routed
    /// above it. False once it closed itself, was removed by the person or by
    /// ``remove()``, or was replaced.
    var isOnScreen: Bool { get }

    /// Removes the module as if it had closed itself: pops it if it was pushed,
    /// dismisses it if it was presented, and the module below appears. It is told
    /// ``ModuleView/moduleWillBeRemoved()``, not that the person removed it.
    ///
    /// Fails and changes nothing when the module is no longer on screen, when another
    /// module is above it (it must close first), or when the caller itself has left
    /// the stack.
    func remove() throws
}

extension Router {
    /// Routes like ``route(_:)`` and returns a handle to the module. The default
    /// throws without routing: a router made before Contracts 1.3 cannot hand one out.
    public func perform<Input>(_ request: RouteRequest<Input>) throws -> any RoutedModule {
        throw CommandError("this router (\(type(of: self))) cannot return a handle to the module it routes; route with route(_:) instead")
    }

    /// Pushes the module of `configuration`'s contract, carrying the configuration to
    /// its builder, and returns a handle to it.
    @discardableResult
    public func push<Configuration: ModuleConfiguration>(
        _ configuration: Configuration, name: String? = nil,
        prepare: ((Configuration.Contract) throws -> Void)? = nil
    ) throws -> any RoutedModule {
        try perform(RouteRequest(configuration, name: name, transition: .push, prepare: prepare))
    }

    /// Presents the module of `configuration`'s contract modally, carrying the
    /// configuration to its builder, and returns a handle to it.
    @discardableResult
    public func present<Configuration: ModuleConfiguration>(
        _ configuration: Configuration, name: String? = nil,
        prepare: ((Configuration.Contract) throws -> Void)? = nil
    ) throws -> any RoutedModule {
        try perform(RouteRequest(configuration, name: name, transition: .present, prepare: prepare))
    }
}
