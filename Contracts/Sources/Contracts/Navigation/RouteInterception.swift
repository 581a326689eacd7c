/// A navigation about to happen, as an interceptor sees it (ZIKRouter's route
/// interception): which contract, by which name, opened from where.
///
/// Interceptors run before the module's builder, so nothing exists yet. See
/// ``Registrar/registerInterceptor(for:intercept:)``.
public struct RouteAttempt: Sendable, Hashable {
    /// The contract routed to, e.g. `Contracts.NoteEditing`.
    public let contract: ContractID
    /// The registration name, nil for the unnamed one.
    public let name: String?
    /// The shell path that was opened (such as `notes/42`), or nil for a route by contract.
    public let path: String?
    /// Who asked: a module's label, or `the shell`.
    public let requester: String

    /// Describes an attempt (the host makes these; tests may too).
    public init(contract: ContractID, name: String? = nil, path: String? = nil, requester: String) {
        self.contract = contract
        self.name = name
        self.path = path
        self.requester = requester
    }
}

/// What an interceptor decides about a ``RouteAttempt``.
public enum RouteDecision: Sendable, Hashable {
    /// Let the navigation go on (to the next interceptor, then the builder).
    case allow
    /// Open this shell path instead (for example `login`), with the same transition.
    /// The redirected route is intercepted too; a chain of redirects is bounded and
    /// a loop fails with an error that names it.
    case redirect(path: String)
    /// Refuse the navigation; `reason` is shown to the person (for example "sign in first").
    case refuse(reason: String)
}

/// A failed navigation, as a route error observer sees it.
public struct RouteFailure: Sendable, Hashable {
    /// The kind of failure as text, such as `noRoute`, `notRegistered`, `buildFailed` or `refused`
    /// (``code`` is the same, typed).
    public let kind: String
    /// One line for the person: what was wrong and what to do.
    public let message: String

    /// Describes a failure (the host makes these; tests may too).
    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }

    /// Describes a failure of a known kind.
    public init(code: Code, message: String) {
        self.init(kind: code.rawValue, message: message)
    }

    /// The kind of failure, typed: compare it with ``Code``'s members,
    /// `if failure.code == .refused { ... }`.
    public var code: Code { Code(rawValue: kind) }

    /// The kinds of failed navigation. A struct, not an enum, so that a later Contracts minor can
    /// add a kind without breaking a plugin that switches over them (give such a `switch` a
    /// `default`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as ``RouteFailure/kind`` carries it.
        public let rawValue: String

        /// A kind by name; an unknown name is a kind of its own.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The kind's name.
        public var description: String { rawValue }

        /// No route pattern matches the path.
        public static let noRoute = Code(rawValue: "noRoute")
        /// The path's query or parameters are malformed or not accepted by the route.
        public static let badParameter = Code(rawValue: "badParameter")
        /// No module is registered for the contract, or its provider is disabled.
        public static let notRegistered = Code(rawValue: "notRegistered")
        /// The module's builder threw.
        public static let buildFailed = Code(rawValue: "buildFailed")
        /// The built module does not conform to the contract, or its adapter failed.
        public static let typeMismatch = Code(rawValue: "typeMismatch")
        /// The caller's `prepare` threw.
        public static let prepareFailed = Code(rawValue: "prepareFailed")
        /// The navigation is not allowed from here, or an interceptor refused it.
        public static let refused = Code(rawValue: "refused")
        /// A shell command (`back`, `home`, `close`, `dismiss`) had nothing to act on.
        public static let nothingToDo = Code(rawValue: "nothingToDo")
    }
}

extension Registrar {
    /// Registers an interceptor for routes to `contract` (by contract or by shell path):
    /// it runs before the builder and decides ``RouteDecision/allow``,
    /// ``RouteDecision/redirect(path:)`` or ``RouteDecision/refuse(reason:)``.
    ///
    ///     registrar.registerInterceptor(for: NoteEditing.self) { attempt, resolver in
    ///         try resolver.resolve(Session.self).currentUser == nil ? .redirect(path: "login") : .allow
    ///     }
    ///
    /// Interceptors of one contract run in the order of their plugins' names; the first
    /// that does not allow decides. A plugin registers at most one per contract. An error
    /// thrown refuses the route with the error's text. Embedded children are not intercepted.
    public func registerInterceptor<Input>(
        for contract: Input.Type,
        intercept: @escaping (RouteAttempt, any Resolver) throws -> RouteDecision
    ) {
        registerInterceptor(for: contract, name: nil, intercept: intercept)
    }

    /// Ignores the interceptor: the default for a registrar that does not implement
    /// interception (such as a test double written before Contracts 1.3).
    public func registerInterceptor<Input>(
        for contract: Input.Type,
        name: String?,
        intercept: @escaping (RouteAttempt, any Resolver) throws -> RouteDecision
    ) {}

    /// Ignores the observer: the default for a registrar that does not report route
    /// errors (such as a test double written before Contracts 1.3).
    public func observeRouteErrors(_ observer: @escaping (RouteFailure) -> Void) {}
}
