import ConformanceKit
import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// What `viper check` found: the checks judged in viper's own process across the wire
/// (``CheckWire``) and those assembled from the child's report, judged in the plugin's process;
/// printed as one line per check under a line saying where they were judged, or as JSON, each
/// check with `judgedBy` (`viper` or `plugin`). Named by the SHA-256 of the file judged.
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
    /// The SHA-256 of the file judged, hex.
    var sha256: String?
    /// The checks judged in viper's own process, against the plugin running isolated.
    var wire: [CheckResult] = []
    /// Why the checks of ``checks`` were judged in the plugin's own process.
    var inProcessNote = "it does not run isolated in this check"
    /// What keeps the plugin from running isolated, as its child read it from the plugin's
    /// registrations ("uses service X of another plugin"), or nil.
    var isolationObstacle: String?

    package var conforms: Bool {
        crash == nil && !checks.isEmpty && checks.allSatisfy(\.passed) && wire.allSatisfy(\.passed)
    }

    /// Rebuilds the outcome from the report lines; a check that started and never
    /// finished is where the child died.
    init(path: String, lines: [CheckLine], ended: String?) {
        self.path = path
        var pending: CheckLine.CheckStart?
        for line in lines {
            if let plugin = line.plugin {
                self.plugin = Plugin(name: plugin.name, version: plugin.version)
                isolationObstacle = plugin.isolationObstacle
            }
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
        let digest = sha256.map { ["sha256 \($0): the bytes judged"] } ?? []
        let judgedHere =
            wire.isEmpty
            ? []
            : ["judged by viper in its own process, against the plugin running isolated (what the plugin sent was data, never a verdict):"]
                + wire.map(\.description)
        let judgedThere =
            checks.isEmpty
            ? []
            : ["judged in the plugin's own process (\(inProcessNote)); a plugin built to deceive can forge these:"]
                + checks.map(\.description)
        return
            (["checking \(name) (\(path))"] + digest + judgedHere + judgedThere
            + ["\(ConformanceReport.summary(wire + checks)); \(verdict)"])
            .map(PrintableText.oneLine).joined(separator: "\n")
    }

    /// A check as the JSON report gives it: the kit's fields and where it was judged.
    private struct Judged: Encodable {
        let check: String
        let subject: String
        let passed: Bool
        let reason: String?
        let applicable: Bool
        /// `viper` (in viper's process, across the wire) or `plugin` (in the plugin's process).
        let judgedBy: String

        init(_ result: CheckResult, by judge: String) {
            (check, subject, passed, reason, applicable, judgedBy) =
                (result.check, result.subject, result.passed, result.reason, result.applicable, judge)
        }
    }

    var json: String {
        struct Document: Encodable {
            let path: String
            let plugin: Plugin?
            let conforms: Bool
            let crash: String?
            let sha256: String?
            let checks: [Judged]
            /// Why the checks judged by `plugin` were judged there.
            let judgedInPlugin: String?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(
            path: path, plugin: plugin, conforms: conforms, crash: crash, sha256: sha256,
            checks: wire.map { Judged($0, by: "viper") } + checks.map { Judged($0, by: "plugin") },
            judgedInPlugin: checks.isEmpty ? nil : inProcessNote)
        guard let data = try? encoder.encode(document) else { return "{}" }
        return PrintableText.escapingFormatInJSON(String(decoding: data, as: UTF8.self))
    }
}
