import Foundation
import Synchronization

/// What each plugin cost this process, measured always: the time start-up spent scanning it,
/// its load (checks and `dlopen`, its entry point, its registration) with why it was loaded,
/// and its builders', commands' and drawings' time (``PluginTally``). The registry owns one;
/// the runtime notes scans and loads, the navigation stack and the shell measure calls.
/// `viper plugins --profile` and the shell's `profile` print it (ViperCommandLine's
/// `ProfileReport`), with the image memory and crashes read when asked.
///
/// Invariants:
/// - A plugin has at most one tally, made on first use and kept (its name is the key).
/// - A load is noted once per plugin and version; a reload's load replaces it.
/// - Everything but the tallies' counters is guarded by `lock`; readers get copies.
package final class PluginProfile: @unchecked Sendable {
    /// One plugin's load.
    package struct Load: Sendable, Equatable {
        package var plugin: String
        /// From the first check of its file to its registrations committed, in seconds.
        package var seconds: Double
        /// The checks of the file, its sealed copy and `dlopen`.
        package var opening: Double
        /// Its entry point (registering).
        package var entry: Double
        /// Committing what it registered into the registry.
        package var registration: Double
        /// ``seconds`` less the time the loading thread waited for a CPU while the machine ran
        /// other work (from the scheduler's count), or nil where the kernel does not keep it.
        package var ownSeconds: Double?
        /// What asked for it: "module Contracts.NoteListing for command 'open notes'".
        package var cause: String
        /// Seconds after viper's start that it began.
        package var at: Double
        /// Whether it loaded before start-up ended.
        package var duringStart: Bool
        /// The device and inode of the image `dlopen` mapped (a sealed copy, or the file).
        package var imageDevice: UInt64?
        package var imageInode: UInt64?

        package init(plugin: String, seconds: Double, opening: Double, entry: Double, registration: Double, cause: String, at: Double) {
            self.plugin = plugin
            self.seconds = seconds
            self.opening = opening
            self.entry = entry
            self.registration = registration
            self.cause = cause
            self.at = at
            self.duringStart = false
        }

        /// The time that counts against the plugin: its own when known, else the whole.
        package var chargedSeconds: Double { ownSeconds ?? seconds }
    }

    /// Loads above this many seconds of the plugin's own time get a `warning:` line.
    package static let slowLoad = 0.1

    private let lock = NSLock()
    private var tallies: [String: PluginTally] = [:]
    private var loads: [String: Load] = [:]
    private var slow: [Load] = []
    private var scans: [String: Double] = [:]
    private var scanShares: [String: Double] = [:]
    private var scanOwn: [String: Double] = [:]
    private var scanPhase: Double?
    private var startEnded: UInt64?
    private var asking: String?

    package init() {}

    /// The tally of `plugin`, made on first use.
    package func tally(for plugin: String) -> PluginTally {
        lock.withLock {
            if let tally = tallies[plugin] { return tally }
            let tally = PluginTally(plugin: plugin)
            tallies[plugin] = tally
            return tally
        }
    }

    /// Every tally, by plugin.
    package var allTallies: [String: PluginTally] { lock.withLock { tallies } }

    /// Notes the command line the person runs now on this thread (nil: none), the cause of a
    /// load made on this thread meanwhile. Kept per thread without a lock: the shell notes every
    /// command, and a store is all that may cost.
    @inline(__always)
    package static func noteCommand(_ line: String?) {
        ResolutionStack.current.asking = line
    }

    /// What asked for a load made on this thread now: "command 'open notes'", else ``fallbackCause``.
    package var currentCause: String? {
        ResolutionStack.current.asking.map { "command '\(Self.commandShown($0))'" } ?? fallbackCause
    }

    /// What of a command line the profile shows: the command, and the route of a navigation
    /// command without its query; never the other arguments, which may hold a password.
    package static func commandShown(_ line: String) -> String {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first else { return "" }
        guard ["open", "present", "root", "root!"].contains(first), words.count > 1 else { return String(first) }
        return "\(first) \(words[1].prefix { $0 != "?" })"
    }

    /// The cause named when no command runs (`viper plugins --profile` loading every plugin).
    package var fallbackCause: String? {
        get { lock.withLock { asking } }
        set { lock.withLock { asking = newValue } }
    }

    /// Notes a load; one above ``slowLoad`` of its own time is also kept for ``takeSlowLoads()``.
    package func noteLoad(_ load: Load) {
        lock.withLock {
            var load = load
            load.duringStart = startEnded == nil
            loads[load.plugin] = load
            if load.chargedSeconds > Self.slowLoad {
                slow.append(load)
                hasSlow.store(true, ordering: .relaxed)
            }
        }
    }

    /// Set while a slow load waits to be told: the shell looks at it after every command, and a
    /// relaxed load is all that costs.
    private let hasSlow = Atomic<Bool>(false)

    /// Every load noted, by plugin.
    package var allLoads: [String: Load] { lock.withLock { loads } }

    /// The slow loads not taken yet, in the order they happened (each is told once).
    package func takeSlowLoads() -> [Load] {
        guard hasSlow.load(ordering: .relaxed) else { return [] }
        return lock.withLock {
            hasSlow.store(false, ordering: .relaxed)
            defer { slow = [] }
            return slow
        }
    }

    /// Notes the scan of this start: the time its scanner took for each scanned file, by path
    /// (files not in it came from the descriptor cache), each file's share of the scan's wall
    /// time (scanners run side by side: the shares add up to the phase at most), and the scan's
    /// wall time.
    package func noteScan(_ seconds: [String: Double], own: [String: Double] = [:], shares: [String: Double], phase: Double) {
        lock.withLock {
            scans.merge(seconds) { _, new in new }
            scanOwn.merge(own) { _, new in new }
            scanShares.merge(shares) { _, new in new }
            scanPhase = (scanPhase ?? 0) + phase
        }
    }

    /// Each file scanned this start, by path, with the time its scanner took for it.
    package var scanSeconds: [String: Double] { lock.withLock { scans } }

    /// Each file scanned this start whose scanner's waiting for a CPU was known, by path, with its
    /// time in the scanner less that waiting: the load's own time there (`dlopen` and its entry point).
    package var scanOwnSeconds: [String: Double] { lock.withLock { scanOwn } }

    /// Each file scanned this start, by path, with its share of the scan's wall time.
    package var scanShareSeconds: [String: Double] { lock.withLock { scanShares } }

    /// The wall time of this start's scan of new and changed files (nil: everything was cached).
    package var scanPhaseSeconds: Double? { lock.withLock { scanPhase } }

    /// Marks the end of start-up (the runtime started, the plugins it had to load loaded), once.
    package func noteStartEnded(at now: UInt64 = PluginClock.now()) {
        lock.withLock {
            if startEnded == nil { startEnded = now }
        }
    }

    /// Start-up's wall time, from viper's `main` to ``noteStartEnded(at:)``; nil before.
    package var startupSeconds: Double? {
        lock.withLock {
            guard let startEnded, PluginClock.processStart > 0, startEnded >= PluginClock.processStart else { return nil }
            return Double(startEnded - PluginClock.processStart) / 1e9
        }
    }

    /// Seconds since viper's start (since the first measurement when `main` did not mark it).
    package static func sinceStart(_ now: UInt64 = PluginClock.now()) -> Double {
        let start = PluginClock.processStart
        return start > 0 && now >= start ? Double(now - start) / 1e9 : 0
    }
}
