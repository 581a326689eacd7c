import CThreadLocal
import Foundation

/// What the current thread is doing inside the registry: the services being built, innermost
/// last (how the registry notices a factory that needs itself), and the mark of the plugin code
/// that runs (``PluginExitGuard``). One per thread, kept in pthread-specific storage and found
/// through a C thread-local word (``key``).
///
/// The common path is a depth counter and a store into a buffer made once per thread: no array
/// growth, no retain (the registrations on it are alive, being built). The chain's text is
/// made only when a registration is asked for while it is already on the stack.
///
/// It also keeps the registry snapshot this thread read last, so that a read needs no reader
/// count nor retain (the invariants are in Registry+Snapshot.swift).
package final class ResolutionStack {
    /// Unchecked exclusivity: only its own thread ever reaches a stack (it lives in that thread's
    /// specific storage), so the runtime's dynamic access checks could never fire, and they would
    /// be a large share of a resolve (`viper-bench --callgrind` counts it).
    @exclusivity(unchecked) private(set) var depth = 0
    @exclusivity(unchecked) private var capacity = 32
    @exclusivity(unchecked) private var frames: UnsafeMutablePointer<Unmanaged<ServiceRegistration>>
    /// The innermost plugin mark on this thread, or nil outside plugin code (``PluginExitGuard``).
    @exclusivity(unchecked) package var exitMark: Unmanaged<PluginExitGuard.Mark>?
    /// The time measured plugin calls nested in the one measuring now took on this thread, in
    /// ``PluginClock/ticks()`` (``PluginTally/measure(_:_:)``: each plugin is given its own time only).
    @exclusivity(unchecked) package var nestedPluginNanoseconds: UInt64 = 0
    /// What this thread runs for the person now (the shell's command line), named as the cause of
    /// a plugin loaded on this thread (``PluginProfile/currentCause``); nil outside a command.
    @exclusivity(unchecked) package var asking: String?
    /// The registry snapshot this thread read last, retained, and its stamp (`UInt64.max`: none).
    /// See the invariants in Registry+Snapshot.swift.
    @exclusivity(unchecked) private(set) var snapshot: Unmanaged<RegistrySnapshot>?
    @exclusivity(unchecked) private(set) var snapshotStamp = UInt64.max
    /// Snapshots this thread swapped out, retained until no frame of this thread can use them.
    @exclusivity(unchecked) private var parked: [Unmanaged<RegistrySnapshot>] = []
    /// More than 0 while this thread releases parked snapshots: what their deinitializers read
    /// swaps out a snapshot a caller outside may still use, so it is parked too.
    @exclusivity(unchecked) private var releasing = 0

    private init() {
        frames = .allocate(capacity: capacity)
    }

    deinit {
        frames.deallocate()
        snapshot?.release()
        for old in parked { old.release() }
    }

    /// Whether `registration` is being built on this thread already (a cycle).
    @inline(__always)
    package func contains(_ registration: ServiceRegistration) -> Bool {
        var index = 0
        while index < depth {
            if frames[index].toOpaque() == Unmanaged.passUnretained(registration).toOpaque() { return true }
            index += 1
        }
        return false
    }

    @inline(__always)
    package func push(_ registration: ServiceRegistration) {
        if depth == capacity { grow() }
        frames[depth] = Unmanaged.passUnretained(registration)
        depth &+= 1  // wrapping: a depth is bounded by memory long before Int.max
    }

    /// Leaves a frame; at depth 0 no frame on this thread can use a parked snapshot any more.
    @inline(__always)
    package func pop() {
        depth &-= 1
        if depth == 0, !parked.isEmpty { releaseParked() }
    }

    /// Keeps `new` (the current snapshot) as this thread's, in place of the one it had, which is
    /// parked. At depth 0, outside any release, nothing on this thread uses a parked snapshot
    /// (a read is the first thing a resolve does, and what it found is used only inside the
    /// factory's frame), so they are released now; else when depth returns to 0.
    @inline(never)
    package func adopt(_ new: RegistrySnapshot) -> Unmanaged<RegistrySnapshot> {
        let kept = Unmanaged.passRetained(new)
        if let old = snapshot { parked.append(old) }
        snapshot = kept
        snapshotStamp = new.stamp
        if depth == 0 { releaseParked() }
        return kept
    }

    /// Releases the parked snapshots, unless a release is under way on this thread (then the
    /// next read at depth 0, or the next return to depth 0, does).
    @inline(never)
    private func releaseParked() {
        guard releasing == 0 else { return }
        let released = parked
        parked = []
        releasing += 1
        for old in released { old.release() }  // may run deinitializers that read the registry
        releasing -= 1
    }

    @inline(never)
    private func grow() {
        let larger = UnsafeMutablePointer<Unmanaged<ServiceRegistration>>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: frames, count: depth)
        frames.deallocate()
        frames = larger
        capacity *= 2
    }

    /// The labels from the first frame of `registration` to the innermost, then `registration`
    /// again: `A → B → A`.
    package func cycle(closedBy registration: ServiceRegistration) -> String {
        let open = (0..<depth).map { frames[$0].takeUnretainedValue() }
        let start = open.firstIndex { $0 === registration } ?? open.count
        return (open[start...] + [registration]).map(\.label).joined(separator: " → ")
    }

    /// The thread-specific storage's key: it owns each thread's stack (retained), and its
    /// destructor releases the stack at the thread's end. A lazy global: each read is a
    /// `swift_once` check, so only the first use of a thread reads it.
    ///
    /// What a resolve reads is a C thread-local word that caches the same pointer
    /// (Host/CThreadLocal/shim.h): one load from the thread pointer, where `pthread_getspecific`
    /// is a call into libc on every resolve. The destructor clears the word before it releases the stack, so code that runs
    /// later on an ending thread (another key's destructor) makes a new stack, as it did when
    /// `pthread_getspecific` answered nil.
    package static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            if viper_resolution_stack_get() == pointer { viper_resolution_stack_set(nil) }
            Unmanaged<ResolutionStack>.fromOpaque(pointer).release()
        }
        return key
    }()

    /// This thread's stack, made on first use.
    package static var current: ResolutionStack {
        currentUnmanaged.takeUnretainedValue()
    }

    /// This thread's stack without a retain: the thread's specific storage keeps it alive.
    @inline(__always)
    package static var currentUnmanaged: Unmanaged<ResolutionStack> {
        if let pointer = viper_resolution_stack_get() {
            return Unmanaged<ResolutionStack>.fromOpaque(pointer)
        }
        return makeCurrent()
    }

    /// ``currentUnmanaged``, for a caller that keeps ``key`` (a ``Registry`` reads it once).
    /// The key is not read on the common path any more (the thread-local word is); the
    /// parameter stays so that the callers need not change.
    @inline(__always)
    package static func current(_ key: pthread_key_t) -> Unmanaged<ResolutionStack> {
        currentUnmanaged
    }

    @inline(never)
    private static func makeCurrent() -> Unmanaged<ResolutionStack> {
        let stack = Unmanaged.passRetained(ResolutionStack())
        pthread_setspecific(key, stack.toOpaque())
        viper_resolution_stack_set(stack.toOpaque())
        return stack
    }

    /// This thread's stack if it has one (the `atexit` handler does not make one).
    package static var existing: ResolutionStack? {
        viper_resolution_stack_get().map { Unmanaged<ResolutionStack>.fromOpaque($0).takeUnretainedValue() }
    }
}
