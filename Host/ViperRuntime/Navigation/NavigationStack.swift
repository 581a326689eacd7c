import Contracts

/// The modules on screen, like a navigation controller with modal presentation.
///
/// Layer 0 holds the pushed modules; each presented module starts a new layer on
/// top, and pushes from inside it stay in that layer. Only the top layer can be
/// reached: modules below a presented one cannot navigate, and the shell refuses
/// `home` (and stops `back` at the presented module) until it is closed. Embedded
/// children belong to their parent entry and leave with it.
///
/// Every failed navigation throws a ``NavigationError`` and leaves the stack as it
/// was. Lifecycle: the module that becomes the top is told it appeared, the one it
/// covers that it disappeared, and a removed module that it will be removed; then
/// ``LeakTracker`` checks it was released. Use it from one thread (the shell's).
public final class NavigationStack {
    let registry: Registry
    let logger: (any Logger)?
    /// Layer 0: pushed modules (empty at home). Layers above: one per presented module.
    var layers: [[ModuleEntry]] = [[]]
    /// Modules whose builder is running, by entry id, with their label.
    var building: [Int: String] = [:]
    /// Children embedded by a module while it was being built, by the parent's id.
    var pendingChildren: [Int: [ModuleEntry]] = [:]
    var nextID = 1
    /// Counts changes to the stack, so the shell can tell whether a command moved the user.
    private(set) var revision = 0
    /// Reports modules that outlive their removal.
    public let leakTracker: LeakTracker
    /// The global route error handler: sees every failed navigation before it is thrown
    /// (after the route's own `failure` handler). The stack also logs each one.
    public var onRouteError: ((NavigationError) -> Void)?

    /// Makes an empty stack (home) over `registry`.
    public init(registry: Registry, logger: (any Logger)? = nil) {
        self.registry = registry
        self.logger = logger
        self.leakTracker = LeakTracker(logger: logger)
    }

    // MARK: State

    /// The module on screen; nil at home.
    var top: ModuleEntry? { layers.last?.last }

    /// Every module on the stack from the bottom (children not included).
    var entries: [ModuleEntry] { layers.flatMap { $0 } }

    /// Whether nothing is open.
    public var isEmpty: Bool { entries.isEmpty }

    /// The presented module whose layer is on top, if any.
    var presented: ModuleEntry? { layers.count > 1 ? layers.last?.first : nil }

    /// Every declared shell route, including those of plugins not loaded yet.
    var routes: [RouteEntry] { registry.routeEntries }

    /// Matches shell paths against every declared route.
    var routeMatcher: RouteMatcher<RouteEntry> {
        RouteMatcher(routes.map { RouteMatcher.Route(spec: $0.spec, target: $0) })
    }

    /// Titles from the bottom; a presented module is marked `(modal)`.
    public var breadcrumb: [String] {
        layers.enumerated().flatMap { layer, entries in
            entries.enumerated().map { index, entry in
                layer > 0 && index == 0 ? "\(entry.title) (modal)" : entry.title
            }
        }
    }

    /// Leaks found so far (see ``LeakTracker/check()``).
    public var leaks: [LeakReport] { leakTracker.reports }

    /// Checks the modules removed since the last check; returns new leaks.
    @discardableResult
    public func checkForLeaks() -> [LeakReport] {
        leakTracker.check()
    }

    /// The entry with `id`, on the stack or embedded in a module on it.
    func find(_ id: Int) -> ModuleEntry? {
        for entry in entries {
            if let found = entry.tree.first(where: { $0.id == id }) { return found }
        }
        return nil
    }

    // MARK: Shell commands

    /// Pops the top module. Stops at a presented module: that one needs `close`.
    public func back() throws {
        guard let top else {
            throw NavigationError(.nothingToDo, "already at home: nothing to go back to; 'open PATH' opens a route")
        }
        if top.placement == .presented {
            throw NavigationError(.refused, "'back' stops at \(top.title): it was presented; finish it, or type 'close' to dismiss it")
        }
        remove(from: top)
    }

    /// Removes every module and shows home. Refused while a module is presented.
    public func home() throws {
        if let presented {
            throw NavigationError(.refused, "cannot go home while \(presented.title) is presented; finish it, or type 'close' to dismiss it first")
        }
        if let bottom = layers.first?.first {
            remove(from: bottom)
        }
    }

