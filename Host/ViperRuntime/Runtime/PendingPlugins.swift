import Contracts
import ViperCore
import ViperLoading

/// An enabled plugin not loaded yet: what the scan saw, which loading must match.
struct PendingPlugin {
    let file: PluginFile
    /// Labels it provides that lost to the host or another provider.
    let overridden: Set<String>
    /// The digest the scan computed, so an unchanged file is not hashed again when it loads.
    let known: KnownDigest?
    /// What the scan recorded, which loading in this process must match (shared with its record).
    let scanned: ScannedDescriptor
    /// The stamp of the file the scan opened.
    let stamp: FileStamp?
}

/// The plugins validated from their descriptors but not loaded, and which of them
/// serve each ``ProvisionKey``, so a miss in the registry loads only what it needs.
///
/// Invariants:
/// - A plugin is taken out at most once: ``take(serving:)`` and ``takeAll()`` remove
///   what they return, so no plugin is loaded twice.
/// - For a key, plugins that provide it directly come before adapters, the one added
///   last first (the validator chose among direct providers already); an adapter
///   serves its contract as a service and as a module.
/// - Overridden provisions are not indexed: a miss never loads a plugin for what it lost.
/// - The index of who serves what is made at the first lookup (a start-up adds a plugin in
///   constant time and decodes no descriptor), in the order the plugins were added, so it is
///   the index adding them one by one gives.
/// - Not locked itself: ``HostRuntime`` uses it under its `state` lock.
struct PendingPlugins {
    private var plugins: [String: PendingPlugin] = [:]
    /// Plugin names that serve each key, preferred first (without ``unindexed``).
    private var providers: [ProvisionKey: [String]] = [:]
    /// Names of the plugins added since the index was last brought up to date, in order (each
    /// plugin is kept once, in `plugins`: a start-up adds a thousand).
    private var unindexed: [String] = []

    var isEmpty: Bool { plugins.isEmpty }

    mutating func add(_ plugin: PendingPlugin, name: String) {
        plugins[name] = plugin
        unindexed.append(name)
    }

    /// Indexes what the plugins added since the last lookup serve.
    private mutating func updateIndex() {
        for name in unindexed {
            if let plugin = plugins[name] { index(plugin, name: name) }
        }
        unindexed.removeAll()
    }

    private mutating func index(_ plugin: PendingPlugin, name: String) {
        for provision in plugin.scanned.descriptor.provides {
            let key = ProvisionKey(provision)
            guard !plugin.overridden.contains(key.label) else { continue }
            switch provision.kind {
            case .service, .module, .interceptor:
                providers[key, default: []].insert(name, at: 0)
            case .adapter:
                providers[key.with(kind: .service), default: []].append(name)
                providers[key.with(kind: .module), default: []].append(name)
            @unknown default:
                continue
            }
        }
    }

    /// Removes and returns the pending plugins that serve `key` and that `wanted` takes, preferred
    /// first; the others stay pending (an interceptor that is off: its plugin may still serve a module).
    mutating func take(
        serving key: ProvisionKey, where wanted: (String, PendingPlugin) -> Bool = { _, _ in true }
    ) -> [(name: String, plugin: PendingPlugin)] {
        updateIndex()
        return (providers[key] ?? []).compactMap { name in
            guard let plugin = plugins[name], wanted(name, plugin) else { return nil }
            plugins.removeValue(forKey: name)
            return (name, plugin)
        }
    }

    /// Removes the plugin `name` (its file was removed, or a new version took over), so no miss loads it.
    mutating func remove(named name: String) {
        guard plugins.removeValue(forKey: name) != nil else { return }
        unindexed.removeAll { $0 == name }
        providers = providers.compactMapValues { names in
            let kept = names.filter { $0 != name }
            return kept.isEmpty ? nil : kept
        }
    }

    /// Removes and returns every pending plugin, by name.
    mutating func takeAll() -> [(name: String, plugin: PendingPlugin)] {
        let all = plugins.sorted { $0.key < $1.key }.map { (name: $0.key, plugin: $0.value) }
        plugins.removeAll()
        unindexed.removeAll()
        return all
    }
}

extension PendingPlugin {
    /// A pending plugin whose scan recorded `scanned` (decoded already).
    init(file: PluginFile, overridden: Set<String>, known: KnownDigest?, scanned: PluginDescriptor, stamp: FileStamp?) {
        self.init(file: file, overridden: overridden, known: known, scanned: ScannedDescriptor(scanned), stamp: stamp)
    }
}
