import Foundation
import ViperLoading
import ViperRuntime

/// Folders and runtime options for one fuzz target: its own data folder under the
/// system temporary folder, a pinned clock, and the plugins beside the fuzzer.
struct FuzzSetup {
    /// The folder that holds everything the target writes.
    let base: String
    /// The folder of the running executable: the bundled plugins and `viper` are there.
    let products: String

    init(label: String) throws {
        base = NSTemporaryDirectory() + "viper-fuzz-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
        products = Paths.executableDirectory()
        for folder in [base, data, base + "/xdg"] {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755])
        }
    }

    var data: String { base + "/data" }

    /// The `viper` executable beside this one, used as the plugin scanner.
    var viper: String { Paths.join(products, "viper") }

    /// The environment a runtime sees: pinned clock, this target's folders, no plugin path.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["VIPER_DATA_DIR"] = data
        environment["XDG_DATA_HOME"] = base + "/xdg"
        environment["HOME"] = base
        environment["VIPER_NOW"] = "2026-03-02T09:30:00Z"
        environment["VIPER_TZ"] = "UTC"
        environment["NO_COLOR"] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        environment.removeValue(forKey: "VIPER_LOAD")
        return environment
    }

    /// Options for a runtime over the bundled plugins (and `plugins`), scanned in a child or loaded in process.
    func options(plugins: [String] = [], isolated: Bool, bundled: String? = nil) -> RuntimeOptions {
        var options = RuntimeOptions(environment: environment, executableDirectory: bundled ?? products)
        options.pluginFlags = plugins
        options.echoLevel = nil
        options.scanMode = isolated ? .isolated : .inProcess
        options.scannerExecutable = viper
        options.scanTimeout = 5
        return options
    }

    /// Removes everything the target wrote.
    func remove() {
        try? FileManager.default.removeItem(atPath: base)
    }
}
