import Contracts

/// Builds one registered module for checks, the way the host would: with a
/// resolver limited to what the registration declared, a ``SpyRouter``, and no
/// route parameters (as when opened by contract). Remembers every service asked
/// for and every module routed to outside the declaration, unless the module
/// asked `canResolve`/`canRoute` first (an optional dependency). What the builder
/// declares in its type (`Dependencies`, `ModuleRoutes`) counts as declared here;
/// where the registration does not carry it, ``drift`` says so.
public final class ModuleHarness {
    /// The module under test.
    public let module: RecordedModule
    /// The real source of services, for suites that put data in place first
    /// (e.g. a note in the ``NoteStore`` before configuring an editor with it).
    public let services: any Resolver
    private let ownModules: Set<ContractID>
    /// Undeclared services and modules asked for by any build so far, each once.
    public private(set) var undeclared: [String] = []

    /// - Parameters:
    ///   - module: what to build.
    ///   - services: the real source of declared services.
    ///   - ownModules: contracts the same plugin provides (routing to them needs no declaration).
    public init(module: RecordedModule, services: any Resolver, ownModules: Set<ContractID> = []) {
        self.module = module
        self.services = services
        self.ownModules = ownModules
    }

    /// Builds a new module. Throws a ``CheckFailure`` with the builder's error.
    public func build() throws -> ModuleUnderTest {
        let router = SpyRouter()
        let declaration = BuilderDeclaration(module.builder)
        let declaredModules = Set(module.requires.filter { $0.kind == .module }.map(\.contract))
        // Declared in the builder's type but not carried by the registration: `drift` says so once.
        let uncarried = Set(declaration.uncarried(by: module.requires).map(\.contract))
        var probed = Set<ContractID>()
        router.onProbe = { probed.insert($0) }
        router.onCall = { [weak self] call in
            guard let self else { return }
            switch call {
            case .route(let contract, let name, _), .embed(let contract, let name):
                if !declaredModules.contains(contract) && !self.ownModules.contains(contract) && !probed.contains(contract)
                    && !uncarried.contains(contract) {
                    self.note("module " + (name.map { "\(contract.name)[\($0)]" } ?? contract.name)
                              + " (\(declaration.whereToDeclare(route: contract)), or ask canRoute(to:) first if it is optional)")
                }
            case .open, .close:
                break
            }
        }
        let resolver = DeclaredOnlyResolver(base: services, declared: module.requires + declaration.services, requester: module.label) { [weak self] asked in
            self?.note("service \(asked) (add .service(\(asked.contract.shortName).self\(asked.name.map { ", name: \"\($0)\"" } ?? "")) to requires: or to the builder's Dependencies, or ask canResolve first if it is optional)")
        }
        let context = StubModuleContext(resolver: resolver, router: router)
        do {
            return ModuleUnderTest(built: try module.builder.build(context), router: router)
        } catch {
            throw CheckFailure("its builder threw: \(error)")
        }
    }

    private func note(_ text: String) {
        if !undeclared.contains(text) { undeclared.append(text) }
    }
}
