import Contracts

/// The real source of services for checks: what the test or `viper check`
/// registers, the plugin's own services (each factory limited to what it
/// declared), and optionally a fallback such as the host's registry.
///
///     let services = try ServiceTable.standard()          // clock, logger, data folder, SQLite
///     services.register(NoteStore.self) { _ in MemoryNoteStore() }
///     let report = try Conformance.check(NotesPlugin.self, services: services)
///
/// What ``register(_:name:instance:)`` puts in is there for what the plugin does not
/// register itself: the plugin's own registration of the same contract takes its place.
/// To test a plugin's modules on your double of a service the plugin registers too,
/// use ``replace(_:name:instance:)``.
public final class ServiceTable: Resolver {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let name: String?
    }

    private final class Entry {
        let contract: ContractID
        let scope: ServiceScope
        /// Nil: the factory may resolve anything (a test's own registration).
        let requires: [Requirement]?
        let factory: (any Resolver) throws -> Any
        /// A test's double that a plugin's own registration does not take the place of.
        let replacesPlugin: Bool
        var instance: Any?

        init(contract: ContractID, scope: ServiceScope, requires: [Requirement]?, replacesPlugin: Bool = false,
             factory: @escaping (any Resolver) throws -> Any) {
            self.contract = contract
            self.scope = scope
            self.requires = requires
            self.replacesPlugin = replacesPlugin
            self.factory = factory
        }
    }

    private var entries: [Key: Entry] = [:]
    private var adapters: [ObjectIdentifier: RecordedAdapter] = [:]
    private var resolving: Set<Key> = []
    private let fallback: (any Resolver)?
    /// Asks made by plugin service factories outside their `requires:`, as `Factory → Contract`.
    public private(set) var undeclaredAsks: [String] = []
    /// Per library (the module a contract is declared in), one contract of it the plugin provides.
    private var providedByLibrary: [String: ContractID] = [:]
    /// The module contracts of every plugin added (the one checked and any a test adds beside it).
    private(set) var providedModules: Set<ContractID> = []
    /// Whether a fallback answers for what is not here (in `viper check`, the host's registry).
    var hasFallback: Bool { fallback != nil }

    /// Makes an empty table that asks `fallback` for what it does not have.
    public init(fallback: (any Resolver)? = nil) {
        self.fallback = fallback
    }

    /// A table with the host's core services as test doubles: a ``FixedClock``,
    /// a ``MemoryLogger``, a ``TemporaryDataFolder`` and, as ``DatabaseOpening``,
    /// ``TemporaryDatabases`` (real SQLite files in that folder), so a store plugin
    /// is checked in process against the SQL it runs in viper.
    public static func standard(clock: FixedClock = FixedClock(), logger: MemoryLogger = MemoryLogger()) throws -> ServiceTable {
        let table = ServiceTable()
        let folder = try TemporaryDataFolder()
        table.register(Clock.self, instance: clock)
        table.register(Logger.self, instance: logger)
        table.register(DataFolder.self, instance: folder)
        table.register(DatabaseOpening.self, instance: TemporaryDatabases(folder: folder))
        return table
    }

    /// Registers one shared instance.
    public func register<Service>(_ contract: Service.Type, name: String? = nil, instance: Service) {
        register(contract, name: name) { _ in instance }
    }

    /// Registers a process-scoped factory (made on first resolve, then shared).
    public func register<Service>(_ contract: Service.Type, name: String? = nil,
                                  factory: @escaping (any Resolver) throws -> Service) {
        entries[Key(type: ObjectIdentifier(contract), name: name)] =
            Entry(contract: ContractID(contract), scope: .process, requires: nil, factory: { try factory($0) })
    }

    /// Registers a test double of a service the plugin under test registers too, and
    /// keeps it there: the plugin's own registration does not take its place, so the
    /// plugin's modules (and other services) resolve your double.
    /// ``Conformance/check(_:services:suites:)`` reports the replaced service as not
    /// applicable instead of checking the plugin's own factory.
    ///
    ///     let services = try ServiceTable.standard()
    ///     services.replace(TodoStore.self, instance: StubTodoStore())
    ///     let report = try Conformance.check(TodoPlugin.self, services: services)
    public func replace<Service>(_ contract: Service.Type, name: String? = nil, instance: Service) {
        replace(contract, name: name) { _ in instance }
    }

    /// Registers a process-scoped factory of a test double that the plugin's own
    /// registration of `contract` does not take the place of (see ``replace(_:name:instance:)``).
    public func replace<Service>(_ contract: Service.Type, name: String? = nil,
                                 factory: @escaping (any Resolver) throws -> Service) {
        entries[Key(type: ObjectIdentifier(contract), name: name)] =
            Entry(contract: ContractID(contract), scope: .process, requires: nil, replacesPlugin: true, factory: { try factory($0) })
    }

    /// Whether a test's double replaces the plugin's own `service` (see ``replace(_:name:instance:)``).
    func isReplaced(_ service: RecordedService) -> Bool {
        entries[Key(type: ObjectIdentifier(service.contractType), name: service.name)]?.replacesPlugin == true
    }

    /// Adds a plugin's services and adapters. Its factories see only what they declared;
    /// other asks are served but noted in ``undeclaredAsks``. A service that a test
    /// ``replace(_:name:instance:)``d keeps the test's double.
    public func add(_ plugin: RecordedPlugin) {
        for service in plugin.services {
            let key = Key(type: ObjectIdentifier(service.contractType), name: service.name)
            if entries[key]?.replacesPlugin == true { continue }
            entries[key] = Entry(contract: service.contract, scope: service.scope, requires: service.requires, factory: service.factory)
        }
        for adapter in plugin.adapters {
            adapters[ObjectIdentifier(adapter.requiredType)] = adapter
        }
        providedModules.formUnion(plugin.modules.map(\.contract))
        for contract in plugin.services.map(\.contract) + plugin.modules.map(\.contract) {
            let library = Self.library(of: contract)
            if library != "Contracts", providedByLibrary[library] == nil { providedByLibrary[library] = contract }
        }
    }

    /// Resolves from this table, through an adapter, or from the fallback.
    public func resolve<Service>(_ contract: Service.Type, name: String?) throws -> Service {
        let key = Key(type: ObjectIdentifier(contract), name: name)
        let id = ContractID(contract)
        if let entry = entries[key] {
            let value = try instance(of: entry, key: key, name: name)
            guard let service = value as? Service else {
                throw ResolutionError(code: .typeMismatch, contract: id, name: name, requester: "the conformance kit",
                                      registered: [], detail: String(describing: type(of: value)))
            }
            return service
        }
        if let adapter = adapters[key.type] {
            let providedKey = Key(type: ObjectIdentifier(adapter.providedType), name: name)
            guard let provided = entries[providedKey] else {
                throw ResolutionError(code: .notRegistered, contract: adapter.provided, name: name, requester: "the adapter to \(id.name)",
                                      registered: labels(), detail: "")
            }
            let value = try instance(of: provided, key: providedKey, name: name)
            guard let adapted = try adapter.adapt(value) as? Service else {
                throw ResolutionError(code: .typeMismatch, contract: id, name: name, requester: "the conformance kit",
                                      registered: [], detail: "the adapter's result")
            }
            return adapted
        }
        if let fallback {
            do {
                return try fallback.resolve(contract, name: name)
            } catch let error as ResolutionError
                        where error.code == .notRegistered && (error.detail.isEmpty || error.detail.hasPrefix(Self.testDoublePrefix)) {
                // viper check's host services: the same hint as in the plugin's own swift test.
                let note = ownLibraryNote(id)
                guard !note.isEmpty else { throw error }
                throw ResolutionError(code: .notRegistered, contract: id, name: name, requester: error.requester,
                                      registered: error.registered, detail: note)
            }
        }
        let note = ownLibraryNote(id)
        throw ResolutionError(code: .notRegistered, contract: id, name: name, requester: "the conformance kit",
                              registered: labels(), detail: note.isEmpty ? Self.testDoubleNote(id, name: name) : note)
    }

    /// How ``testDoubleNote(_:name:)`` begins (ResolutionError's description looks for it).
    static let testDoublePrefix = "in this swift test no other plugin is loaded"

    /// The fix in a package's own `swift test`, where no other plugin is loaded: a double of the
    /// service, registered on the table the test passes to ``Conformance/check(_:services:suites:)``.
    /// (In `viper check` a fallback answers, and its words name the plugins instead.)
    static func testDoubleNote(_ asked: ContractID, name: String?) -> String {
        let named = name.map { ", name: \"\($0)\"" } ?? ""
        // ResolutionError's description ends the sentence with a detail that begins so.
        return testDoublePrefix + ", so register a double of it on the table the test checks with: let services = try ServiceTable.standard(); "
            + "services.register(\(asked.shortName).self\(named), instance: YourDouble()); "
            + "then Conformance.check(YourPlugin.self, services: services, ...); in viper, the plugin that provides it serves it"
    }

    /// The module a contract is declared in: `ContactsKit` for `ContactsKit.ContactStore`.
    static func library(of contract: ContractID) -> String {
        String(contract.name.prefix { $0 != "." })
    }

    /// doctor's hint for a contract of a library whose other contracts the plugin provides: most
    /// often a forgotten registration, not a missing plugin. Empty when the plugin provides none.
    /// `registration` is the `Registrar` call that would provide it: `registerService` for a
    /// service, `registerModule` for a module a builder routes to.
    func ownLibraryNote(_ asked: ContractID, registration: String = "registerService") -> String {
        let library = Self.library(of: asked)
        guard let provided = providedByLibrary[library] else { return "" }
        return "\(asked.shortName) is a contract of \(library), whose \(provided.shortName) this plugin provides: "
            + "if it is meant to provide \(asked.shortName) too, register it in its register(in:) "
            + "(registrar.\(registration)(\(asked.shortName).self, ...))"
    }

    /// Whether this table, an adapter or the fallback has the service.
    public func canResolve(_ contract: Any.Type, name: String?) -> Bool {
        let key = Key(type: ObjectIdentifier(contract), name: name)
        if entries[key] != nil { return true }
        if let adapter = adapters[key.type], entries[Key(type: ObjectIdentifier(adapter.providedType), name: name)] != nil {
            return true
        }
        return fallback?.canResolve(contract, name: name) ?? false
    }

    private func instance(of entry: Entry, key: Key, name: String?) throws -> Any {
        if entry.scope == .process, let instance = entry.instance { return instance }
        guard resolving.insert(key).inserted else {
            throw ResolutionError(code: .cycle, contract: entry.contract, name: name, requester: "the conformance kit",
                                  registered: [], detail: "its factory resolves it again")
        }
        defer { resolving.remove(key) }
        let label = name.map { "\(entry.contract.shortName)[\($0)]" } ?? entry.contract.shortName
        let resolver: any Resolver
        if let requires = entry.requires {
            resolver = DeclaredOnlyResolver(base: self, declared: requires, requester: label) { [weak self] asked in
                self?.undeclaredAsks.append("\(label) → \(asked)")
            }
        } else {
            resolver = self
        }
        let value = try entry.factory(resolver)
        if entry.scope == .process { entry.instance = value }
        return value
    }

    private func labels() -> [String] {
        entries.values.map(\.contract.name).sorted()
    }
}
