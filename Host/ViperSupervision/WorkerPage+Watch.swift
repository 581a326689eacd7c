import Foundation
import ViperCore

/// The page as the core's watcher of plugin code: it records the main thread's plugin calls, the
/// images loaded, and an `exit` viper did not announce.
extension WorkerPage: PluginCodeWatcher {
    /// Whether a first Ctrl-C during this command already warned (the interrupt handler).
    nonisolated(unsafe) package static var interruptArmed = false
    /// The worker's main thread (set when the worker installs its handlers).
    nonisolated(unsafe) package static var mainThread = pthread_self()

    package func entering(_ mark: PluginExitGuard.Mark) {
        guard pthread_self() == slotOwners[Layout.markSlots + 1] else { return }
        show(mark)
    }

    package func leaving(to previous: PluginExitGuard.Mark?) {
        guard pthread_self() == slotOwners[Layout.markSlots + 1] else { return }
        guard let previous else {
            base.storeBytes(of: Int32(-1), toByteOffset: Layout.markSlot, as: Int32.self)
            base.storeBytes(of: Int64(0), toByteOffset: Layout.callStarted, as: Int64.self)
            return
        }
        show(previous)
    }

    /// Marks `mark` as running. Its words go to a slot of their own the first time (slots are
    /// taken in turn, so one mark's words stay until 63 other marks came after it), and from then
    /// on showing it stores the slot's number: a module's marks come back every command.
    private func show(_ mark: PluginExitGuard.Mark) {
        let owner = UInt(bitPattern: ObjectIdentifier(mark))
        var slot = mark.watcherSlot
        if slot <= 0 || slot >= Layout.markSlots || slotOwners[slot] != owner {
            slot = Int(slotOwners[Layout.markSlots])
            if slot <= 0 || slot >= Layout.markSlots { slot = 1 }
            slotOwners[Layout.markSlots] = UInt(slot + 1 < Layout.markSlots ? slot + 1 : 1)
            writeSlot(slot, plugin: mark.plugin, doing: mark.doing)
            slotOwners[slot] = owner
            mark.watcherSlot = slot
        }
        base.storeBytes(of: Int32(slot), toByteOffset: Layout.markSlot, as: Int32.self)
        // Within a command the Ctrl-C handler measures from the command's start, stamped once a
        // command; only a call outside one (a restore, a call at start-up) needs its own stamp.
        if base.load(fromByteOffset: Layout.inCommand, as: Int32.self) != 1 {
            base.storeBytes(of: Self.now(), toByteOffset: Layout.callStarted, as: Int64.self)
        }
    }

    /// Writes the mark of plugin code the main thread enters, in slot 0 (nil: none runs).
    package func setDoing(plugin: String?, doing: String?) {
        guard let plugin else {
            base.storeBytes(of: Int32(-1), toByteOffset: Layout.markSlot, as: Int32.self)
            base.storeBytes(of: Int64(0), toByteOffset: Layout.callStarted, as: Int64.self)
            return
        }
        writeSlot(0, plugin: plugin, doing: doing ?? "")
        base.storeBytes(of: Int32(0), toByteOffset: Layout.markSlot, as: Int32.self)
        base.storeBytes(of: Self.now(), toByteOffset: Layout.callStarted, as: Int64.self)
    }

    /// Marks are recorded for `thread` alone: the worker's main thread.
    func watchMarks(of thread: pthread_t) {
        slotOwners[Layout.markSlots + 1] = thread
    }

    /// Forgets which mark owns which slot (a new worker's page).
    func forgetMarks() {
        slotOwners.initialize(repeating: 0, count: Layout.markSlots + 2)
        slotOwners[Layout.markSlots] = 1
        base.storeBytes(of: Int32(-1), toByteOffset: Layout.markSlot, as: Int32.self)
    }

    private func writeSlot(_ slot: Int, plugin: String, doing: String) {
        let entry = Layout.marks + slot * Layout.markEntry
        writeField(plugin, to: (entry, Layout.markPlugin))
        writeField(doing, to: (entry + Layout.markPlugin, Layout.markEntry - Layout.markPlugin))
    }

    /// The offsets of the running mark's two fields (plugin, doing), or nil when none runs. Reads
    /// only integers: the interrupt handler calls it.
    package var runningFields: (plugin: Int, doing: Int)? {
        let slot = Int(base.load(fromByteOffset: Layout.markSlot, as: Int32.self))
        guard slot >= 0, slot < Layout.markSlots else { return nil }
        let entry = Layout.marks + slot * Layout.markEntry
        return (entry, entry + Layout.markPlugin)
    }

    /// The plugin as marked (`plugin 'notes'`, or `the plugin at PATH`), or nil when none ran.
    package var doingPlugin: String? {
        runningFields.flatMap { readField(($0.plugin, Layout.markPlugin)) }
    }

    /// What it was doing (`running command 'boom'`), or nil.
    package var doing: String? {
        runningFields.flatMap { readField(($0.doing, Layout.markEntry - Layout.markPlugin)) }
    }

    package func loaded(imageContaining address: UnsafeRawPointer, plugin: String, version: String, path: String) {
        noteImage(containing: address, plugin: plugin, version: version, path: path)
    }

    /// The exit guard's `atexit` handler: an `exit` viper did not announce is noted, with the
    /// plugin on the calling thread's stack; the supervisor writes the line.
    package func processExits() -> Bool {
        guard !announced else { return true }
        noteExitCalled()
        if pthread_equal(pthread_self(), Self.mainThread) == 0 { noteOffMainThread() }
        noteCulpritOnStack(skipping: 0)
        return true
    }
}