    /// Closes the module on screen: pops it, or dismisses it when it was presented.
    public func closeTop() throws {
        guard let top else {
            throw NavigationError(.nothingToDo, "nothing to close: you are at home")
        }
        remove(from: top)
    }

    /// Dismisses the top presented module with everything pushed inside it.
    public func dismiss() throws {
        guard let presented else {
            throw NavigationError(.nothingToDo, "nothing is presented; 'back' returns to the previous module")
        }
        remove(from: presented)
    }

    /// Removes every module, top first (when the shell quits).
    public func removeAll() {
        let removed = Array(entries.reversed())
        layers = [[]]
        revision += 1
        removed.forEach(retire)
    }

    // MARK: Router calls

    /// A module's `router.close()`: removes it and everything above it. An embedded
    /// module cannot close itself; its parent removes it.
    func close(entryID: Int) {
        guard let entry = find(entryID) else {
            let who = building[entryID] ?? "a module"
            logger?.log(.warning, "\(who) called close() while not on the stack; ignored", source: "router")
            return
        }
        guard entry.placement != .embedded else {
            logger?.log(.warning, "\(entry.title) is embedded and called close(); ignored: it leaves with its parent", source: "router")
            return
        }
        remove(from: entry)
    }

    // MARK: Changing the stack

    /// Removes `entry` and everything above it; a presented entry takes its whole
    /// layer. Then the new top appears.
    func remove(from entry: ModuleEntry) {
        guard let (layer, index) = position(of: entry) else { return }
        var removed: [ModuleEntry] = []
        for above in stride(from: layers.count - 1, to: layer, by: -1) {
            removed += layers[above].reversed()
        }
        removed += layers[layer][index...].reversed()
        layers.removeSubrange((layer + 1)...)
        layers[layer].removeSubrange(index...)
        if layer > 0, layers[layer].isEmpty {
            layers.remove(at: layer)
        }
        revision += 1
        removed.forEach(retire)
        if let top { appear(top) }
    }

    /// Puts a built (and prepared) entry on screen.
    func show(_ entry: ModuleEntry, _ transition: Transition) {
        let covered = top
        revision += 1
        switch transition {
        case .present:
            entry.placement = .presented
            layers.append([entry])
            covered.map(disappear)
        case .replaceRoot:
            let removed = Array(entries.reversed())
            entry.placement = .pushed
            layers = [[entry]]
            removed.forEach(retire)
        case .push:
            fallthrough
        @unknown default:
            entry.placement = .pushed
            layers[layers.count - 1].append(entry)
            covered.map(disappear)
        }
        appear(entry)
    }

    /// Tells a module (and its children) it is leaving, and watches it for leaks.
    func retire(_ entry: ModuleEntry) {
        entry.isVisible = false
        PluginExitGuard.run("plugin '\(entry.registration.plugin)'", "in moduleWillBeRemoved of \(ModuleEntry.label(entry.registration))") {
            entry.view.moduleWillBeRemoved()
        }
        leakTracker.watch(entry)
        let children = entry.children
        entry.children = []
        children.forEach(retire)
    }

    func appear(_ entry: ModuleEntry) {
        guard !entry.isVisible else { return }
        entry.isVisible = true
        PluginExitGuard.run("plugin '\(entry.registration.plugin)'", "in moduleDidAppear of \(ModuleEntry.label(entry.registration))") {
            entry.view.moduleDidAppear()
        }
        for child in entry.children {
            guard entry.isVisible else { break }
            appear(child)
        }
    }

    func disappear(_ entry: ModuleEntry) {
        guard entry.isVisible else { return }
        entry.isVisible = false
        PluginExitGuard.run("plugin '\(entry.registration.plugin)'", "in moduleDidDisappear of \(ModuleEntry.label(entry.registration))") {
            entry.view.moduleDidDisappear()
        }
        for child in entry.children {
            disappear(child)
        }
    }

    private func position(of entry: ModuleEntry) -> (layer: Int, index: Int)? {
        for (layer, entries) in layers.enumerated() {
            if let index = entries.firstIndex(where: { $0 === entry }) { return (layer, index) }
        }
        return nil
    }

    /// The layer of the stack entry that `entry` is (or is embedded in).
    func layer(of entry: ModuleEntry) -> Int? {
        position(of: entry.stackEntry)?.layer
    }
}
