import ConformanceKit
import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// What `viper check` found, assembled from the child's report: printed as one
/// line per check, or as JSON.
struct CheckOutcome: Encodable {
    struct Plugin: Encodable {
        let name: String
        let version: String
    }

    let path: String
    var plugin: Plugin?
    var checks: [CheckResult] = []
    /// How the child ended when it did not finish (a crash, a time-out), or nil.
    var crash: String?

    package var conforms: Bool { crash == nil && !checks.isEmpty && checks.allSatisfy(\.passed) }

    /// Rebuilds the outcome from the report lines; a check that started and never
    /// finished is where the child died.
    init(path: String, lines: [CheckLine], ended: String?) {
        self.path = path
        var pending: CheckLine.CheckStart?
        for line in lines {
            if let plugin = line.plugin { self.plugin = Plugin(name: plugin.name, version: plugin.version) }
            if let start = line.start { pending = start }
            if let result = line.result {
                checks.append(result)
                pending = nil
            }
        }
        if let ended {
            crash = ended
            let failedAt = pending ?? CheckLine.CheckStart(check: "loads", subject: "plugin")
            checks.append(
                CheckResult(
                    check: failedAt.check, subject: failedAt.subject, passed: false,
                    reason: "\(ended) while running this check; the plugin's code crashed or hung here, fix it and check again"))
        }
    }

    /// One line per check. The plugin's name and version, subjects and reasons (a crash's last
    /// words among them) come from the plugin, so every line is made printable
    /// (``PrintableText/oneLine(_:)``) before it reaches the terminal.
    var text: String {
        let name = plugin.map { "\($0.name) \($0.version)" } ?? Paths.lastComponent(path)
        let verdict = conforms ? "\(plugin?.name ?? name) conforms" : "\(plugin?.name ?? name) does not conform"
        return
            (["checking \(name) (\(path))"] + checks.map(\.description)
            + ["\(ConformanceReport.summary(checks)); \(verdict)"])
            .map(PrintableText.oneLine).joined(separator: "\n")
    }

    var json: String {
        struct Document: Encodable {
            let path: String
            let plugin: Plugin?
            let conforms: Bool
            let crash: String?
            let checks: [CheckResult]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(path: path, plugin: plugin, conforms: conforms, crash: crash, checks: checks)
        guard let data = try? encoder.encode(document) else { return "{}" }
        return PrintableText.escapingFormatInJSON(String(decoding: data, as: UTF8.self))
    }
}
