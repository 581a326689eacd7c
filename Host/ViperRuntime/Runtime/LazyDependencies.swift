import ViperCore

/// A start's dependency list (``HostRuntime/dependencies``): given, or worked out once when
/// first read (a start that reused the kept graph: only `doctor`, `plugins` and `graph` read it).
///
/// Not locked itself: ``HostRuntime`` uses it under its `state` lock.
final class LazyDependencies {
    private var list: [Dependency]?
    private var make: (() -> [Dependency])?

    init(_ list: [Dependency]) {
        self.list = list
    }

    init(computing make: @escaping () -> [Dependency]) {
        self.make = make
    }

    var value: [Dependency] {
        if let list { return list }
        let made = make?() ?? []
        list = made
        make = nil
        return made
    }
}
