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

// Adapters of every shape (Tests/Fixtures/Adapters, AdapterShapeTests): a module is
// provided as Panel only; Banner is adapted from Panel, Poster from Banner (a chain of
// two); Welcome is adapted from Greeting, itself adapted from Salutation; Ping and Pong
// are adapted from each other (a cycle); Orphan is adapted from Absent, which nothing provides.

/// The input of the one module a fixture provides (Adapters/PanelPlugin.swift).
public protocol Panel: AnyObject {
    var caption: String { get }
}

/// A module input served only through an adapter from ``Panel``.
public protocol Banner: AnyObject {
    var headline: String { get }
}

/// A module input served only through an adapter from ``Banner``: two adapters from ``Panel``.
public protocol Poster: AnyObject {
    var slogan: String { get }
}

/// A service served only through an adapter from ``Greeting``: two adapters from ``Salutation``.
public protocol Welcome: AnyObject {
    var message: String { get }
}

/// Adapted from ``Pong``, which is adapted from ``Ping``: nothing provides either.
public protocol Ping: AnyObject {}

/// Adapted from ``Ping``.
public protocol Pong: AnyObject {}

/// Adapted from ``Absent``, which nothing provides.
public protocol Orphan: AnyObject {}

/// Provided by nothing.
public protocol Absent: AnyObject {}
