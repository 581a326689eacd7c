import Contracts
import Synchronization

/// The registry's tables. Writers change the registry's own copy under its lock; readers see an
/// immutable ``RegistrySnapshot`` of them, which each thread keeps (Registry+Snapshot.swift).
package struct RegistryTables {
    package var services: [RegistryKey: ServiceRegistration] = [:]
    package var modules: [RegistryKey: ModuleRegistration] = [:]
    package var adapters: [ObjectIdentifier: AdapterRegistration] = [:]
    /// Contracts whose provider was disabled, with the reason, for precise errors.
    package var disabledProviders: [ContractID: String] = [:]
    /// Who keeps each route, and the routes of plugins not loaded or disabled.
    package var routes = RouteTable()
}

/// The tables as they were at one write, never changed: what a read probes without a lock.
/// Its dictionaries share storage with the writer's copy until the next write (copy on write).
package final class RegistrySnapshot {
    /// Names this snapshot among all snapshots of all registries of the process: never 0 (a
    /// registry with nothing published), never `UInt64.max` (a thread with no snapshot).
    package let stamp: UInt64
    package let tables: RegistryTables
    /// The unnamed services and modules again, by type identity alone: the common probe.
    package let unnamedServices: TypeTable<ServiceRegistration>
    package let unnamedModules: TypeTable<ModuleRegistration>
    /// The routes and the modules by label, made when a navigation first reads them (Registry+Routing.swift).
    package let routing = RegistryRouting()

    /// Stamps of published snapshots, process-wide: so a stamp names one registry and one
    /// version of its tables, and a registry made later at a freed one's address cannot match
    /// a stamp a thread kept.
    private static let stamps = Atomic<UInt64>(0)

    package init(_ tables: RegistryTables) {
        stamp = Self.stamps.wrappingAdd(1, ordering: .relaxed).newValue
        self.tables = tables
        unnamedServices = TypeTable(tables.services.filter { $0.key.name == nil }.map { ($0.key.type, $0.value) })
        unnamedModules = TypeTable(tables.modules.filter { $0.key.name == nil }.map { ($0.key.type, $0.value) })
    }

    @inline(__always)
    package func service(_ key: RegistryKey) -> ServiceRegistration? {
        key.name == nil ? unnamedServices.find(key.type) : tables.services[key]
    }

    /// ``service(_:)`` without a retain: the registration lives as long as this snapshot.
    @inline(__always)
    package func unretainedService(_ key: RegistryKey) -> Unmanaged<ServiceRegistration>? {
        guard key.name == nil else { return tables.services[key].map { Unmanaged.passUnretained($0) } }
        return unnamedServices.findUnretained(key.type)
    }

    /// ``unretainedService(_:)`` of `snapshot`, borrowed. The unnamed probe is a closure of its
    /// own that captures only the type identity, which a resolve inlines; one that captured the
    /// whole key, name and all, is called out of line.
    @inline(__always)
    package static func unretainedService(
        _ type: ObjectIdentifier, name: String?, in snapshot: Unmanaged<RegistrySnapshot>
    ) -> Unmanaged<ServiceRegistration>? {
        guard let name else { return snapshot._withUnsafeGuaranteedRef { $0.unnamedServices.findUnretained(type) } }
        return snapshot._withUnsafeGuaranteedRef { $0.unretainedService(RegistryKey(type: type, name: name)) }
    }

    /// ``module(_:)`` of `snapshot`, the unnamed probe apart, as ``unretainedService(_:name:in:)``
    /// does.
    @inline(__always)
    package static func module(_ type: ObjectIdentifier, name: String?, in snapshot: Unmanaged<RegistrySnapshot>) -> ModuleRegistration? {
        guard let name else { return snapshot._withUnsafeGuaranteedRef { $0.unnamedModules.find(type) } }
        return snapshot._withUnsafeGuaranteedRef { $0.tables.modules[RegistryKey(type: type, name: name)] }
    }

    @inline(__always)
    package func module(_ key: RegistryKey) -> ModuleRegistration? {
        key.name == nil ? unnamedModules.find(key.type) : tables.modules[key]
    }
}

