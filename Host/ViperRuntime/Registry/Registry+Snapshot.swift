import Contracts
import Synchronization

/// The registry's tables. Writers change the registry's own copy under its lock; readers see an
/// immutable ``RegistrySnapshot`` of them, published through an atomic pointer.
struct RegistryTables {
    var services: [RegistryKey: ServiceRegistration] = [:]
    var modules: [RegistryKey: ModuleRegistration] = [:]
    var adapters: [ObjectIdentifier: AdapterRegistration] = [:]
    /// Contracts whose provider was disabled, with the reason, for precise errors.
    var disabledProviders: [ContractID: String] = [:]
    /// Who keeps each route, and the routes of plugins not loaded or disabled.
    var routes = RouteTable()
}

/// The tables as they were at one write, never changed: what a read probes without a lock.
/// Its dictionaries share storage with the writer's copy until the next write (copy on write).
final class RegistrySnapshot {
    let tables: RegistryTables
    /// The unnamed services and modules again, by type identity alone: the common probe.
    let unnamedServices: TypeTable<ServiceRegistration>
    let unnamedModules: TypeTable<ModuleRegistration>

    init(_ tables: RegistryTables) {
        self.tables = tables
        unnamedServices = TypeTable(tables.services.filter { $0.key.name == nil }.map { ($0.key.type, $0.value) })
        unnamedModules = TypeTable(tables.modules.filter { $0.key.name == nil }.map { ($0.key.type, $0.value) })
    }

    @inline(__always)
    func service(_ key: RegistryKey) -> ServiceRegistration? {
        key.name == nil ? unnamedServices.find(key.type) : tables.services[key]
    }

    @inline(__always)
    func module(_ key: RegistryKey) -> ModuleRegistration? {
        key.name == nil ? unnamedModules.find(key.type) : tables.modules[key]
    }
}

/// Reads without a lock, writes that swap the snapshot.
///
/// - A read counts itself in `readers`, loads the published snapshot, probes it and counts
///   itself out: two atomic additions and a load, no lock, no allocation.
/// - A write changes `tables` under `lock` and unpublishes the snapshot; the next read publishes
///   a new one (under the lock, once), so a run of writes with no read between them (start-up,
///   committing plugin after plugin) copies nothing.
/// - An unpublished snapshot is kept in `retired` until a write or a publish sees no reader in
///   flight, then released. Every operation on `readers` and `published` is sequentially
///   consistent, so a reader counted after that check loads the newer pointer, and one counted
///   before it keeps the count above zero.
///
/// A withdrawal (live reload) is one more write: `write { tables in ... }` removes what a plugin
/// registered and, for "replace", adds what its new build registered, in one swap.
extension Registry {
    /// Runs `body` on the current snapshot, without a lock. `body` must not write to the registry
    /// nor call plugin code: it only probes tables.
    @inline(__always)
    func read<T>(_ body: (borrowing RegistryTables) throws -> T) rethrows -> T {
        try probe { try body($0.tables) }
    }

    /// ``read(_:)`` with the snapshot itself, for its type tables.
    @inline(__always)
    func probe<T>(_ body: (RegistrySnapshot) throws -> T) rethrows -> T {
        readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { readers.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        if let raw = published.load(ordering: .sequentiallyConsistent) {
            return try Unmanaged<RegistrySnapshot>.fromOpaque(raw)._withUnsafeGuaranteedRef { try body($0) }
        }
        return try body(publish())
    }

    /// Changes the tables under the lock; readers see the change from their next read.
    func write<T>(_ change: (inout RegistryTables) throws -> T) rethrows -> T {
        try lock.withLock {
            let result = try change(&tables)
            if let old = published.exchange(nil, ordering: .sequentiallyConsistent) { retired.append(old) }
            releaseRetired(readersBesidesCaller: 0)
            return result
        }
    }

    /// Publishes a snapshot of the tables (a read found none since the last write).
    @inline(never)
    private func publish() -> RegistrySnapshot {
        lock.withLock {
            if let raw = published.load(ordering: .sequentiallyConsistent) {
                return Unmanaged<RegistrySnapshot>.fromOpaque(raw).takeUnretainedValue()
            }
            let snapshot = RegistrySnapshot(tables)
            published.store(UnsafeRawPointer(Unmanaged.passRetained(snapshot).toOpaque()), ordering: .sequentiallyConsistent)
            releaseRetired(readersBesidesCaller: 1)
            return snapshot
        }
    }

    /// Releases unpublished snapshots when no reader can still hold one (called under the lock).
    private func releaseRetired(readersBesidesCaller own: Int) {
        guard !retired.isEmpty, readers.load(ordering: .sequentiallyConsistent) <= own else { return }
        for raw in retired { Unmanaged<RegistrySnapshot>.fromOpaque(raw).release() }
        retired.removeAll(keepingCapacity: true)
    }

    /// The number of snapshots unpublished but not yet released (for tests).
    var retiredSnapshots: Int { lock.withLock { retired.count } }
}
