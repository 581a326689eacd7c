import Foundation

/// What the scheduler counted for the calling thread (`/proc/thread-self/schedstat`): the time it
/// ran, and the time it waited, runnable, for a CPU while other work ran. A load's own time is its
/// wall time less that wait, so a busy machine does not make a plugin look slow (the slow-start
/// warnings use it: ``PluginProfile/Load/ownSeconds``).
package enum ThreadSchedule {
    /// Nanoseconds the calling thread has waited for a CPU since it began, or nil where the
    /// kernel keeps no schedstat. One open and read of a small /proc file: a few microseconds,
    /// read once before and once after a load, never on a command.
    package static func waited() -> UInt64? {
        waited(at: "/proc/thread-self/schedstat")
    }

    /// Nanoseconds the main thread of process `pid` (a scanner: one thread) has waited for a CPU,
    /// or nil once it is reaped or where the kernel keeps no schedstat.
    package static func waited(pid: pid_t) -> UInt64? {
        waited(at: "/proc/\(pid)/schedstat")
    }

    private static func waited(at path: String) -> UInt64? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return nil }
        // "RUN_NS WAIT_NS SLICES\n"
        let fields = bytes[0..<count].split(whereSeparator: { $0 == 0x20 || $0 == 0x0A })
        guard fields.count >= 2 else { return nil }
        return UInt64(String(decoding: fields[1], as: UTF8.self))
    }
}
