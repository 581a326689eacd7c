import Foundation
import ViperLoading

/// How an isolated plugin's process ended, in words for the shell's line, and a bounded wait for it.
extension IsolatedPlugin {
    /// Waits for the process to end after its socket closed, without blocking for ever: a process
    /// that closed its end and lives on is stopped. True when it ended by itself.
    static func waitBriefly(_ pid: pid_t, _ status: inout Int32) -> Bool {
        let pidfd = Int32(truncatingIfNeeded: Syscall.call(434, Int(pid), 0))  // pidfd_open
        if pidfd >= 0 {
            var entry = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 1000)
            close(pidfd)
        }
        return waitpid(pid, &status, WNOHANG) == pid
    }

    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        if signal != 0 {
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            return " (\(name))"
        }
        let code = (status >> 8) & 0xff
        return " (exit status \(code))"
    }

    static func seconds(_ value: Double) -> String {
        value >= 1 ? "\(Int(value)) s" : "\(Int(value * 1000)) ms"
    }
}
