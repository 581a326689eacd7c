import Foundation

/// Replies owed without a wait of their own, and what viper's exit settles: a module's appearance
/// run with its build answers after the build's reply, and a leaving module is told with a notice
/// that viper's exit makes sure was served (so its last words reach the log).
extension IsolatedPlugin {
    /// Tells the process a module left (a notice: the shell does not wait for a leaving module). A
    /// dead or hung process is found at the next call; viper's exit waits for the process to have
    /// served it (``settle()``).
    func sendRemoval(_ frame: [UInt8]) {
        guard let channel, channel.sendFrame(frame) else { return }
        listUnsettled()
        removalUnanswered = true
    }

    /// Notes a reply that will come with no request of its own (a module's appearance run with its
    /// build): `take` gets it when it is read, before the next call's reply.
    func expectReply(_ take: @escaping (inout WireReader) -> Void) {
        listUnsettled()
        owed.append((depth, take))
    }

    func listUnsettled() {
        guard !isListedUnsettled else { return }
        isListedUnsettled = true
        Unsettled.add(self)
    }

    /// Reads the replies owed at `depth`, oldest first: they come before the reply to any request
    /// sent after them at that depth.
    func readOwed(on channel: IsolationChannel, depth level: Int) throws(IsolationChannel.Failure) {
        while let index = owed.firstIndex(where: { $0.depth == level }) {
            var reply = try channel.reply()
            owed.remove(at: index).take(&reply)
        }
    }

    /// Waits until the process has served everything sent to it, serving what it sends first (its
    /// log lines): viper does so as it exits, so a leaving module's last words still reach the
    /// log. A process that died or hung here is stopped without a line; nothing waits on it any more.
    func settle() {
        guard let channel, removalUnanswered || !owed.isEmpty else { return }
        do throws(IsolationChannel.Failure) {
            try readOwed(on: channel, depth: depth)
            if removalUnanswered {
                guard channel.sendFrame(WireWriter(.sync).bytes) else { throw .closed }
                _ = try channel.reply()
                removalUnanswered = false
            }
        } catch {
            stop()
        }
    }

    /// The plugins with replies still to read, settled when viper exits (`atexit`).
    private enum Unsettled {
        private static let lock = NSLock()
        nonisolated(unsafe) private static var plugins: [ObjectIdentifier: WeakPlugin] = [:]
        nonisolated(unsafe) private static var registered = false

        struct WeakPlugin {
            weak var plugin: IsolatedPlugin?
        }

        static func add(_ plugin: IsolatedPlugin) {
            lock.withLock {
                plugins = plugins.filter { $0.value.plugin != nil }
                plugins[ObjectIdentifier(plugin)] = WeakPlugin(plugin: plugin)
                if !registered {
                    registered = true
                    atexit { IsolatedPlugin.Unsettled.settleAll() }
                }
            }
        }

        static func settleAll() {
            let waiting = lock.withLock { plugins.values.compactMap(\.plugin) }
            waiting.forEach { $0.settle() }
        }
    }
}
