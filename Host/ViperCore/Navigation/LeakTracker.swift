import Contracts

/// Watches removed modules weakly and reports those whose view, input, parts or
/// router outlive them (RIBs' leak detection after detach).
///
/// The stack hands it every module it removes; ``check()`` runs once nothing on
/// the host's side holds the module any more (the shell calls it after each command).
package final class LeakTracker {
    /// What is watched of one module; its names are formatted only when something leaked
    /// (the shell watches a module on every `back`, and type names are slow to print).
    private struct Watched {
        let title: String
        let contract: ContractID
        let plugin: String
        let objects: [(role: String, type: AnyObject.Type, reference: WeakReference)]

        var module: String { "\(title) (\(contract.shortName) from \(plugin))" }
    }

    private final class WeakReference {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private var pending: [Watched] = []
    private let logger: (any Logger)?
    /// Every leak found so far, oldest first.
    package private(set) var reports: [LeakReport] = []

    package init(logger: (any Logger)?) {
        self.logger = logger
    }

    /// Starts watching `entry`'s objects (not its children: they are watched on their own).
    package func watch(_ entry: ModuleEntry) {
        var seen: [ObjectIdentifier] = []
        var objects: [(String, AnyObject.Type, WeakReference)] = []
        func add(_ role: String, _ object: AnyObject) {
            let identifier = ObjectIdentifier(object)
            guard !seen.contains(identifier) else { return }
            seen.append(identifier)
            objects.append((role, type(of: object), WeakReference(object)))
        }
        add("view", entry.view)
        add("input", entry.input)
        for part in entry.parts { add("part", part) }
        add("router", entry.router)
        pending.append(Watched(title: entry.title, contract: entry.registration.contract, plugin: entry.registration.plugin, objects: objects))
    }

    /// Whether removed modules are waiting for ``check()``.
    package var hasPending: Bool { !pending.isEmpty }

    /// Checks every module removed since the last check; returns (and logs) the new leaks.
    @discardableResult
    package func check() -> [LeakReport] {
        let watched = pending
        pending = []
        var found: [LeakReport] = []
        for module in watched {
            let survivors = module.objects.filter { $0.reference.object != nil }.map { "\($0.role) \($0.type)" }
            guard !survivors.isEmpty else { continue }
            let report = LeakReport(module: module.module, survivors: survivors)
            found.append(report)
            logger?.log(.warning, report.description, source: "leaks")
        }
        reports += found
        return found
    }
}
