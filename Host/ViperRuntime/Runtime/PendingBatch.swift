import ViperLoading

/// Pending plugins a start-up adds at once, each made into a ``PendingPlugin`` only when the
/// table they go to is first read (``PendingPlugins``: a registry miss, a removal by a reload,
/// `takeAll`). A warm start with a thousand plugins that the person quits before asking for
/// anything makes none of them (the figures are in docs/benchmarks).
///
/// Invariants:
/// - ``plugin(_:)`` for a position in `0..<count` gives the same value whenever asked: it reads
///   only what the batch captured when it was made, and nothing changes that.
/// - A position whose plugin is nil is skipped, as if it had never been added.
struct PendingBatch {
    /// How many positions the batch has.
    let count: Int
    /// The plugin at a position in `0..<count`, with its name; nil to skip it.
    let plugin: (Int) -> (name: String, plugin: PendingPlugin)?

    init(count: Int, plugin: @escaping (Int) -> (name: String, plugin: PendingPlugin)?) {
        self.count = count
        self.plugin = plugin
    }

    /// One plugin, made already.
    init(_ plugin: PendingPlugin, name: String) {
        self.init(count: 1) { _ in (name, plugin) }
    }
}
