/// Contracts the in-process registry tests register and resolve. They live in the
/// test module, so their names are `ViperRuntimeTests.<Name>`.

/// A service with identity, for scope tests.
package protocol Tally: AnyObject {
    var id: Int { get }
}

/// A service registered under several names.
package protocol Welcome: AnyObject {
    var text: String { get }
}

/// A contract nothing registers.
package protocol NeverRegistered: AnyObject {}

/// Two services whose factories resolve each other, registered without declaring it.
package protocol Ping: AnyObject {}
package protocol Pong: AnyObject {}

/// What a text-editing plugin provides, as a service and as a module input.
package protocol DocumentEditing: AnyObject {
    var content: String { get set }
}

/// What a notes plugin requires; an adapter serves it from ``DocumentEditing``.
package protocol MemoEditing: AnyObject {
    func edit(note: String)
    var editedNote: String { get }
}
