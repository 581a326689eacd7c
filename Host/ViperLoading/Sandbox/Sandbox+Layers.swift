import Foundation

extension Sandbox {
    /// The layers of the box, each of which can be left out to measure what it costs: the
    /// resource limits, Landlock, the seccomp filter, and the scanner's read of every plugin's
    /// run paths before its box closes (``loadingFolders(of:)``, which Landlock needs).
    /// `VIPER_SANDBOX=no-landlock,no-seccomp,no-limits,no-prescan` leaves out the ones it names
    /// (any of them, comma-separated); like `VIPER_SANDBOX=off` it is for measuring, and
    /// `viper doctor` says the box is weakened while it is set.
    ///
    /// Invariant: an empty or unknown value leaves every layer in (``all``); only a name in
    /// ``names`` with `no-` before it takes one out.
    package struct Layers: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        package static let limits = Layers(rawValue: 1 << 0)
        package static let landlock = Layers(rawValue: 1 << 1)
        package static let seccomp = Layers(rawValue: 1 << 2)
        package static let prescan = Layers(rawValue: 1 << 3)
        package static let all: Layers = [.limits, .landlock, .seccomp, .prescan]

        /// Each layer by the name `VIPER_SANDBOX` gives it.
        package static let names: [(String, Layers)] = [
            ("limits", .limits), ("landlock", .landlock), ("seccomp", .seccomp), ("prescan", .prescan),
        ]

        /// The layers `VIPER_SANDBOX`'s value leaves in.
        package init(setting value: String?) {
            var layers = Layers.all
            for word in (value ?? "").split(separator: ",") {
                let name = word.trimmingCharacters(in: .whitespaces)
                if let (_, layer) = Self.names.first(where: { "no-" + $0.0 == name }) { layers.remove(layer) }
            }
            self = layers
        }

        /// The names of the layers left out, in ``names``' order.
        package var leftOut: [String] { Self.names.filter { !contains($0.1) }.map(\.0) }
    }

    /// The layers `VIPER_SANDBOX` leaves in, read from this process's environment (the scanner
    /// child reads it with `getenv`: a forked child must not build Foundation's dictionary).
    package static func layersFromEnvironment() -> Layers {
        Layers(setting: getenv("VIPER_SANDBOX").map { String(cString: $0) })
    }
}
