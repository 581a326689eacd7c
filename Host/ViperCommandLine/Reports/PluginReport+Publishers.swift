import ViperLoading
import ViperRuntime

/// The publisher line of `viper plugins`: for a plugin installed from a signed index, the key
/// plugins.lock pins for it and the index it came from.
extension PluginReport {
    /// The pins of the data folder, read once per report (none when the lock cannot be read: start-up said why).
    static func publisherPins(_ runtime: HostRuntime) -> PublisherPins? {
        try? PublisherPins.read(folder: runtime.dataFolder)
    }

    /// `  publisher: key 9DCF719CA1669F1A (pinned), from file:///srv/index`, or nothing.
    static func publisherLine(path: String, pins: PublisherPins?) -> [String] {
        guard let pins, let name = pins.installedName(at: path), let publisher = pins.lock.publishers?[name] else { return [] }
        let index = publisher.index.map { ", from \($0)" } ?? ""
        let kept = (publisher.history ?? []).count > 1 ? "; kept for rollback: \((publisher.history ?? []).dropLast().joined(separator: ", "))" : ""
        return ["  publisher: key \(publisher.keyID) (pinned)\(index)\(kept)"]
    }
}
