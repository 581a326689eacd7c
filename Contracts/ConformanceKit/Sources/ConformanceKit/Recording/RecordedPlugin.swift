import Contracts

/// Everything one plugin registered, recorded without a host: what the checks run against.
///
///     let plugin = try RecordedPlugin.record(CounterPlugin.self)
///     let report = Conformance.check(plugin)
public struct RecordedPlugin {
    /// The plugin's manifest.
    public let manifest: PluginManifest
    /// Modules in registration order.
    public let modules: [RecordedModule]
    /// Services in registration order.
    public let services: [RecordedService]
    /// Adapters in registration order.
    public let adapters: [RecordedAdapter]
    /// Registrations made twice.
    public let duplicates: [String]

    /// Makes a recording from its parts.
    public init(manifest: PluginManifest, recorder: PluginRecorder) {
        self.manifest = manifest
        modules = recorder.modules
        services = recorder.services
        adapters = recorder.adapters
        duplicates = recorder.duplicates
    }

    /// Runs `plugin`'s registration in this process and records it (no `dlopen`).
    /// Throws a ``RecordingError`` when registration throws.
    public static func record(_ plugin: any Plugin.Type) throws -> RecordedPlugin {
        let recorder = PluginRecorder()
        do {
            try plugin.register(in: recorder)
        } catch {
            throw RecordingError("plugin '\(plugin.manifest.name)' failed to register: \(error); fix its register(in:)")
        }
        return RecordedPlugin(manifest: plugin.manifest, recorder: recorder)
    }

    /// The C type of a plugin's `viper_plugin_entry` symbol.
    public typealias EntryFunction = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// Calls a dlopened plugin's `viper_plugin_entry` with a ``RecordingConnection``
    /// and records what it registers. Throws a ``RecordingError`` when the entry fails.
    public static func record(entry: EntryFunction) throws -> RecordedPlugin {
        let connection = RecordingConnection()
        let status = withExtendedLifetime(connection) {
            entry(Unmanaged.passUnretained(connection as AnyObject).toOpaque())
        }
        switch status {
        case PluginEntry.ok:
            guard let manifest = connection.manifest else {
                throw RecordingError("its entry point returned success without registering; call PluginEntry.run from viper_plugin_entry")
            }
            return RecordedPlugin(manifest: manifest, recorder: connection.recorder)
        case PluginEntry.registrationFailed:
            throw RecordingError("plugin '\(connection.manifest?.name ?? "?")' failed to register: \(connection.failure ?? "no reason given"); fix its register(in:)")
        default:
            throw RecordingError("its entry point reported failure (status \(status)); call PluginEntry.run from viper_plugin_entry and return its result")
        }
    }
}
