// Contracts shared by the fixture plugins, built as its own libFixtureContracts.so
// so that two fixtures can provide, require and adapt the same protocols
// (the way feature plugins share the protocols in Contracts).

/// A service two fixtures both provide (duplicate providers) or one adapts to.
public protocol Greeting: AnyObject {
    /// The greeting.
    var text: String { get }
}

/// A service an adapter turns into a ``Greeting``.
public protocol Salutation: AnyObject {
    /// The words.
    var words: String { get }
}

/// Half of a service cycle: its factory needs ``Chicken``.
public protocol Egg: AnyObject {}

/// The other half: its factory needs ``Egg``.
public protocol Chicken: AnyObject {}
