import Contracts

/// The isolated plugin's `Logger`: each message goes to viper's log as a notice.
final class ForwardingLogger: Logger {
    let channel: IsolationChannel

    init(channel: IsolationChannel) { self.channel = channel }

    func log(_ level: LogLevel, _ message: String, source: String) {
        var writer = WireWriter(.log)
        writer.text(level.rawValue)
        writer.text(message)
        writer.text(source)
        channel.notify(writer.bytes)
    }
}

/// The isolated plugin's `CommandProgress`: each line goes to viper's terminal as a notice.
final class ForwardingProgress: CommandProgress {
    let channel: IsolationChannel

    init(channel: IsolationChannel) { self.channel = channel }

    func report(_ line: String) {
        var writer = WireWriter(.progress)
        writer.text(line)
        channel.notify(writer.bytes)
    }
}