/// Reads without a lock and without a lock-prefixed instruction, writes that swap the snapshot.
///
/// Invariants:
/// - `current` (under `lock`) is the snapshot of `tables` as they are now, or nil after a
///   write; `stamp` is `current`'s stamp, or 0 when it is nil. Both change only under `lock`.
///   Stamps come from one process-wide counter: a stamp names one registry and one version.
/// - A write changes `tables` under `lock` and unpublishes the snapshot; the next read
///   publishes a new one (under the lock, once), so a run of writes with no read between them
///   (start-up, committing plugin after plugin) copies nothing.
/// - Each thread's ``ResolutionStack`` holds one retained snapshot, the last it read, and its
///   stamp. A read loads `stamp` (acquiring: a plain load on x86) and, when it is the thread's,
///   probes the thread's snapshot, which is then the current one. Otherwise (another registry,
///   or a write since) it takes the lock and swaps the thread's snapshot for the current one.
///   No reader counter, no retain: the common read writes no memory other threads read.
/// - What a read returns without a retain (a resolve's registration, its factory) stays alive
///   until the factory call that uses it returns: a snapshot the thread swaps out is parked on
///   the thread, and released only at depth 0 (no factory running on the thread) and outside
///   a release of parked snapshots (whose deinitializers may read again): at the return to
///   depth 0, or at the next swap at depth 0. A resolve reads before it pushes its frame and
///   uses what it found only inside that frame, so nothing borrowed outlives its snapshot.
/// - A snapshot is freed by ARC once the registry and every thread that held it have moved
///   on. An idle thread holds at most one old snapshot (the one it read last) until its next
///   read or its end; only a read from a deinitializer run by such a release parks more, which
///   the thread's next swap at depth 0 releases.
///
/// A withdrawal (live reload) is one more write: `write { tables in ... }` removes what a plugin
/// registered and, for "replace", adds what its new build registered, in one swap.
extension Registry {
    /// Runs `body` on the current snapshot, without a lock. `body` must not write to the registry
    /// nor call plugin code: it only probes tables.
    @inline(__always)
    package func read<T>(_ body: (borrowing RegistryTables) throws -> T) rethrows -> T {
        try probe { try body($0.tables) }
    }

    /// ``read(_:)`` with the snapshot itself, for its type tables.
    @inline(__always)
    package func probe<T>(_ body: (RegistrySnapshot) throws -> T) rethrows -> T {
        try snapshot(on: ResolutionStack.current(stackKey))._withUnsafeGuaranteedRef { try body($0) }
    }

    /// The current snapshot, held by `stack` (this thread's), without a retain: the common path
    /// is one atomic load and a comparison. (Unmanaged in and out, borrowed only at the leaves:
    /// a class reference a closure captures is retained around the calls it makes.)
    @inline(__always)
    package func snapshot(on stack: Unmanaged<ResolutionStack>) -> Unmanaged<RegistrySnapshot> {
        stack._withUnsafeGuaranteedRef { stack in
            if let kept = stack.snapshot, stack.snapshotStamp == stamp.load(ordering: .acquiring) { return kept }
            return refresh(stack)
        }
    }

    /// Swaps the thread's snapshot for the current one (another registry, or a write since).
    @inline(never)
    private func refresh(_ stack: ResolutionStack) -> Unmanaged<RegistrySnapshot> {
        // Adopted outside the lock: releasing the old snapshot may free registrations and what
        // they keep, whose deinitializers are plugin code.
        stack.adopt(publishedSnapshot())
    }

    /// The current snapshot, published now if a write unpublished it.
    private func publishedSnapshot() -> RegistrySnapshot {
        lock.withLock {
            if let current { return current }
            let snapshot = RegistrySnapshot(tables)
            current = snapshot
            stamp.store(snapshot.stamp, ordering: .releasing)
            return snapshot
        }
    }

    /// Changes the tables under the lock; readers see the change from their next read.
    package func write<T>(_ change: (inout RegistryTables) throws -> T) rethrows -> T {
        let (result, unpublished) = try lock.withLock { () throws -> (T, RegistrySnapshot?) in
            defer {
                stamp.store(0, ordering: .releasing)
                current = nil
            }
            return (try change(&tables), current)
        }
        // Released here, outside the lock, unless threads still hold it (see above).
        withExtendedLifetime(unpublished) {}
        return result
    }

    /// The snapshot readers get now, or nil after a write (for tests: hold it weakly to see
    /// when it is released).
    package var currentSnapshot: RegistrySnapshot? { lock.withLock { current } }
}
