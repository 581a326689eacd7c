import Foundation

/// Where a shell command's time goes, for `viper-bench`: the shell and the stack add the
/// time of each phase when one is set (``NavigationStack/phaseTimer``; nil, the default,
/// costs one check per phase).
package final class PhaseTimer {
    package enum Phase: CaseIterable {
        /// A whole command line: parse, dispatch, navigate, build, draw (not the leak check).
        case command
        /// A built-in command (navigation, then the drawing of the screen).
        case builtin
        /// A module's builder.
        case build
        /// Drawing the screen.
        case draw
        /// Checking that removed modules were released.
        case leakCheck
    }

    package private(set) var seconds: [Phase: Double] = [:]

    package init() {}

    /// Now, in seconds on the monotonic clock.
    package func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Adds the time since `start` (from ``now()``) to `phase`.
    package func add(_ phase: Phase, since start: Double?) {
        guard let start else { return }
        seconds[phase, default: 0] += now() - start
    }

    package func reset() {
        seconds = [:]
    }
}
