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
        let descriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
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
