import Contracts
import ViperCore
import ViperLoading

/// Reading and giving back the unsaved work of modules that adopt ``RestorableModule``, marked as
/// the plugin's code (a crash there is the plugin's).
enum RestorableWork {
    /// The work of every module on the stack, bottom first (nil for those that keep none).
    static func kept(from stack: NavigationStack) -> [String?] {
        (0..<stack.depth).map { position in stack.entry(at: position).flatMap(kept(of:)) }
    }

    /// The work `entry` keeps, or nil.
    static func kept(of entry: ModuleEntry) -> String? {
        guard let module = entry.restorable else { return nil }
        return entry.marked(.keepingWork) { module.keptWork }
    }

    /// Gives `work` back to `entry`; throws what the module threw, or that it keeps no work.
    static func giveBack(_ work: String, to entry: ModuleEntry) throws {
        guard let module = entry.restorable else {
            throw CommandError("it kept unsaved work before, but this build of it takes none back")
        }
        // Once per module at a restore: the mark is made here.
        try PluginExitGuard.run("plugin '\(entry.registration.plugin)'", "taking back the unsaved work of module \(entry.label)") {
            try module.takeBack(work)
        }
    }
}
