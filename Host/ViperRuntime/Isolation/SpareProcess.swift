import Foundation

/// One isolated plugin's process started before it is needed (`viper __isolated --spare`): it has
/// paid for `exec` and the Swift runtime's start and waits, unboxed and with no plugin, for the
/// `load` frame that names its plugin; it boxes itself before it opens the file. A spare viper
/// no longer wants ends when viper's end of its socket closes.
package enum SpareProcess {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var ready: (executable: String, pid: pid_t, descriptor: Int32)?

    /// Starts a spare for `executable` unless one is ready.
    package static func prepare(executable: String, environment: [String: String]) {
        lock.withLock {
            guard ready == nil else { return }
            guard
                let started = try? IsolatedPlugin.spawn(
                    executable: executable, environment: environment, arguments: ["--spare"], errors: nil, name: "spare")
            else { return }
            ready = (executable, started.pid, started.descriptor)
        }
    }

    /// Waits until the spare is ready (it has said so; the message stays for ``take``), at most
    /// `seconds`: for measuring a first use as a person's, whose spare had the time to start.
    package static func waitUntilReady(seconds: Double) -> Bool {
        guard let descriptor = lock.withLock({ ready?.descriptor }) else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(seconds * 1000)) == 1
    }

    /// The spare, for a plugin about to start; nil when none is ready or it has ended.
    static func take(executable: String, environment: [String: String]) -> (pid: pid_t, descriptor: Int32)? {
        lock.withLock {
            guard let spare = ready, spare.executable == executable else { return nil }
            ready = nil
            var status: Int32 = 0
            if waitpid(spare.pid, &status, WNOHANG) == spare.pid {
                close(spare.descriptor)
                return nil
            }
            return (spare.pid, spare.descriptor)
        }
    }
}
