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
/// - Counters are atomics, so a module built on another thread adds to them safely.
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
    private let buildNanoseconds = Atomic<UInt64>(0)
    private let commandNanoseconds = Atomic<UInt64>(0)
    private let renderNanoseconds = Atomic<UInt64>(0)
    private let buildCount = Atomic<UInt64>(0)
    private let commandCount = Atomic<UInt64>(0)
    private let renderCount = Atomic<UInt64>(0)

    package init(plugin: String) {
        self.plugin = plugin
    }

    /// Adds one call of `kind` that took `nanoseconds` of the plugin's own time.
    @inline(__always)
    package func add(_ kind: Kind, nanoseconds: UInt64) {
        switch kind {
        case .build:
            buildNanoseconds.wrappingAdd(nanoseconds, ordering: .relaxed)
            buildCount.wrappingAdd(1, ordering: .relaxed)
        case .command:
            commandNanoseconds.wrappingAdd(nanoseconds, ordering: .relaxed)
            commandCount.wrappingAdd(1, ordering: .relaxed)
        case .render:
            renderNanoseconds.wrappingAdd(nanoseconds, ordering: .relaxed)
            renderCount.wrappingAdd(1, ordering: .relaxed)
        }
    }

    /// The plugin's own time in calls of `kind`, in nanoseconds.
    package func nanoseconds(_ kind: Kind) -> UInt64 {
        switch kind {
        case .build: buildNanoseconds.load(ordering: .relaxed)
        case .command: commandNanoseconds.load(ordering: .relaxed)
        case .render: renderNanoseconds.load(ordering: .relaxed)
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
        thread.nestedPluginNanoseconds &+= nanoseconds
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
        let start = PluginClock.now()
        defer {
            let elapsed = PluginClock.now() &- start
            let nested = thread.nestedPluginNanoseconds
            add(kind, nanoseconds: elapsed > nested ? elapsed - nested : 0)
            thread.nestedPluginNanoseconds = outer &+ elapsed
        }
        return try body()
    }
}

/// The clock the profile reads: monotonic nanoseconds (`clock_gettime` through the vDSO, about
/// 20 ns here), and the moment viper's `main` began, which start-up is measured from.
package enum PluginClock {
    @inline(__always)
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// When viper's `main` began (``now()``); 0 until the executable sets it (tests, the bench).
    nonisolated(unsafe) package static var processStart: UInt64 = 0

    /// Sets ``processStart`` to now, once.
    package static func markProcessStart() {
        if processStart == 0 { processStart = now() }
    }
}
