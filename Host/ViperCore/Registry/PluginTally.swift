import CThreadLocal
import Foundation
import Synchronization

/// The time one plugin's code took in this process, by what the host asked of it: its module
/// builders, its commands and the drawing of its modules (``PluginTally/Kind``). What the
/// profile (`viper plugins --profile`, the shell's `profile`) shows beside its scan and load.
///
/// Invariants:
/// - Times are the plugin's own: a call into another plugin's code made inside a measured call
///   (a command that opens another plugin's module) is counted for the other plugin only
///   (``measure(_:_:)`` keeps the nested time per thread in ``ResolutionStack``).
/// - Only calls made once per command are measured (a build, a command, a drawing), never a
///   resolve or a service factory: two clock reads a call keep the cost of measuring always
///   below 1% of a navigation command (viper-bench's profiling row).
/// - Counters are atomics, so a module built on another thread adds to them without a data race.
package final class PluginTally: Sendable {
    package enum Kind: Int, CaseIterable, Sendable {
        /// A module builder's `build`.
        case build
        /// A module command's `perform`.
        case command
        /// A module view's `render`.
        case render
    }

    package let plugin: String
    private let buildTicks = Atomic<UInt64>(0)
    private let commandTicks = Atomic<UInt64>(0)
    private let renderTicks = Atomic<UInt64>(0)
    private let buildCount = Atomic<UInt64>(0)
    private let commandCount = Atomic<UInt64>(0)
    private let renderCount = Atomic<UInt64>(0)

    package init(plugin: String) {
        self.plugin = plugin
    }

    /// Adds one call of `kind` that took `ticks` (``PluginClock/ticks()``) of the plugin's own time. Relaxed loads
    /// and stores, not read-modify-writes: a locked add cost about 15 ns here, a tenth of what
    /// measuring may cost; two threads measuring the same plugin at the same instant may lose
    /// one call's time, which a profile can afford (commands and drawing run on the shell's thread).
    @inline(__always)
    package func add(_ kind: Kind, ticks: UInt64) {
        switch kind {
        case .build:
            buildTicks.store(buildTicks.load(ordering: .relaxed) &+ ticks, ordering: .relaxed)
            buildCount.store(buildCount.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        case .command:
            commandTicks.store(commandTicks.load(ordering: .relaxed) &+ ticks, ordering: .relaxed)
            commandCount.store(commandCount.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        case .render:
            renderTicks.store(renderTicks.load(ordering: .relaxed) &+ ticks, ordering: .relaxed)
            renderCount.store(renderCount.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        }
    }

    /// The plugin's own time in calls of `kind`, in nanoseconds.
    package func nanoseconds(_ kind: Kind) -> UInt64 {
        PluginClock.nanoseconds(ticks: ticks(kind))
    }

    /// The plugin's own time in calls of `kind`, in ``PluginClock/ticks()``.
    package func ticks(_ kind: Kind) -> UInt64 {
        switch kind {
        case .build: buildTicks.load(ordering: .relaxed)
        case .command: commandTicks.load(ordering: .relaxed)
        case .render: renderTicks.load(ordering: .relaxed)
        }
    }

    /// How many calls of `kind` were measured.
    package func count(_ kind: Kind) -> UInt64 {
        switch kind {
        case .build: buildCount.load(ordering: .relaxed)
        case .command: commandCount.load(ordering: .relaxed)
        case .render: renderCount.load(ordering: .relaxed)
        }
    }

    /// Counts `nanoseconds` of other work (a plugin's load) done inside the measured call running
    /// on this thread, if any, so that call is not charged for it.
    package static func noteNested(_ nanoseconds: UInt64) {
        let thread = ResolutionStack.current
        thread.nestedPluginNanoseconds &+= PluginClock.ticks(nanoseconds: nanoseconds)
    }

    /// Whether measuring is on (the default). `viper-bench` turns it off to measure what it costs.
    nonisolated(unsafe) package static var isOn = true

    /// Runs `body`, a call of `kind` into this plugin's code, adding its own time: the call's
    /// time less what measured calls nested in it took (those count for their own plugins).
    @inline(__always)
    package func measure<T>(_ kind: Kind, _ body: () throws -> T) rethrows -> T {
        guard Self.isOn else { return try body() }
        let thread = ResolutionStack.current
        let outer = thread.nestedPluginNanoseconds
        thread.nestedPluginNanoseconds = 0
        let start = PluginClock.ticks()
        defer {
            let elapsed = PluginClock.ticks() &- start
            let nested = thread.nestedPluginNanoseconds
            add(kind, ticks: elapsed > nested ? elapsed - nested : 0)
            thread.nestedPluginNanoseconds = outer &+ elapsed
        }
        return try body()
    }
}

/// The clocks the profile reads: monotonic nanoseconds (`clock_gettime` through the vDSO, 56 ns a
/// read on this project's machine) for loads, scans and start-up, and for the measured calls the
/// CPU's time-stamp counter (``ticks()``, 21 ns a read), converted to nanoseconds when a profile is
/// read, at the rate the two clocks advanced since the first read (the kernel keeps the counter
/// as its own clock source where it is steady). Where there is no counter, ticks are nanoseconds.
package enum PluginClock {
    /// The counter and the monotonic clock when first read: the conversion's origin.
    private static let origin = pair()
    private static let hasCounter = viper_cpu_ticks() != 0

    /// The time-stamp counter now, or ``now()`` where there is none.
    @inline(__always)
    package static func ticks() -> UInt64 {
        let ticks = viper_cpu_ticks()
        return ticks != 0 ? ticks : now()
    }

    /// Nanoseconds per tick: how far both clocks went since ``origin`` (1 without a counter).
    package static func nanosecondsPerTick() -> Double {
        guard hasCounter else { return 1 }
        var start = origin
        var end = pair()
        if end.nanoseconds &- start.nanoseconds < 1_000_000 {
            // Too early to tell to a part in a thousand: measure one millisecond now.
            start = pair()
            repeat { end = pair() } while end.nanoseconds &- start.nanoseconds < 1_000_000
        }
        let ticks = end.ticks &- start.ticks
        return ticks > 0 ? Double(end.nanoseconds &- start.nanoseconds) / Double(ticks) : 1
    }

    /// Both clocks read at one instant, as near as can be: the monotonic clock between two counter
    /// reads, the tightest of a few tries, so a thread preempted between the reads (which would skew
    /// the rate by however long it waited) is not taken.
    private static func pair() -> (ticks: UInt64, nanoseconds: UInt64) {
        var best = (ticks: UInt64(0), nanoseconds: UInt64(0)), bestGap = UInt64.max
        for _ in 0..<5 {
            let before = viper_cpu_ticks(), nanoseconds = now(), after = viper_cpu_ticks()
            let gap = after &- before
            if gap < bestGap { (best, bestGap) = ((before &+ gap / 2, nanoseconds), gap) }
        }
        return best
    }

    package static func nanoseconds(ticks: UInt64) -> UInt64 {
        guard hasCounter else { return ticks }
        return UInt64((Double(ticks) * nanosecondsPerTick()).rounded())
    }

    package static func ticks(nanoseconds: UInt64) -> UInt64 {
        guard hasCounter else { return nanoseconds }
        return UInt64((Double(nanoseconds) / nanosecondsPerTick()).rounded())
    }

    @inline(__always)
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// When viper's `main` began (``now()``); 0 until the executable sets it (tests, the bench).
    nonisolated(unsafe) package static var processStart: UInt64 = 0

    /// Sets ``processStart`` to now, once (and starts the conversion's origin).
    package static func markProcessStart() {
        _ = origin
        if processStart == 0 { processStart = now() }
    }
}
