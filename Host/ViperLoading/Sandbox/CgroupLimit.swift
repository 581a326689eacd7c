import Foundation

/// The box's process limit for root, whom `RLIMIT_NPROC` does not bind: a pids cgroup of the
/// boxed child's own (`viper-box-PID` beneath the cgroup it runs in) whose `pids.max` caps the
/// threads it may run. Used where such a cgroup can be made (root, or a delegated cgroup v2
/// subtree); elsewhere the seccomp filter's refusal of every new process is what holds, and
/// threads stay bound by `RLIMIT_NPROC` for anyone but root.
///
/// Invariants: entering never fails the child (a step that fails leaves it where it was and
/// removes what it made); it happens before Landlock closes the box, which would refuse the
/// writes. A cgroup outlives its process (only an empty one can be removed), so every child
/// removes the empty `viper-box-*` cgroups it finds first, and the parent does when a scan or
/// check ends (``sweep()``). Uses only system calls: a forked scanner builds no Foundation state.
package enum CgroupLimit {
    static let prefix = "viper-box-"

    /// Moves this process into a new pids cgroup of its own allowing `tasks` tasks (threads
    /// included); whether it is in force.
    @discardableResult
    static func enter(tasks: UInt64) -> Bool {
        guard let parent = folder() else { return false }
        sweep(parent)
        let own = parent + "/" + prefix + String(getpid())
        guard mkdir(own, 0o700) == 0 || errno == EEXIST else { return false }
        guard write(String(tasks), to: own + "/pids.max"), write(String(getpid()), to: own + "/cgroup.procs") else {
            rmdir(own)
            return false
        }
        return true
    }

    /// Removes the empty `viper-box-*` cgroups beside this process's (those of boxed children
    /// that ended); one that still holds a process stays.
    package static func sweep() {
        folder().map(sweep)
    }

    private static func sweep(_ parent: String) {
        guard let directory = opendir(parent) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(prefix) { rmdir(parent + "/" + name) }
        }
    }

    /// The folder of the cgroup this process is in, in the hierarchy that has the pids
    /// controller (cgroup v1's `pids`, or v2's unified one where it is enabled), or nil.
    static func folder() -> String? {
        guard let text = read("/proc/self/cgroup") else { return nil }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = fields[2] == "/" ? "" : String(fields[2])
            if fields[1].split(separator: ",").contains("pids"), access("/sys/fs/cgroup/pids" + path, W_OK) == 0 {
                return "/sys/fs/cgroup/pids" + path
            }
            if fields[0] == "0", fields[1].isEmpty, read("/sys/fs/cgroup" + path + "/cgroup.subtree_control")?.contains("pids") == true,
                access("/sys/fs/cgroup" + path, W_OK) == 0
            {
                return "/sys/fs/cgroup" + path
            }
        }
        return nil
    }

    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(descriptor, &bytes, bytes.count)
        return count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : nil
    }

    private static func write(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        return Glibc.write(descriptor, bytes, bytes.count) == bytes.count
    }
}
