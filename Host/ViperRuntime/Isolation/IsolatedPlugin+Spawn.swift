import Foundation
import ViperLoading

/// Starting an isolated plugin's process.
extension IsolatedPlugin {
    /// Starts `viper __isolated` with one end of a new socketpair as descriptor 3; its pid and viper's end.
    static func spawn(
        executable: String, environment: [String: String], arguments extra: [String], errors: String?, name: String
    ) throws(Failure) -> (pid: pid_t, descriptor: Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw Failure(description: "cannot start plugin '\(name)' isolated: socketpair: \(String(cString: strerror(errno)))")
        }
        let childDescriptor: Int32 = 3
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        // The plugin's folder is one it could write before: its error file is made afresh here, a
        // link left in its place removed and never followed (viper is not boxed).
        let errorFile = errors.map { DataFolderGuard.makeFresh($0) } ?? -1
        defer { if errorFile >= 0 { close(errorFile) } }
        if errorFile >= 0 {
            posix_spawn_file_actions_adddup2(&actions, errorFile, STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, ends[1], childDescriptor)
        let arguments = [executable, IsolatedPluginMode.command, "--fd", "\(childDescriptor)"] + extra
        let argv = arguments.map { strdup($0) } + [nil]
        // Swift's backtracer would start a process of its own on a crash, which the box refuses.
        var environment = environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // A process group of its own: the terminal's Ctrl-C and Ctrl-Z reach viper, which
        // decides (a second Ctrl-C during a hang ends this process alone), never the plugin directly.
        // Its signals start at the default and unblocked, whatever viper's were when it started it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTSTP, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw Failure(description: "cannot start plugin '\(name)' isolated: \(String(cString: strerror(status)))")
        }
        return (pid, ends[0])
    }
}
