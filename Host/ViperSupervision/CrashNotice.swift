import Foundation
import ViperCore
import ViperLoading

/// What ended a worker, as the supervisor read it from the worker's status and its
/// ``WorkerPage``: which plugin, the cause, and what it was doing.
package struct CrashNotice {
    /// The plugin's name, when its code was found running (on the stack, or marked); nil: unknown.
    package var plugin: String?
    package var version: String?
    package var pluginPath: String?
    /// `SIGILL: a trap or fatal error`, `exit(0)`, `_exit(0)`, `SIGKILL: killed from outside`.
    package var cause: String
    /// Whether it ended the process with `exit`/`_exit` rather than a signal.
    package var isExit: Bool
    /// `running command 'boom'`, or nil when no plugin call was marked.
    package var doing: String?
    /// What the worker wrote last to standard error (the Swift runtime's message), for the report.
    package var said = ""
    /// The crash report file, once written.
    package var reportPath: String?
    /// Whether the worker was waiting for a command (at the prompt, or for input), not running one.
    package var wasWaiting: Bool

    /// Reads the death of a worker: `status` from `waitpid`, and its page.
    package init(status: Int32, page: WorkerPage) {
        let marked = Self.pluginName(page.doingPlugin)
        if let found = page.image(Int(page.culprit)) {
            plugin = found.plugin
            version = found.version
            pluginPath = found.path
        } else {
            plugin = marked
            if let marked, let index = (0..<page.imageCount).first(where: { page.image($0)?.plugin == marked }) {
                version = page.image(index)?.version
                pluginPath = page.image(index)?.path
            }
        }
        // The mark names the main thread's call: a fault on another thread did not happen there.
        if page.offMainThread {
            doing = plugin == nil ? "on a thread of viper's" : "on a thread it started"
        } else {
            doing = page.doing ?? (plugin == nil ? nil : "in its code, outside any call viper marks")
        }
        wasWaiting = !page.inCommand && page.doing == nil
        let signalled = status & 0x7f
        if signalled != 0 {
            isExit = false
            cause = page.interrupted ? "stopped with Ctrl-C" : Self.describe(signal: signalled)
        } else {
            isExit = true
            let code = (status >> 8) & 0xff
            cause = page.exitCalled ? "exit(\(code))" : "_exit(\(code))"
        }
    }

    /// `plugin 'notes'` → `notes`; `the plugin at PATH` → nil (its name was not known yet).
    static func pluginName(_ mark: String?) -> String? {
        guard let mark, mark.hasPrefix("plugin '"), mark.hasSuffix("'") else { return nil }
        return String(mark.dropFirst(8).dropLast())
    }

    /// A signal as a person reads it.
    static func describe(signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL: a trap or fatal error"
        case SIGTRAP: return "SIGTRAP: a trap or fatal error"
        case SIGSEGV: return "SIGSEGV: a bad memory access"
        case SIGBUS: return "SIGBUS: a bad memory access"
        case SIGABRT: return "SIGABRT: abort"
        case SIGFPE: return "SIGFPE: an arithmetic fault"
        case SIGKILL: return "SIGKILL: killed from outside, or by the kernel"
        case SIGINT: return "SIGINT: interrupted"
        case SIGSYS: return "SIGSYS: a forbidden system call"
        default: return "signal \(signal)"
        }
    }

    /// The one line: who, what, doing what, what now.
    /// `restored`: the breadcrumb built again (nil: the session ends instead).
    package func line(restored: String?, leftOut: [String] = []) -> String {
        var text: String
        let what = isExit ? "ended viper's worker with \(cause)" : (cause == "stopped with Ctrl-C" ? "was stopped with Ctrl-C" : "crashed (\(cause))")
        if let plugin {
            text = "plugin '\(plugin)' \(what)"
        } else {
            text =
                isExit
                ? "viper's worker ended with \(cause)" : "viper's worker \(cause == "stopped with Ctrl-C" ? "was stopped with Ctrl-C" : "crashed (\(cause))")"
        }
        text += " while " + (doing ?? (wasWaiting ? "waiting for a command" : "running viper's own code"))
        if let restored {
            if plugin != nil { text += "; it is off for this session" }
            text += "; restored: \(restored)"
            if !leftOut.isEmpty { text += " (left out: \(leftOut.joined(separator: ", ")))" }
        }
        if let reportPath { text += "; report: \(reportPath)" }
        return text
    }
}
