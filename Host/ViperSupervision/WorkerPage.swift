import Foundation
import ViperCore
import ViperLoading

/// The page a supervised session's worker shares with its supervisor: the supervisor maps it
/// `MAP_SHARED | MAP_ANONYMOUS` before it forks the worker, so both see the same bytes and the
/// supervisor still reads them after the worker died, however it died (a signal, `exit`, `_exit`,
/// SIGKILL). The worker writes; the supervisor reads, and believes nothing it reads: every length
/// and index is checked against the page's bounds before use, since plugin code in the worker can
/// write any byte of it.
///
/// What it holds, and who writes it:
/// - what plugin code the main thread runs now (the core's ``PluginCodeWatcher`` hook: builders,
///   commands, drawing, titles, command lists, lifecycle calls, interceptors, observers);
/// - how many commands of a script were finished, and how many of those failed (the shell);
/// - whether viper itself ended the worker, and with which status (``announceExit(_:)``); a worker
///   that ends without that was ended by plugin code;
/// - the fatal signal and the plugin whose code was on the crashing thread's stack (the signal
///   handler ``installCrashHandlers(framesFile:)`` sets, from a table of loaded images);
/// - whether `exit` was called (the exit guard's `atexit` handler), so `exit` and `_exit` differ;
/// - the error relay's flags (WorkerPage+Relay.swift).
///
/// ``Layout`` is the one description of where each field lives; every reader and writer uses it.
///
/// Invariants:
/// - Fixed offsets, no pointers: the two processes map it at different addresses.
/// - Strings are cut to their field's size (at a UTF-8 boundary is not needed: the reader decodes leniently).
/// - Only the main thread writes the marks; the signal handler writes only integers.
package final class WorkerPage: @unchecked Sendable {
    /// The bytes: 84 KiB (the image table, then the marks' slots).
    package static let size = Layout.marks + Layout.markSlots * Layout.markEntry

    /// Where each field lives (byte offsets into the page). Integers are Int32 unless named Int64.
    enum Layout {
        static let imageCount = 4
        static let announced = 8
        static let announcedStatus = 12
        /// Int64.
        static let completed = 16
        /// Int64.
        static let failed = 24
        static let signal = 32
        static let culprit = 36
        static let exitCalled = 40
        static let interrupted = 44
        /// Int64, CLOCK_MONOTONIC milliseconds.
        static let callStarted = 48
        /// Int64, CLOCK_MONOTONIC milliseconds.
        static let commandStarted = 56
        /// The mark slot naming the plugin code the main thread runs now; -1 (or any number that
        /// is not a slot): none.
        static let markSlot = 96
        static let inCommand = 416
        static let ending = 420
        static let offMainThread = 424
        static let relayed = 428
        static let relayBusy = 432
        static let errorsTerminal = 436
        static let errorsMeetOutput = 440
        /// Int32 pair (WorkerPage+Isolated.swift): the isolated plugin process the worker waits
        /// on, and the command time (ms) after which the supervisor ended it.
        static let isolatedWait = 444
        /// Written by the supervisor: 1 once a script's standard input ended (``inputEnded``).
        static let inputEnded = 452
        /// The loaded images: each a load address (UInt) and a text field "plugin\tversion\tpath".
        static let table = 512
        static let tableEntry = 256
        /// The marks' words (WorkerPage+Watch.swift): ``markSlots`` slots from here, each the
        /// plugin (a UInt16 length, then UTF-8, in ``markPlugin`` bytes) and what it does (the
        /// same, in the rest of ``markEntry``). Slot 0 is ``setDoing(plugin:doing:)``'s.
        static let marks = 65536
        static let markEntry = 320
        static let markPlugin = 64
        static let markSlots = 64
    }
    private static let tableOffset = Layout.table
    private static let tableEntry = Layout.tableEntry
    /// Loaded images the table can name; more are not named (the doing record still is).
    static let tableCapacity = (Layout.marks - tableOffset) / tableEntry

    package let base: UnsafeMutableRawPointer
    /// The worker's own record of the slots (never read from the page): which mark owns each
    /// (its `ObjectIdentifier`'s bits, 0: none), the slot the next new mark takes, then the main
    /// thread's `pthread_t` (plain memory: read on every mark, it costs no exclusivity check).
    let slotOwners = UnsafeMutablePointer<UInt>.allocate(capacity: Layout.markSlots + 2)

    private init(base: UnsafeMutableRawPointer) {
        self.base = base
    }

    /// Maps a fresh page (zeroed); nil when `mmap` fails (the session then runs unsupervised).
    package static func make() -> WorkerPage? {
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        SharedMappings.add(mapped, length: size)
        let page = WorkerPage(base: mapped)
        page.reset()
        return page
    }

    /// The page of this process when it is a supervised worker (set in the worker after the fork).
    nonisolated(unsafe) package static var current: WorkerPage?

    /// Clears everything, for a new worker.
    package func reset() {
        memset(base, 0, Self.size)
        forgetMarks()
        culprit = -1
    }

    // MARK: Integers

    private func int32(at offset: Int) -> Int32 { base.load(fromByteOffset: offset, as: Int32.self) }
    private func setInt32(_ value: Int32, at offset: Int) { base.storeBytes(of: value, toByteOffset: offset, as: Int32.self) }

    /// 1 once viper itself ends the worker.
    package var announced: Bool { int32(at: Layout.announced) == 1 }
    /// The status viper announced.
    package var announcedStatus: Int32 { int32(at: Layout.announcedStatus) }
    /// Commands (script statements, or input lines) finished.
    package var completed: Int { Int(base.load(fromByteOffset: Layout.completed, as: Int64.self)) }
    /// Of ``completed``, how many failed.
    package var failed: Int { Int(base.load(fromByteOffset: Layout.failed, as: Int64.self)) }
    /// The fatal signal the handler saw, 0 if none.
    package var signal: Int32 { int32(at: Layout.signal) }
    /// Index into the image table of the plugin found on the crashing thread's stack, or -1.
    package private(set) var culprit: Int32 {
        get { int32(at: Layout.culprit) }
        set { setInt32(newValue, at: Layout.culprit) }
    }
    /// 1 when `exit` was called without viper's announcement (`_exit` leaves it 0).
    package var exitCalled: Bool { int32(at: Layout.exitCalled) == 1 }
    /// 1 when the person stopped plugin code with a second Ctrl-C.
    package var interrupted: Bool { int32(at: Layout.interrupted) == 1 }
    /// When the plugin call in the doing record began (CLOCK_MONOTONIC milliseconds, 0: none).
    package var callStarted: Int64 { base.load(fromByteOffset: Layout.callStarted, as: Int64.self) }

    /// 1 while a command runs (a crash then takes that command with it), 0 between commands.
    package var inCommand: Bool { int32(at: Layout.inCommand) == 1 }
    /// When the command that runs began (CLOCK_MONOTONIC milliseconds).
    package var commandStarted: Int64 { base.load(fromByteOffset: Layout.commandStarted, as: Int64.self) }
    /// 1 once the session ends (`quit`, the end of the input): a crash then ends it, no restart.
    package var ending: Bool { int32(at: Layout.ending) == 1 }

    /// The supervisor's word that a script's standard input ended, set before it closes the
    /// worker's input pipe for that reason. The pipe also ends when the supervisor dies (its
    /// descriptors close before the worker gets its death signal): an end without this word is
    /// that, not the script's end.
    package var inputEnded: Bool { int32(at: Layout.inputEnded) == 1 }

    /// Says that a script's standard input ended (the supervisor, before it closes the pipe).
    func markInputEnded() { setInt32(1, at: Layout.inputEnded) }

    /// What makes the page's counts and flags impossible for a worker that started at command
    /// `resumedAt` (plugin code wrote over them), or nil when they can be believed.
    package func damage(resumedAt: Int) -> String? {
        let flags = [Layout.announced, Layout.exitCalled, Layout.interrupted, Layout.inCommand, Layout.ending, Layout.offMainThread]
        if flags.contains(where: { int32(at: $0) != 0 && int32(at: $0) != 1 }) { return "a flag is neither 0 nor 1" }
        if completed < resumedAt || failed < 0 || failed > completed { return "its command counts go backwards" }
        if int32(at: Layout.imageCount) < 0 || int32(at: Layout.imageCount) > Int32(Self.tableCapacity) { return "its image count is impossible" }
        return nil
    }

    /// A command starts.
    package func beginCommand() {
        base.storeBytes(of: Self.now(), toByteOffset: Layout.commandStarted, as: Int64.self)
        setInt32(1, at: Layout.inCommand)
    }

    /// Counts one finished command.
    package func complete(failed: Bool) {
        base.storeBytes(of: Int64(completed + 1), toByteOffset: Layout.completed, as: Int64.self)
        if failed { base.storeBytes(of: Int64(self.failed + 1), toByteOffset: Layout.failed, as: Int64.self) }
        setInt32(0, at: Layout.inCommand)
        Self.interruptArmed = false  // the next Ctrl-C warns first again (ViperLoading's handler)
    }

    /// The session ends: what crashes now is reported, and the session not restarted.
    package func beginEnding() {
        setInt32(1, at: Layout.ending)
    }

    /// Sets the number of finished commands (a restarted worker goes on from the supervisor's count).
    package func setCompleted(_ count: Int) {
        base.storeBytes(of: Int64(count), toByteOffset: Layout.completed, as: Int64.self)
    }

    /// viper ends the worker with `status`: not a crash.
    package func announceExit(_ status: Int32) {
        setInt32(status, at: Layout.announcedStatus)
        setInt32(1, at: Layout.announced)
    }

    /// 1 when the fault or `exit` came from a thread other than the worker's main thread.
    package var offMainThread: Bool { int32(at: Layout.offMainThread) == 1 }
    package func noteOffMainThread() { setInt32(1, at: Layout.offMainThread) }

    package func noteSignal(_ signal: Int32) { setInt32(signal, at: Layout.signal) }
    package func noteExitCalled() { setInt32(1, at: Layout.exitCalled) }
    package func noteInterrupted() { setInt32(1, at: Layout.interrupted) }
    package func noteCulprit(_ index: Int32) { culprit = index }

    /// Writes `text` as a field at `offset` of at most `size` bytes (a UInt16 length, then UTF-8).
    func writeField(_ text: String, to field: (offset: Int, size: Int)) {
        var text = text
        text.withUTF8 { bytes in
            let count = min(bytes.count, field.size - 2)
            base.storeBytes(of: UInt16(count), toByteOffset: field.offset, as: UInt16.self)
            if count > 0, let source = bytes.baseAddress {
                (base + field.offset + 2).copyMemory(from: source, byteCount: count)
            }
        }
    }

    /// The field at `offset` of at most `size` bytes, or nil when empty or not a length it can have.
    func readField(_ field: (offset: Int, size: Int)) -> String? {
        let count = Int(base.load(fromByteOffset: field.offset, as: UInt16.self))
        guard count > 0, count <= field.size - 2 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: base + field.offset + 2, count: count)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Milliseconds on the coarse monotonic clock: what the page's times are measured in, by the
    /// worker and the supervisor alike. The worker stamps every call into plugin code (several a
    /// command), and the times are compared only against seconds (the Ctrl-C notice, the command
    /// limit, the error relay's hold), so the clock's tick of a few milliseconds is
    /// plenty; the precise clock costs about ten times as much a read on this kind of machine.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    // MARK: Loaded images

    /// How many images the table holds.
    package var imageCount: Int { min(max(Int(int32(at: Layout.imageCount)), 0), Self.tableCapacity) }

    /// Adds the image loaded at `loadBase` as `plugin` `version` (`path`: the file as found), so a
    /// crash with its code on the stack names it (the loader finds the base: ViperLoading).
    package func noteImage(loadBase: UnsafeMutableRawPointer, plugin: String, version: String, path: String) {
        // Plugins load on whichever thread first needs one: two at once must not take one entry.
        Self.tableLock.lock()
        defer { Self.tableLock.unlock() }
        let index = imageCount
        guard index < Self.tableCapacity else { return }
        let entry = Self.tableOffset + index * Self.tableEntry
        base.storeBytes(of: UInt(bitPattern: loadBase), toByteOffset: entry, as: UInt.self)
        writeField(plugin + "\t" + version + "\t" + path, to: (entry + 8, Self.tableEntry - 8))
        setInt32(Int32(index + 1), at: Layout.imageCount)
    }

    /// Held while an image is added to the table (never by the signal handler, which reads only
    /// integers, the count last).
    private static let tableLock = NSLock()

    /// Entry `index` of the table: the plugin's name, version and file.
    package func image(_ index: Int) -> (plugin: String, version: String, path: String)? {
        guard index >= 0, index < imageCount,
            let text = readField((Self.tableOffset + index * Self.tableEntry + 8, Self.tableEntry - 8))
        else { return nil }
        let parts = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return nil }
        return (parts[0], parts[1], parts[2])
    }

    /// Every image of the table: where it was loaded, and its file as found.
    package var images: [(base: UInt, path: String)] {
        (0..<imageCount).compactMap { index in
            image(index).map { (base.load(fromByteOffset: Self.tableOffset + index * Self.tableEntry, as: UInt.self), $0.path) }
        }
    }

    /// The table index of the image loaded at `loadBase`, or -1. Reads only integers (signal handlers call it).
    package func imageIndex(loadBase: UnsafeMutableRawPointer) -> Int32 {
        let wanted = UInt(bitPattern: loadBase)
        var index = 0
        let count = imageCount
        while index < count {
            if base.load(fromByteOffset: Self.tableOffset + index * Self.tableEntry, as: UInt.self) == wanted { return Int32(index) }
            index += 1
        }
        return -1
    }
}
