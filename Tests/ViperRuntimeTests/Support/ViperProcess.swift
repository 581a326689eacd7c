import Foundation
import ViperTestSupport

/// Runs the built `viper` executable as a user would, with its own data folder and
/// no user plugin folder, and captures what it prints.
struct ViperProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// A fresh data folder (and XDG home) for one test.
    let dataFolder: String
    var environment: [String: String]

    init() {
        let base = NSTemporaryDirectory() + "viper-test-\(UUID().uuidString)"
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.viper)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes concurrently so a full stderr pipe cannot block the child.
        let errors = PipeDrain(stderr.fileHandleForReading)
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData, as: UTF8.self))
    }
}
