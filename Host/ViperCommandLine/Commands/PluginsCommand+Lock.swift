import Foundation
import ViperRuntime
import ViperSupervision

/// `viper plugins --lock`, `--unlock` and `--enable NAME`.
extension PluginsCommand {
    /// Pins the plugins in use in plugins.lock, or (`remove`) unpins them.
    static func lock(_ runtime: HostRuntime, remove: Bool) -> Int32 {
        do {
            if remove {
                if let path = try runtime.removeLock() {
                    let kept = FileManager.default.fileExists(atPath: path)
                    print(
                        kept
                            ? "\(path) pins no files now (it keeps publisher keys and revocations): every trusted plugin loads again."
                            : "Removed \(path): every trusted plugin loads again.")
                } else {
                    print("No plugin lock in \(runtime.dataFolder); nothing to do.")
                }
                return 0
            }
            for problem in runtime.problems {
                ViperTool.printError("warning: \(problem.message)")
            }
            let (path, plugins) = try runtime.writeLock()
            var lines = ["Locked \(plugins.count) plugin(s) in \(path):"]
            let width = plugins.map(\.name.count).max() ?? 0
            lines += plugins.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.sha256.prefix(16))…  \($0.path)" }
            lines.append("Until you lock again, any other plugin, or one whose bytes change, is refused.")
            print(lines.joined(separator: "\n"))
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }

    /// Forgets the crashes of plugin `name` in the crash memory of `data`, so it loads again.
    static func enable(_ name: String, data: String) -> Int32 {
        var memory = CrashMemory.read(data: data)
        guard memory.plugins.removeValue(forKey: name) != nil else {
            let known = memory.plugins.keys.sorted()
            ViperTool.printError(
                "viper: no crashes of a plugin named '\(name)' are remembered; "
                    + (known.isEmpty ? "no plugin crashed" : "remembered: \(known.joined(separator: ", "))"))
            return 1
        }
        do {
            try memory.write(data: data)
        } catch {
            ViperTool.printError("viper: cannot write \(CrashMemory.path(data: data)): \(error)")
            return 1
        }
        print("Enabled \(name) again: its crashes are forgotten, and it loads at the next start.")
        return 0
    }
}
