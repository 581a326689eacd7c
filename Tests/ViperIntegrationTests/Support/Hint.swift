import Foundation
import Testing
import ViperTestSupport

/// Reading a hint out of what viper printed, to follow it as a person would: the line that
/// carries it, the path the line is about, and the commands it quotes ('viper plugins --lock',
/// 'chmod go-w PATH'), run exactly as quoted.
enum Hint {
    /// The first line of `output` that contains `text`.
    static func line(_ text: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    /// The path a report line is about: "problem: PATH: ..." or "warning: PATH: ..." gives PATH.
    static func subject(of line: String) -> String {
        var rest = Substring(line)
        for prefix in ["problem: ", "warning: ", "viper: "] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
        }
        return rest.components(separatedBy: ": ").first ?? ""
    }

    /// The commands `line` quotes between single quotes, each split into its words.
    static func commands(in line: String) -> [[String]] {
        line.components(separatedBy: "'").enumerated().filter { $0.offset % 2 == 1 }.map { $0.element.split(separator: " ").map(String.init) }
    }

    /// The one command `line` quotes that starts with `program`.
    static func command(_ program: String, in line: String) throws -> [String] {
        try #require(commands(in: line).first { $0.first == program }, "no '\(program) ...' quoted in: \(line)")
    }

    /// Runs a quoted command as typed: a 'viper ...' one with `viper` (its environment, its
    /// data folder), anything else with the shell.
    static func run(_ words: [String], with viper: ViperProcess) throws -> Subprocess.Result {
        if words.first == "viper" { return try viper.run(Array(words.dropFirst())) }
        return try Subprocess.tool(["sh", "-c", words.joined(separator: " ")], in: NSTemporaryDirectory(), environment: viper.environment)
    }
}

extension ViperProcess {
    /// The user plugin folder this process searches ($XDG_DATA_HOME/viper/plugins).
    var userPluginFolder: String { (environment["XDG_DATA_HOME"] ?? "") + "/viper/plugins" }

    /// The fixtures the hint suites put in the user folder. Most provide or use a service, so
    /// they cannot run isolated there; the suites are about other hints, so the person trusts
    /// them (config.json's `trust`) as the isolation rule's own line says to.
    static let trustedFixtures = ["fixture-good", "fixture-renamed", "fixture-consumer", "fixture-english", "welcome-consumer", "welcome-provider"]

    /// Copies `files` into the user plugin folder (made if missing), trusts ``trustedFixtures``
    /// (keeping what else config.json holds), and returns their new paths.
    @discardableResult
    func installInUserFolder(_ files: [String]) throws -> [String] {
        try FileManager.default.createDirectory(atPath: userPluginFolder, withIntermediateDirectories: true)
        let config = dataFolder + "/config.json"
        var settings = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: config)))) as? [String: Any] ?? [:]
        settings["trust"] = Array(Set((settings["trust"] as? [String] ?? []) + Self.trustedFixtures)).sorted()
        try FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys]).write(to: URL(fileURLWithPath: config))
        return try files.map { file in
            let target = userPluginFolder + "/" + (file as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: file, toPath: target)
            return target
        }
    }
}
