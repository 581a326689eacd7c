import Foundation
import ViperRuntime
import ViperTestSupport

/// Configures and starts a ``HostRuntime`` in this process with exactly the plugins a test names:
/// its own data and XDG folders, no `VIPER_PLUGIN_PATH`, and a "bundled" folder that
/// holds only links to the bundled plugins asked for, never the whole products folder.
package enum TestRuntime {
    /// Where a test runtime keeps its folders.
    package struct Folders {
        package let base: String
        package var data: String { base + "/data" }
        package var xdg: String { base + "/xdg" }
        package var bundled: String { base + "/bundled" }
    }

    package static func makeFolders(bundled: [String] = []) throws -> Folders {
        let folders = Folders(base: try TemporaryFolder.make("runtime"))
        for folder in [folders.data, folders.xdg, folders.bundled] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for name in bundled {
            try TemporaryFolder.link(BuildProducts.plugin(name), as: "lib\(name)Plugin.so", in: folders.bundled)
        }
        return folders
    }

    /// Options for a runtime that loads everything in this process at start-up.
    package static func options(_ folders: Folders, plugins: [String] = [], preferences: [String: String] = [:],
                        environment extra: [String: String] = [:]) -> RuntimeOptions {
        var environment = ["HOME": folders.base, "XDG_DATA_HOME": folders.xdg, "VIPER_DATA_DIR": folders.data,
                           "VIPER_NOW": "2026-03-02T09:30:00Z", "VIPER_TZ": "UTC"]
        environment.merge(extra) { _, new in new }
        var options = RuntimeOptions(environment: environment, executableDirectory: folders.bundled)
        options.pluginFlags = plugins
        options.preferences = preferences
        options.echoLevel = nil
        options.scanMode = .inProcess
        return options
    }

    /// A runtime configured with `options` and started (its report is in its ``HostRuntime/records`` and ``HostRuntime/problems``).
    package static func start(_ options: RuntimeOptions) throws -> HostRuntime {
        let runtime = HostRuntime(options: options)
        try runtime.start()
        return runtime
    }

    /// A runtime with `plugins` given as `--plugins` and `bundled` plugins (e.g. `Greeter`) beside it.
    package static func make(plugins: [String] = [], bundled: [String] = [], preferences: [String: String] = [:],
                     environment: [String: String] = [:]) throws -> HostRuntime {
        let folders = try makeFolders(bundled: bundled)
        return try TestRuntime.start(options(folders, plugins: plugins, preferences: preferences, environment: environment))
    }
}

extension HostRuntime {
    /// The record of the plugin named `name`, if found.
    package func record(named name: String) -> PluginRecord? {
        records.first { $0.name == name }
    }

    /// The record of the file at `path`, if found.
    package func record(at path: String) -> PluginRecord? {
        records.first { $0.path == path }
    }

    /// Problem lines, in order.
    package var problemLines: [String] { problems.map(\.message) }
}
