import ViperCore
import ViperRuntime

/// `viper plugins --profile [--json]`: this start, measured, then every plugin that is ready
/// loaded to measure its load (a session loads a plugin only when a route or service first needs
/// it, so without this its load would show nothing), then the profile (``ProfileReport``).
package enum ProfileCommand {
    /// The cause the profile names for the loads it makes itself.
    package static let cause = "'viper plugins --profile', which loads every plugin to measure it"

    package static let option = CommandOption(
        "--profile", help: "What each plugin cost: scan, load and why, builders, commands, drawing, memory, crashes")

    package static let details =
        "With --profile, starts as a session does, loads every plugin to measure it, and prints per plugin\nthe time this start spent scanning it (or 'cached'), its load (checks and dlopen, entry point,\nregistration) with why and when it was loaded, its builders', commands' and drawing's time, the\nmemory its image maps and its crashes, sorted by total, under the start-up's total and the\nshare of it that is no plugin's. The shell's 'profile' shows the same for the running session."

    package static func run(_ runtime: HostRuntime, json: Bool) -> Int32 {
        let profile = runtime.registry.profile
        profile.fallbackCause = cause
        runtime.loadAll()
        profile.fallbackCause = nil
        for load in profile.takeSlowLoads() {
            ViperTool.printError("warning: \(SlowStart.loadLine(load))")
        }
        let report = ProfileReport.make(runtime)
        print(json ? report.json() : report.text())
        return 0
    }
}
