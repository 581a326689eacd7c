import Foundation

/// The resident memory of a session: a supervised `viper` is a supervisor that forks a worker,
/// and the worker is the process that starts the runtime and loads the plugins, so the
/// supervisor's own figure does not move with the plugins (it reads about 0 KiB a plugin).
/// The worker's figure includes the pages it shares with the supervisor since the fork: it is
/// what one session keeps resident.
extension StartupLab {
    /// The resident set size (KiB) of the session `pid` runs: its worker's when it has one
    /// (the last child listed by `/proc/PID/task/PID/children`), else its own.
    static func sessionResidentKilobytes(pid: Int32) -> Int {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        guard let worker = children.split(separator: " ").compactMap({ Int32($0) }).last else {
            return residentKilobytes(pid: pid)
        }
        return residentKilobytes(pid: worker)
    }
}
