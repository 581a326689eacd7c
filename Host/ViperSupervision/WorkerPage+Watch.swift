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
        guard pthread_equal(pthread_self(), Self.mainThread) != 0 else { return }
        show(mark)
    }

    package func leaving(to previous: PluginExitGuard.Mark?) {
        guard pthread_equal(pthread_self(), Self.mainThread) != 0 else { return }
        guard let previous else {
            // No plugin code runs: the fields' lengths go to zero, their words stay for the next call.
            base.storeBytes(of: UInt16(0), toByteOffset: Self.pluginField.offset, as: UInt16.self)
            base.storeBytes(of: UInt16(0), toByteOffset: Self.doingField.offset, as: UInt16.self)
            base.storeBytes(of: Int64(0), toByteOffset: Layout.callStarted, as: Int64.self)
            return
        }
        show(previous)
    }

    /// Marks `mark` as running. A module's marks come back every command (drawing, title,
    /// commands), so when the page still holds `mark`'s words only their lengths are stored again.
    private func show(_ mark: PluginExitGuard.Mark) {
        guard let written = WorkerPage.written, written.mark === mark else {
            setDoing(plugin: mark.plugin, doing: mark.doing)
            WorkerPage.written = (
                mark, base.load(fromByteOffset: Self.pluginField.offset, as: UInt16.self),
                base.load(fromByteOffset: Self.doingField.offset, as: UInt16.self)
            )
            return
        }
        base.storeBytes(of: written.plugin, toByteOffset: Self.pluginField.offset, as: UInt16.self)
        base.storeBytes(of: written.doing, toByteOffset: Self.doingField.offset, as: UInt16.self)
        base.storeBytes(of: Self.now(), toByteOffset: Layout.callStarted, as: Int64.self)
    }

    /// The mark whose words the page's fields hold, with their lengths (the main thread's only).
    nonisolated(unsafe) static var written: (mark: PluginExitGuard.Mark, plugin: UInt16, doing: UInt16)?

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
