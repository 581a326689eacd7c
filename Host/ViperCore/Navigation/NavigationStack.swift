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
///
/// Every navigation command costs the same at any depth: the modules are one array
/// from the bottom, each entry knows its index in it, the presented modules are a
/// list of indices, and entries are found by id in a dictionary. Only what shows the
/// whole stack (``breadcrumb``, ``removeAll()``) walks it.
///
/// How the pieces fit: a ``ModuleEntry`` holds what a builder returned and its ``HostRouter``;
/// `+Routing` builds by contract, by shell path (``RouteMatcher``) and as embedded children,
/// after `+Rules` and the interceptors (`+Interception`) agree; `+Removal` is the shell's
/// `back`/`close`/`home`; `+Restoration` is what a supervised session's journal keeps.
///
/// Longer than 300 lines on purpose: the invariants above and the state they constrain are
/// kept in one file; each operation on them lives in its own `+` file.
package final class NavigationStack {
    package let registry: Registry
    package let logger: (any Logger)?
    /// Every module on the stack from the bottom (children not included). Removing a
    /// module takes everything above it, so this is a stack and each entry's
    /// ``ModuleEntry/stackIndex`` stays valid while it is on it.
    package private(set) var entries: [ModuleEntry] = []
    /// Where each modal layer starts in ``entries`` (the presented module's index), bottom first.
    private var layerStarts: [Int] = []
    /// The entries on the stack and their embedded children, by id.
    private var live: [Int: ModuleEntry] = [:]
    /// Stack entries that navigation looked at, a count for tests and `viper-bench`:
    /// it grows by the same amount per command whatever the depth.
    package private(set) var entriesVisited = 0
    /// Modules whose builder is running, by entry id, with their label.
    package var building: [Int: String] = [:]
    /// Children embedded by a module while it was being built, by the parent's id.
    package var pendingChildren: [Int: [ModuleEntry]] = [:]
    package var nextID = 1
    /// Counts changes to the stack, so the shell can tell whether a command moved the user.
    /// Unchecked exclusivity, as for ``changedFrom``: an integer read and bumped in straight-line
    /// code that calls out to nothing, so no access can overlap another, and the runtime's check
    /// on each one was a measurable part of what a supervised command costs.
    @exclusivity(unchecked) package private(set) var revision = 0
    /// The lowest position whose module changed (left, or came) since ``takeChanges()`` last read it: the
    /// stack only ever loses a top part and gains modules on top, so everything below it is as it
    /// was, and a journal writes only from there (O(1) per command, whatever the depth).
    @exclusivity(unchecked) private var changedFrom = 0
    /// Reports modules that outlive their removal.
    package let leakTracker: LeakTracker
    /// The global route error handler: sees every failed navigation before it is thrown
    /// (after the route's own `failure` handler). The stack also logs each one.
    package var onRouteError: ((NavigationError) -> Void)?
    /// Set by `viper-bench` to see where a command's time goes (see ``PhaseTimer``).
    package var phaseTimer: PhaseTimer?
    /// ``routeMatcher`` and the stamp of the registry's tables it was made from.
    private var matcher: (stamp: UInt64, matcher: RouteMatcher<RouteEntry>)?
    /// ``ModuleEntry/label(_:)`` by registration, made once (each build names its module several times).
    private var labels: [ObjectIdentifier: (registration: ModuleRegistration, label: String)] = [:]

    package func label(of registration: ModuleRegistration) -> String {
        if let known = labels[ObjectIdentifier(registration)], known.registration === registration { return known.label }
        let label = ModuleEntry.label(registration)
        labels[ObjectIdentifier(registration)] = (registration, label)
        return label
    }

    /// Makes an empty stack (home) over `registry`.
    package init(registry: Registry, logger: (any Logger)? = nil) {
        self.registry = registry
        self.logger = logger
        self.leakTracker = LeakTracker(logger: logger)
    }

    // MARK: State

    /// The module on screen; nil at home.
    package var top: ModuleEntry? { entries.last }

    /// Whether nothing is open.
    package var isEmpty: Bool { entries.isEmpty }

    /// How many modules are on the stack (children not included).
    package var depth: Int { entries.count }

    /// The number of layers: 1 plus one per presented module.
    package var layerCount: Int { layerStarts.count + 1 }

    /// The presented module whose layer is on top, if any.
    package var presented: ModuleEntry? { layerStarts.last.map { entries[$0] } }

    /// Every declared shell route, including those of plugins not loaded yet.
    package var routes: [RouteEntry] { registry.routeEntries }

    /// Matches shell paths against every declared route (made once per version of the registry).
    package var routeMatcher: RouteMatcher<RouteEntry> {
        let routing = registry.routing
        if let kept = matcher, kept.stamp == routing.stamp { return kept.matcher }
        let made = RouteMatcher(routing.entries.map { RouteMatcher.Route(spec: $0.spec, target: $0) })
        matcher = (routing.stamp, made)
        return made
    }

    /// Titles from the bottom; a presented module is marked `(modal)`.
    package var breadcrumb: [String] {
        crumbs(0..<entries.count)
    }

    /// The titles of the modules at `positions` (from the bottom, clamped to the
    /// stack), marked like ``breadcrumb``: costs only what it returns.
    package func crumbs(_ positions: Range<Int>) -> [String] {
        let positions = positions.clamped(to: 0..<entries.count)
        entriesVisited += positions.count
        return entries[positions].map { entry in
            let title = entry.marked(.title) { entry.title }
            return entry.placement == .presented ? "\(title) (modal)" : title
        }
    }

    /// Leaks found so far (see ``LeakTracker/check()``).
    package var leaks: [LeakReport] { leakTracker.reports }

    /// Checks the modules removed since the last check; returns new leaks.
    @discardableResult
    package func checkForLeaks() -> [LeakReport] {
        leakTracker.check()
    }

    /// The entry with `id`, on the stack or embedded in a module on it.
    package func find(_ id: Int) -> ModuleEntry? {
        entriesVisited += 1
        return live[id]
    }

    /// Removes every module, top first (when the shell quits).
    package func removeAll() {
        let removed = Array(entries.reversed())
        entries = []
        layerStarts = []
        revision += 1
        changedFrom = 0
        removed.forEach(retire)
    }

    /// What a keeper of the session reads after every command, in one call: the revision, the
    /// lowest position changed since it last asked (the depth when nothing changed; it starts over),
    /// and the depth.
    package func takeChanges() -> (revision: Int, changedFrom: Int, depth: Int) {
        let depth = entries.count
        defer { changedFrom = depth }
        return (revision, min(changedFrom, depth), depth)
    }

    // MARK: Router calls

    /// A module's `router.close()`: removes it and everything above it. An embedded
    /// module cannot close itself; its parent removes it.
    package func close(entryID: Int) {
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
    package func remove(from entry: ModuleEntry) {
        guard let index = position(of: entry) else { return }
        let removed = Array(entries[index...].reversed())
        entries.removeSubrange(index...)
        changedFrom = min(changedFrom, index)
        while let start = layerStarts.last, start >= index {
            layerStarts.removeLast()
        }
        revision += 1
        removed.forEach(retire)
        if let top { appear(top) }
    }

    /// Puts a built (and prepared) entry on screen.
    package func show(_ entry: ModuleEntry, _ transition: Transition) {
        let covered = top
        revision += 1
        switch transition {
        case .present:
            entry.placement = .presented
            layerStarts.append(entries.count)
            place(entry)
            covered.map(disappear)
        case .replaceRoot:
            let removed = Array(entries.reversed())
            entries = []
            layerStarts = []
            changedFrom = 0
            removed.forEach(retire)
            entry.placement = .pushed
            place(entry)
        case .push:
            fallthrough
        @unknown default:
            entry.placement = .pushed
            place(entry)
            covered.map(disappear)
        }
        appear(entry)
    }

    /// Puts `entry` on top, and it and its children in the index by id.
    private func place(_ entry: ModuleEntry) {
        entry.stackIndex = entries.count
        changedFrom = min(changedFrom, entries.count)
        entries.append(entry)
        track(entry)
    }

    /// Adds an entry that joined the stack (placed, or embedded in a placed one) to the index by id.
    package func track(_ entry: ModuleEntry) {
        live[entry.id] = entry
        entry.children.forEach(track)
    }

    /// Tells a module (and its children) it is leaving, and watches it for leaks.
    package func retire(_ entry: ModuleEntry) {
        live[entry.id] = nil
        entry.isVisible = false
        PluginExitGuard.run(entry.marks.willBeRemoved) {
            entry.view.moduleWillBeRemoved()
        }
        leakTracker.watch(entry)
        let children = entry.children
        entry.children = []
        children.forEach(retire)
    }

    package func appear(_ entry: ModuleEntry) {
        guard !entry.isVisible else { return }
        entry.isVisible = true
        PluginExitGuard.run(entry.marks.didAppear) {
            entry.view.moduleDidAppear()
        }
        for child in entry.children {
            guard entry.isVisible else { break }
            appear(child)
        }
    }

    package func disappear(_ entry: ModuleEntry) {
        guard entry.isVisible else { return }
        entry.isVisible = false
        PluginExitGuard.run(entry.marks.didDisappear) {
            entry.view.moduleDidDisappear()
        }
        for child in entry.children {
            disappear(child)
        }
    }

    /// The index of `entry` in ``entries``, or nil when it is not on the stack.
    package func position(of entry: ModuleEntry) -> Int? {
        entriesVisited += 1
        let index = entry.stackIndex
        return entries.indices.contains(index) && entries[index] === entry ? index : nil
    }

    /// The layer of the stack entry that `entry` is (or is embedded in): 0 for pushed
    /// modules, 1 and up for each presented one.
    package func layer(of entry: ModuleEntry) -> Int? {
        guard let index = position(of: entry.stackEntry) else { return nil }
        // Layer starts are increasing: count those at or below the entry (a binary search).
        var low = 0, high = layerStarts.count
        while low < high {
            let middle = (low + high) / 2
            if layerStarts[middle] <= index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// One module's work that removing it would lose, as it said through ``ModuleRemovalHandling``.
package struct UnsavedWork: Equatable, Sendable {
    /// The module's title, e.g. `Note`.
    package let title: String
    /// What would be lost, e.g. `the text (3 lines)`.
    package let what: String

    package init(title: String, what: String) {
        self.title = title
        self.what = what
    }

    /// `Note: the text (3 lines); List: the filter`, as the shell's questions and errors say it.
    package static func list(_ work: [UnsavedWork]) -> String {
        work.map { "\($0.title): \($0.what)" }.joined(separator: "; ")
    }
}

/// Decides whether a removal the person asked for goes on although `unsaved` would be
/// lost (called only when something would be): the shell asks, or answers for a script.
package typealias RemovalConfirmation = ([UnsavedWork]) -> Bool
