import Foundation
import ViperLoading

/// How next steps name this viper: `viper` when the first `viper` on `PATH` is this one (an
/// install's `PREFIX/bin/viper` links to `PREFIX/lib/viper/viper`), so the author types what they
/// would anyway; else its full path, which runs this viper from anywhere.
enum ViperOnPath {
    /// `viper`, or the full path of the `viper` in `executableDirectory`, for a `PATH` of `path`.
    static func command(executableDirectory: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String {
        let own = Paths.join(executableDirectory, "viper")
        guard let resolved = Paths.realPath(own), let found = first(inPath: path ?? ""), Paths.realPath(found) == resolved else {
            return own
        }
        return "viper"
    }

    /// The first executable file named `viper` in the folders of `path` (separated by `:`).
    private static func first(inPath path: String) -> String? {
        path.split(separator: ":").map { Paths.join(String($0), "viper") }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
