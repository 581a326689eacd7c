import Contracts
import Synchronization

/// Identifies a registration in the live registry: the contract's type identity and a name.
package struct RegistryKey: Hashable {
    package let type: ObjectIdentifier
    package let name: String?

    /// Hashes the name only when there is one: most keys have none, and hashing a
    /// string costs more than the rest of a lookup. Named keys must hash apart: a
    /// plugin that registers 8,000 named routes of one contract made every insert
    /// compare against all the others (committing them was quadratic).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        if let name { hasher.combine(name) }
    }

    /// What a dictionary probe hashes. An unnamed key, the common one, is a type identity: its
    /// pointer mixed with the table's seed by a multiply-xorshift finaliser (a few instructions,
    /// not SipHash's hundred and more; type identities are the host's, not chosen by an attacker).
    /// A named key is hashed in full, as ``hash(into:)`` does.
    package func _rawHashValue(seed: Int) -> Int {
        guard name == nil else {
            var hasher = Hasher()
            hasher.combine(seed)
            hash(into: &hasher)
            return hasher.finalize()
        }
        let bits = (UInt(bitPattern: type) ^ UInt(bitPattern: seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: bits ^ (bits >> 29))
    }
}

/// A service factory registered by a plugin or the host.
///
/// The fields a resolve reads come first, before `contract`: `ContractID` and `ServiceScope` are
/// resilient types of Contracts, whose size is known only at run time, so every stored property
/// after the first of them is found through a field offset read from memory (two instructions an
/// access in the release build's code, four accesses a resolve). Those before it sit at fixed offsets.
package final class ServiceRegistration {
    /// The typed factory. Invariant, kept by the two places that make registrations
    /// (`Registry.addHostService` and `RecordingRegistrar.registerService`, both generic over
    /// the contract): it is a `ServiceFactory<C>` where `key.type == ObjectIdentifier(C.self)`,
    /// so a resolve that found it under the asked-for type downcasts it without a dynamic cast.
    package let factory: AnyServiceFactory
    /// `scope == .process`, kept as a Bool: comparing the resilient enum of Contracts is a call.
    package let isProcessScoped: Bool
    /// The resolver handed to the factory: names this registration as the requester. Set once,
    /// under the registry's lock, before the registration is in any snapshot, and only read
    /// after: so no access can overlap a write, and the runtime's dynamic exclusivity check on
    /// every read of a class's `var` is skipped (it would be a call on every resolve).
    @exclusivity(unchecked) package var nestedResolver: ScopedResolver?
    /// Names the plugin while its factory runs (``PluginExitGuard``); nil for the host's services.
    package let exitMark: PluginExitGuard.Mark?
    /// Set when the plugin's registrations are withdrawn (live reload): a ``Provider`` bound to
    /// this registration then resolves again instead of calling a factory that is gone.
    package let withdrawn = Atomic<Bool>(false)
    package let key: RegistryKey
    package let contract: ContractID
    package let name: String?
    package let scope: ServiceScope
    package let requires: [Requirement]
    package let plugin: String

    package init(
        key: RegistryKey, contract: ContractID, name: String?, scope: ServiceScope,
        requires: [Requirement], plugin: String, factory: AnyServiceFactory, exitMark: PluginExitGuard.Mark? = nil
    ) {
        self.key = key
        self.contract = contract
        self.name = name
        self.scope = scope
        self.isProcessScoped = scope == .process
        self.requires = requires
        self.plugin = plugin
        self.factory = factory
        self.exitMark = exitMark
    }

    package var label: String { Registry.label(contract, name) }
}

