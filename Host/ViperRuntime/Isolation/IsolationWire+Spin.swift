import Foundation
import Synchronization

/// How a side waits for the other's next frame: it first polls the socket without blocking for a
/// short spin, when the other side is likely awake, and otherwise sleeps in `recv` at once.
extension IsolationWire {
    /// How long a wait for a frame first polls the socket without blocking before it sleeps in
    /// `recv`, in seconds (0: never). A reply that comes within it costs no wake-up of an idle
    /// core (tens of microseconds on a VM, more than the call itself); a wait that lasts longer
    /// burns at most this much CPU first. Each side sets it from `VIPER_ISOLATED_SPIN_US`.
    nonisolated(unsafe) package static var spin: Double = defaultSpin

    /// The spin when `VIPER_ISOLATED_SPIN_US` does not say: 50 µs, about one wake-up of an idle vCPU.
    package static let defaultSpin = 50e-6

    /// The spin `environment` asks for (`VIPER_ISOLATED_SPIN_US`, microseconds, at most 1000), or
    /// ``defaultSpin``.
    package static func spin(from environment: [String: String]) -> Double {
        guard let text = environment["VIPER_ISOLATED_SPIN_US"], let micro = Double(text), micro >= 0 else { return defaultSpin }
        return min(micro, 1000) / 1e6
    }

    /// A frame read: now is when this side last heard the other (for ``shouldSpin()``).
    static func heard(_ payload: [UInt8]) -> Result<[UInt8], ReceiveFailure> {
        lastHeard.store(monotonicNanoseconds(), ordering: .relaxed)
        return .success(payload)
    }

    /// Waits at most `timeout` seconds for `descriptor` to have bytes to read.
    static func waitForBytes(on descriptor: Int32, timeout: Double) -> ReceiveFailure? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(timeout * 1000, Double(Int32.max)))
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready == 0 ? .timedOut : nil
        }
    }

    /// Counts a spin that ran out (`got` 0), or starts the count over when it got bytes.
    static func noteSpin(got: Int) {
        spinMisses.store(got > 0 ? 0 : spinMisses.load(ordering: .relaxed) + 1, ordering: .relaxed)
    }

    /// When this side last read a frame (monotonic nanoseconds). A wait spins only when that was
    /// within one spin: the other side sent it and is still awake (working, or spinning for this
    /// side's next frame). Otherwise it has gone to sleep, its wake-up costs more than a spin, and
    /// spinning through it would add this side's own wake-up on top; so the first call after a
    /// pause sleeps at once, as a wait without a spin does.
    private static let lastHeard = Atomic<UInt64>(0)
    /// Spins that ran out in a row. Past ``missesAllowed`` the other side is not answering within a
    /// spin though it was awake (on a loaded machine it shares this core with this process, and
    /// spinning only keeps it off the core), so a wait spins again only once in ``probeEvery`` and
    /// otherwise goes straight to sleep; a spin that gets its frame starts over.
    private static let spinMisses = Atomic<Int>(0)
    private static let waits = Atomic<Int>(0)
    static let missesAllowed = 2
    static let probeEvery = 64

    static func shouldSpin() -> Bool {
        guard monotonicNanoseconds() &- lastHeard.load(ordering: .relaxed) < UInt64(spin * 1e9) else { return false }
        if spinMisses.load(ordering: .relaxed) < missesAllowed { return true }
        return waits.add(1, ordering: .relaxed).newValue % probeEvery == 0
    }

    /// Reads without blocking (`read`: a `recv` with `MSG_DONTWAIT`) for up to `seconds` until
    /// some bytes arrive: how many came (0 when none did in time), or nil when the other side closed.
    static func spinForBytes(for seconds: Double, reading read: () -> Int) -> Int? {
        var deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while true {
            let got = read()
            if got > 0 { return got }
            if got == 0 { return nil }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return 0 }
            let now = monotonicNanoseconds()
            if now >= deadline { return 0 }
            // Where the other side waits for this very core, it gets it now instead of after the
            // spin. A yield that came back late means another process ran on this core: the
            // machine is busy, and spinning on would take the core from whoever needs it, so the
            // spin ends after one more look (and counts as run out).
            sched_yield()
            if monotonicNanoseconds() - now > longYield { deadline = 0 }
        }
    }

    /// A `sched_yield` that takes longer than this gave the core to another process (alone on its
    /// core it returns in about a microsecond).
    static let longYield: UInt64 = 20_000

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
