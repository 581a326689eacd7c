import Contracts

/// A ``Router`` that records where a module asks to go and goes nowhere.
///
/// It never runs `prepare` or `completion` and keeps no closure, so a module
/// that holds its router strongly is not kept alive by it.
public final class SpyRouter: Router {
    /// One navigation request.
    public enum Call: Hashable, CustomStringConvertible {
        /// ``Router/route(_:)`` with its contract, name and transition.
        case route(ContractID, name: String?, Transition)
        /// ``Router/embed(_:name:prepare:)``.
        case embed(ContractID, name: String?)
        /// ``Router/open(path:)``.
        case open(String)
        /// ``Router/close()``.
        case close

        public var description: String {
            switch self {
            case .route(let contract, let name, let transition): return "\(transition.rawValue) \(Self.label(contract, name))"
            case .embed(let contract, let name): return "embed \(Self.label(contract, name))"
            case .open(let path): return "open \(path)"
            case .close: return "close"
            }
        }

        private static func label(_ contract: ContractID, _ name: String?) -> String {
            name.map { "\(contract.name)[\($0)]" } ?? contract.name
        }
    }

    /// Every request, in order.
    public private(set) var calls: [Call] = []
    /// The configurations routes carried to builders (``ModuleConfiguration``), in order.
    public private(set) var configurations: [any ModuleConfiguration] = []
    /// The contracts of the modules callers removed through the handles
    /// ``Router/perform(_:)`` returned, in order.
    public private(set) var removed: [ContractID] = []
    /// Answers ``Router/canRoute(to:name:)``; by default every contract can be routed to.
    public var canRouteAnswer: (ContractID, String?) -> Bool = { _, _ in true }
    /// Told of every request (the kit uses it to find routes to undeclared modules).
    var onCall: ((Call) -> Void)?
    /// Told of every ``Router/canRoute(to:name:)`` question: a module that asks
    /// first treats the contract as optional.
    var onProbe: ((ContractID) -> Void)?

    /// Makes a router with no requests.
    public init() {}

    private func note(_ call: Call) {
        calls.append(call)
        onCall?(call)
    }

    /// Records the route; does not build anything.
    public func route<Input>(_ request: RouteRequest<Input>) throws {
        note(.route(ContractID(request.contract), name: request.name, request.transition))
        request.configuration.map { configurations.append($0) }
    }

    /// Records the route like ``route(_:)`` and returns a handle that is on screen
    /// until it is removed; removing it records the contract in ``removed``.
    public func perform<Input>(_ request: RouteRequest<Input>) throws -> any RoutedModule {
        try route(request)
        return SpyRoutedModule(contract: ContractID(request.contract), router: self)
    }

    fileprivate func noteRemoval(_ contract: ContractID) {
        removed.append(contract)
    }

    /// Records the embed and returns a ``StubModuleView`` titled after the contract.
    public func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView {
        let id = ContractID(contract)
        note(.embed(id, name: name))
        return StubModuleView(title: id.shortName)
    }

    /// Records the path.
    public func open(path: String) throws {
        note(.open(path))
    }

    /// Records the close.
    public func close() {
        note(.close)
    }

    /// Asks ``canRouteAnswer``.
    public func canRoute(to contract: Any.Type, name: String?) -> Bool {
        onProbe?(ContractID(contract))
        return canRouteAnswer(ContractID(contract), name)
    }
}

/// The handle ``SpyRouter/perform(_:)`` returns.
private final class SpyRoutedModule: RoutedModule {
    let contract: ContractID
    weak var router: SpyRouter?
    private(set) var isOnScreen = true

    init(contract: ContractID, router: SpyRouter) {
        self.contract = contract
        self.router = router
    }

    func remove() throws {
        guard isOnScreen else {
            throw CommandError("cannot remove \(contract.shortName): it was already removed")
        }
        isOnScreen = false
        router?.noteRemoval(contract)
    }
}