/// A service factory with its type erased, for storage, and the process-scoped instance once made.
package class AnyServiceFactory {
    /// The process-scoped instance, an `InstanceBox<Service>` retained once, published by the
    /// first thread that made one (compare-and-exchange) and read without a lock.
    private let shared = Atomic<UnsafeRawPointer?>(nil)

    deinit {
        if let box = shared.load(ordering: .acquiring) { Unmanaged<AnyObject>.fromOpaque(box).release() }
    }

    /// The published instance's box, or nil before the first one is made.
    @inline(__always)
    package final var sharedBox: UnsafeRawPointer? { shared.load(ordering: .acquiring) }

    /// Publishes `box` unless another thread did first; returns the box that won.
    package final func publish(_ box: AnyObject) -> UnsafeRawPointer {
        let candidate = UnsafeRawPointer(Unmanaged.passRetained(box).toOpaque())
        let (exchanged, winner) = shared.compareExchange(
            expected: nil, desired: candidate,
            successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        guard !exchanged, let winner else { return candidate }
        Unmanaged<AnyObject>.fromOpaque(candidate).release()
        return winner
    }

    /// An instance, boxed, made (or shared) as the registration's scope says.
    package func anyInstance(in registry: Registry, of registration: ServiceRegistration, requester: String) throws -> Any {
        throw HostError("AnyServiceFactory is abstract")
    }
}

/// A process-scoped instance, boxed so that its pointer can be published atomically.
package final class InstanceBox<Service> {
    package let value: Service
    package init(_ value: Service) { self.value = value }
}

/// A service factory that keeps its type, so a resolve needs no cast of the result.
package final class ServiceFactory<Service>: AnyServiceFactory {
    package let make: (any Resolver) throws -> Service

    package init(_ make: @escaping (any Resolver) throws -> Service) {
        self.make = make
    }

    package override func anyInstance(in registry: Registry, of registration: ServiceRegistration, requester: String) throws -> Any {
        try registry.instance(self, of: registration, requester: requester)
    }
}

/// A module builder registered by a plugin.
///
/// What building a module reads (`builder`, `conforms`) comes first, at fixed offsets, before the
/// resilient `ContractID` (see ``ServiceRegistration``).
package final class ModuleRegistration {
    package let builder: any ModuleBuilder
    /// Checks that a built module's input conforms to the contract.
    package let conforms: (AnyObject) -> Bool
    package let key: RegistryKey
    package let contract: ContractID
    package let name: String?
    package let route: RouteSpec?
    package let requires: [Requirement]
    package let plugin: String
    /// The marks of calls into the views built from it (drawing, title, commands, kept work), made
    /// at the first: every module of this registration shares them, so opening one makes no text.
    lazy var viewMarks = ModuleMarks(plugin: "plugin '\(plugin)'", label: moduleLabel)
    /// The type of a view built from it that does not adopt `RestorableModule` (``ModuleEntry/restorable``).
    var viewTypeKeepingNoWork: ObjectIdentifier?

    /// How lines name its modules: `HelloInput (greeter)`, `NoteEditing[draft] (notes)`.
    package var moduleLabel: String {
        "\(contract.shortName)\(name.map { "[\($0)]" } ?? "") (\(plugin))"
    }

    package init(
        key: RegistryKey, contract: ContractID, name: String?, route: RouteSpec?, requires: [Requirement],
        plugin: String, builder: any ModuleBuilder, conforms: @escaping (AnyObject) -> Bool
    ) {
        self.key = key
        self.contract = contract
        self.name = name
        self.route = route
        self.requires = requires
        self.plugin = plugin
        self.builder = builder
        self.conforms = conforms
    }
}

/// Serves a required contract from a provided one (ZIKRouter's adapter).
package final class AdapterRegistration {
    package let required: ObjectIdentifier
    package let requiredContract: ContractID
    package let provided: ObjectIdentifier
    package let providedContract: ContractID
    package let plugin: String
    package let adapt: (Any) throws -> Any?

    package init(
        required: ObjectIdentifier, requiredContract: ContractID, provided: ObjectIdentifier,
        providedContract: ContractID, plugin: String, adapt: @escaping (Any) throws -> Any?
    ) {
        self.required = required
        self.requiredContract = requiredContract
        self.provided = provided
        self.providedContract = providedContract
        self.plugin = plugin
        self.adapt = adapt
    }
}
