import Foundation
import ViperTestSupport

/// Runs the built `viper` executable as a user would, with its own data folder and
/// no user plugin folder, and captures what it prints.
struct ViperProcess {
    typealias Result = Subprocess.Result

    /// A fresh data folder (and XDG home) for one test.
    let dataFolder: String
    var environment: [String: String]

    init() {
        let base = (try? TemporaryFolder.make("test")) ?? NSTemporaryDirectory() + "viper-test-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: base + "/data", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: base + "/xdg", withIntermediateDirectories: true)
        dataFolder = base + "/data"
        var environment = ProcessInfo.processInfo.environment
        environment["VIPER_DATA_DIR"] = dataFolder
        environment["XDG_DATA_HOME"] = base + "/xdg"
        environment["HOME"] = base
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        self.environment = environment
    }

    /// Runs `viper ARGUMENTS` with `input` on standard input (not a TTY).
    func run(_ arguments: [String], input: String = "") throws -> Result {
        try Subprocess.run(BuildProducts.viper, arguments, input: input, environment: environment)
    }
}
