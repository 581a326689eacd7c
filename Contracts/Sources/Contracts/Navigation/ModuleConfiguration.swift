/// What a caller asks a module's builder to build, handed over before the module
/// exists (ZIKRouter's module configuration). Declare one beside the contract; its
/// ``Contract`` ties it to that contract, so a route can carry it only to a module of
/// that contract. A builder reads it with ``ModuleContext/configuration(_:)`` and
/// chooses what to build; the route's `prepare` still sets the built module's input.
///
///     public struct NoteEditorConfiguration: ModuleConfiguration {
///         public typealias Contract = any NoteEditing
///         public let noteID: Int64?
///     }
///
///     // The caller:
///     try router.push(NoteEditorConfiguration(noteID: 42)) { $0.output = self }
///
///     // The builder:
///     let noteID = context.configuration(NoteEditorConfiguration.self)?.noteID
///
/// Added in Contracts 1.3: a plugin that uses it must be built against 1.3 or later.
public protocol ModuleConfiguration {
    /// The contract whose modules this configuration builds, e.g. `any NoteEditing`.
    associatedtype Contract
}

extension ModuleConfiguration {
    /// ``Contract`` as a type value, for comparing with a route's contract.
    public static var contract: Any.Type { Contract.self }
}

extension RouteRequest {
    /// Describes a route to the module of `configuration`'s contract, carrying the
    /// configuration to its builder.
    public init<Configuration: ModuleConfiguration>(
        _ configuration: Configuration,
        name: String? = nil,
        transition: Transition = .push,
        prepare: ((Input) throws -> Void)? = nil,
        completion: ((Input) -> Void)? = nil,
        failure: ((any Error) -> Void)? = nil
    ) where Configuration.Contract == Input {
        self.init(Input.self, name: name, transition: transition, prepare: prepare, completion: completion, failure: failure)
        self.configuration = configuration
    }
}

extension ModuleContext {
    /// The route's configuration as `type`; nil when the route carried none (opened
    /// from a shell path, or by contract without one) or one of another type.
    public func configuration<Configuration: ModuleConfiguration>(_ type: Configuration.Type) -> Configuration? {
        configuration as? Configuration
    }
}
