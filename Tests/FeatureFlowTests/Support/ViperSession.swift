import Foundation
import ViperTestSupport

/// Runs the built `viper` as a person would, several times over one data folder
/// (so a test can quit and start again), with the clock pinned to Tuesday
/// 2026-12-01 09:00 UTC and no colour.
struct ViperSession {
    typealias Result = Subprocess.Result

    let home: String
    let dataFolder: String
    /// The executable to run; bundled plugins are found beside it.
    var executable = BuildProducts.viper
    var environment: [String: String]

    init() {
        home = (try? TemporaryFolder.make("features")) ?? NSTemporaryDirectory() + "viper-features-\(UUID().uuidString)"
        dataFolder = home + "/data"
        try? FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["VIPER_DATA_DIR"] = dataFolder
        environment["XDG_DATA_HOME"] = home + "/xdg"
        environment["HOME"] = home
        environment["NO_COLOR"] = "1"
        environment["VIPER_NOW"] = "2026-12-01T09:00:00Z"
        environment["VIPER_TZ"] = "UTC"
        environment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        // Weeks follow the locale; without one they are ISO weeks (Monday first), what the flows expect.
        for name in ["LC_ALL", "LC_TIME", "LANG"] { environment.removeValue(forKey: name) }
        self.environment = environment
    }

    /// Pipes `lines` into `viper` (standard input is not a TTY, so no prompts).
    func shell(_ lines: [String]) throws -> Result {
        try run([], input: lines.map { $0 + "\n" }.joined())
    }

    /// Runs `viper ARGUMENTS` with `input` on standard input.
    func run(_ arguments: [String], input: String = "") throws -> Result {
        try Subprocess.run(executable, arguments, input: input, environment: environment)
    }

    /// Makes a folder holding a copy of `viper`, `libContracts.so` and only the named
    /// bundled plugins, and runs from there: a machine where the others are not installed.
    mutating func useBundle(withPlugins plugins: [String]) throws {
        let folder = home + "/bundle"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = ["viper", "libContracts.so"] + plugins.map { "lib\($0)Plugin.so" }
        for file in files {
            try FileManager.default.copyItem(atPath: BuildProducts.directory + "/" + file, toPath: folder + "/" + file)
        }
        executable = folder + "/viper"
    }
}

extension ViperSession {
    /// Starts `viper` on this session's data folder and keeps it running, for a test that
    /// types a line at a time, waits for screens, and ends it as a user or a power cut would.
    func start() throws -> RunningViper {
        try RunningViper(executable: executable, environment: environment)
    }
}
