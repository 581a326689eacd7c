/// Contracts the in-process registry tests register and resolve. They live in the
/// test module, so their names are `ViperRuntimeTests.<Name>`.

/// A service with identity, for scope tests.
protocol Tally: AnyObject {
    var id: Int { get }
}

/// A service registered under several names.
protocol Welcome: AnyObject {
    var text: String { get }
}

/// A contract nothing registers.
protocol NeverRegistered: AnyObject {}

/// Two services whose factories resolve each other, registered without declaring it.
protocol Ping: AnyObject {}
protocol Pong: AnyObject {}

/// What a text-editing plugin provides, as a service and as a module input.
protocol DocumentEditing: AnyObject {
    var content: String { get set }
}

/// What a notes plugin requires; an adapter serves it from ``DocumentEditing``.
protocol MemoEditing: AnyObject {
    func edit(note: String)
    var editedNote: String { get }
}
