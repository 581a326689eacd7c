import Foundation
import ViperCore
import ViperLoading

/// The worker's own handlers of fatal signals. They replace the Swift runtime's backtracer in the
/// worker, which on a terminal holds the screen for 30 seconds ("Press space to interact"): the
/// supervisor owns the terminal and says what happened in one line.
///
/// On a fatal signal the handler notes the signal, walks the crashing thread's stack for the first
/// frame inside a loaded plugin (``noteImage(containing:plugin:version:path:)``), writes
/// the frames (image, offset) to the frames file the supervisor named, and dies of the signal with
/// the default action, so the supervisor sees the true cause. Only async-signal-tolerant calls:
/// `backtrace` (loaded before, so it allocates nothing here), `dladdr`, `backtrace_symbols_fd`.
extension WorkerPage {
    /// The signals handled: those a plugin's fault or `abort` raises.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS]

    /// The descriptor the frames go to (-1: none).
    nonisolated(unsafe) private static var framesDescriptor: Int32 = -1
    /// Room for the frames, made before any crash.
    nonisolated(unsafe) private static var frameBuffer = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 128)

    // glibc's `backtrace`, `backtrace_symbols_fd` and `dladdr`, which Swift's Glibc module leaves out
    // (execinfo.h; dladdr needs _GNU_SOURCE): looked up once, at install.
    private typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int32) -> Int32
    private typealias SymbolsFD = @convention(c) (UnsafePointer<UnsafeMutableRawPointer?>, Int32, Int32) -> Void
    /// `int dladdr(const void *, Dl_info *)`; Dl_info is four pointers, the load base second.
    private typealias AddressInfo = @convention(c) (UnsafeRawPointer, UnsafeMutablePointer<UnsafeRawPointer?>) -> Int32
    nonisolated(unsafe) private static var backtrace: Backtrace?
    nonisolated(unsafe) private static var symbolsFD: SymbolsFD?
    nonisolated(unsafe) private static var addressInfo: AddressInfo?

    private static func lookUp<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }

    /// Adds the plugin image that holds `address` (a symbol of a plugin just loaded) to the table.
    package func noteImage(containing address: UnsafeRawPointer, plugin: String, version: String, path: String) {
        guard let loadBase = Self.loadBase(of: address) else { return }
        noteImage(loadBase: loadBase, plugin: plugin, version: version, path: path)
    }

    /// The load base of the image that holds `address`, or nil. The answer goes to a buffer on
    /// this call's stack: plugins load on whichever thread first needs one, and a buffer shared
    /// between two loads gave one plugin the other's base (a crash was then blamed on it).
    static func loadBase(of address: UnsafeRawPointer) -> UnsafeMutableRawPointer? {
        if addressInfo == nil { addressInfo = lookUp("dladdr", as: AddressInfo.self) }
        guard let addressInfo else { return nil }
        return withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 4) { buffer in
            guard let info = buffer.baseAddress else { return nil }
            info.initialize(repeating: nil, count: 4)
            guard addressInfo(address, info) != 0 else { return nil }
            return info[1].map { UnsafeMutableRawPointer(mutating: $0) }
        }
    }

    /// Makes this process's page `self` and installs the handlers; `framesFile` gets the crashing
    /// thread's frames. Call in the worker, before any plugin is loaded.
    package func installCrashHandlers(framesFile: String?) {
        WorkerPage.current = self
        Self.mainThread = pthread_self()
        watchMarks(of: Self.mainThread)
        PluginCodeWatch.watcher = self
        IsolatedProcessWait.page = (base + Layout.isolatedWait).bindMemory(to: Int32.self, capacity: 2)
        if let framesFile {
            Self.framesDescriptor = DataFolderGuard.makeFresh(framesFile)
        }
        Self.backtrace = Self.lookUp("backtrace", as: Backtrace.self)
        Self.symbolsFD = Self.lookUp("backtrace_symbols_fd", as: SymbolsFD.self)
        _ = Self.backtrace?(Self.frameBuffer, 4)  // loads the unwinder now, not inside a handler
        _ = Self.loadBase(of: UnsafeRawPointer(Self.frameBuffer))
        var stack = stack_t()
        let size = 256 * 1024
        if let memory = malloc(size) {
            stack.ss_sp = memory
            stack.ss_size = size
            stack.ss_flags = 0
            _ = sigaltstack(&stack, nil)
        }
        for signal in Self.fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { signal, _, _ in WorkerPage.crashed(signal) }
            action.sa_flags = SA_SIGINFO | SA_ONSTACK | Int32(bitPattern: UInt32(truncatingIfNeeded: SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            _ = sigaction(signal, &action, nil)
        }
    }

    /// In the handler: note, find the plugin, write the frames, die of `signal`.
    private static func crashed(_ signal: Int32) {
        guard let page = current else { return }
        // A fault while `exit` tears the process down is not a new culprit: the plugin that called
        // `exit` stays the one named.
        guard !page.exitCalled else {
            raise(signal)
            return
        }
        page.noteSignal(signal)
        if pthread_equal(pthread_self(), mainThread) == 0 { page.noteOffMainThread() }
        page.noteCulpritOnStack(skipping: 0)
        if framesDescriptor >= 0, let backtrace, let symbolsFD {
            let count = backtrace(frameBuffer, 128)
            symbolsFD(frameBuffer, count, framesDescriptor)
        }
        // SA_RESETHAND put the default action back: re-raised, the signal ends the process once
        // this handler returns (a fault's instruction would also run again and fault).
        raise(signal)
    }

    /// Notes, as the culprit, the first plugin image among this thread's frames.
    func noteCulpritOnStack(skipping: Int) {
        guard let backtrace = Self.backtrace else { return }
        let count = Int(backtrace(Self.frameBuffer, 128))
        var index = skipping
        while index < count {
            if let address = Self.frameBuffer[index] {
                if let loadBase = Self.loadBase(of: address) {
                    let found = imageIndex(loadBase: loadBase)
                    if found >= 0 {
                        noteCulprit(found)
                        return
                    }
                }
            }
            index += 1
        }
    }

}
