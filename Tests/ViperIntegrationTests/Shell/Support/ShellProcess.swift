import Foundation
import ViperTestSupport

/// Runs `viper` as a person would, but with no bundled plugins: a hard link of the
/// built executable in a folder of its own (bundled plugins are found beside the
/// executable, and `/proc/self/exe` names the link), beside a link to
/// libContracts.so (the executable's rpath is `$ORIGIN`). So a test sees exactly
/// the plugins it passes with `--plugins`, whatever other plugins the package builds.
struct ShellProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Fresh data folder and environment (from ``ViperProcess``).
    let base = ViperProcess()
    var dataFolder: String { base.dataFolder }

    /// The isolated executable, made once per test run.
    static let executable: Result<String, Failure> = {
        let folder = BuildProducts.directory + "/shell-tests-viper"
        let target = folder + "/viper"
        let manager = FileManager.default
        do {
            try? manager.removeItem(atPath: folder)
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            do {
                try manager.linkItem(atPath: BuildProducts.viper, toPath: target)
            } catch {
                try manager.copyItem(atPath: BuildProducts.viper, toPath: target)
            }
            try manager.createSymbolicLink(atPath: folder + "/libContracts.so", withDestinationPath: BuildProducts.directory + "/libContracts.so")
            return .success(target)
        } catch {
            return .failure(Failure(description: "cannot make an isolated viper in \(folder): \(error)"))
        }
    }()

    /// Runs `viper ARGUMENTS` with `input` on standard input (a pipe, not a TTY).
    func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) throws -> ViperProcess.Result {
        try Subprocess.run(try Self.executable.get(), arguments, input: input,
                           environment: base.environment.merging(extra) { _, new in new })
    }
}
