import ConformanceKit
import Contracts
import Foundation
import ViperLoading
import ViperRuntime

/// The module checks `viper check` makes in its own process, against the plugin running
/// isolated: the plugin is started as the shell starts an isolated plugin (`viper __isolated`,
/// boxed before it opens the file; ``IsolatedPlugin``), a proxy is registered here for each
/// module it declares, and the kit's checks run on the proxies. Every build, command and drawing
/// crosses the socket as data; the verdict is made here, where the plugin's code never runs.
///
/// Only the checks whose subject crosses the wire run here: the module builds (`builds`), its
/// commands are well formed (`commands`), it has a title and draws its empty state without an error
/// (`empty-state`), and the plugin declares at least one module (`declares`). Checks about the
/// objects inside the plugin's process (`input-conforms`, `wired`, `fresh-instance`,
/// `released-after-removal`, `declared-dependencies`) and contract suites that call the module's
/// input can only be judged there, in the check's child.
enum CheckWire {
    /// What came of trying to run the plugin isolated.
    enum Outcome {
        /// It ran isolated: the results judged here, and the labels of the modules it declared.
        case judged([CheckResult], modules: [String])
        /// It cannot run isolated, for the reason given (it provides a service, say): its checks
        /// are all judged in its own process.
        case refused(String)
    }

    /// The kit's module checks made here, in order; after a failed `builds` none runs.
    static let checks = [ModuleCheck.builds, ModuleCheck.commands, ModuleCheck.emptyState]
    static var checkNames: Set<String> { Set(checks.map(\.name)) }

    /// Starts the plugin at `path` isolated, with `dataFolder` as the data folder its private
    /// folder is made in, and checks its modules; checks not run by `deadline` fail, saying so.
    static func run(path: String, executable: String, dataFolder: String, environment: [String: String], timeout: Double) -> Outcome {
        let name = Paths.lastComponent(path)
        let plugin = IsolatedPlugin(
            name: name, path: path, executable: executable, dataFolder: dataFolder, environment: environment, allowInsecure: false)
        plugin.preparesSpare = false
        defer { plugin.stop() }
        let deadline = Date().addingTimeInterval(timeout)
        let errors = Paths.join(IsolatedPlugin.privateFolder(dataFolder: dataFolder, plugin: name), "stderr.log")
        let declared: [IsolatedPlugin.DeclaredModule]
        do {
            declared = try plugin.start()
        } catch {
            let refused = "plugin '\(name)' cannot run isolated: "
            if error.description.hasPrefix(refused) { return .refused(reason(String(error.description.dropFirst(refused.count)))) }
            let failed = reason(error.description) + lastWords(errors)
            return .judged([CheckResult(check: "isolated", subject: "plugin", passed: false, reason: failed)], modules: [])
        }
        let labels = declared.map(label)
        var results = [declares(labels)]
        for (index, module) in declared.enumerated() {
            guard Date() < deadline else {
                results.append(
                    CheckResult(
                        check: ModuleCheck.builds.name, subject: labels[index], passed: false,
                        reason: "not checked: the checks across the wire did not finish within \(Int(timeout)) s (VIPER_CHECK_TIMEOUT)"))
                continue
            }
            let recorder = PluginRecorder()
            recorder.registerModule(
                AnyObject.self, name: module.name, route: module.route, requires: [], builder: plugin.moduleBuilder(index))
            guard let recorded = recorder.modules.first else { continue }
            let harness = ModuleHarness(module: recorded, services: ServiceTable())
            for check in checks {
                let result: CheckResult
                do {
                    try check.run(harness)
                    result = CheckResult(check: check.name, subject: labels[index], passed: true)
                } catch {
                    let said = String(describing: error)
                    // The process died or hung during the check: its last words say why, as in the child's lines.
                    let died = said.contains("(isolated) stopped") || said.contains("(isolated) did not answer")
                    result = CheckResult(
                        check: check.name, subject: labels[index], passed: false, reason: reason(said) + (died ? lastWords(errors) : ""))
                }
                results.append(result)
                if !result.passed, check.name == ModuleCheck.builds.name { break }
            }
        }
        return .judged(results, modules: labels)
    }

    /// How the kit names a module: its contract's short name, with its name in brackets.
    static func label(_ module: IsolatedPlugin.DeclaredModule) -> String {
        module.name.map { "\(module.contract.shortName)[\($0)]" } ?? module.contract.shortName
    }

    /// `declares`: the plugin declared a module (a plugin that can run isolated provides only modules).
    private static func declares(_ labels: [String]) -> CheckResult {
        guard !labels.isEmpty else {
            return CheckResult(
                check: "declares", subject: "plugin", passed: false,
                reason: "its isolated process declared no module: register(in:) registered nothing; register a module")
        }
        return CheckResult(check: "declares", subject: "plugin", passed: true, reason: "\(labels.count) module(s): " + labels.joined(separator: ", "))
    }

    /// `same-modules`: the modules the plugin registered in the check's child (its `builds` lines)
    /// are those it declared across the wire; nil when they are, or when the child's report is incomplete.
    static func sameModules(wire: [String], child: [CheckResult]) -> CheckResult? {
        let inChild = Set(child.filter { $0.check == ModuleCheck.builds.name }.map(\.subject))
        guard inChild != Set(wire) else { return nil }
        func list(_ labels: Set<String>) -> String { labels.isEmpty ? "none" : labels.sorted().joined(separator: ", ") }
        return CheckResult(
            check: "same-modules", subject: "plugin", passed: false,
            reason: "it registered modules \(list(inChild)) in the checker's process and \(list(Set(wire))) when isolated: "
                + "a plugin that registers differently when it is checked cannot be judged; register the same modules wherever it runs")
    }

    /// ` after printing '...'`: the last line the plugin's process wrote to its standard error, or nothing.
    private static func lastWords(_ file: String) -> String {
        let data = FileManager.default.contents(atPath: file) ?? Data()
        return ScanWorker.lastWords(String(decoding: data.suffix(16384), as: UTF8.self)).map { " after printing '\($0)'" } ?? ""
    }

    /// Why the plugin could not run isolated, as the header of the checks judged in its own
    /// process says it: what it registers that keeps it out (`obstacle`, as the check's child read
    /// it; the rule the shell applies), whatever the isolated process said first. The isolated
    /// process loads only the contract libraries beside the plugin, so a plugin whose library is
    /// elsewhere is refused there before its registrations are read; when the check's child, which
    /// searched the folders of the `library-copy` line, loaded the library and nothing else keeps
    /// the plugin out, the header says that and names the copy the checks used.
    static func refusalNote(_ refusal: String, obstacle: String?, checks: [CheckResult]) -> String {
        if let obstacle { return "it \(obstacle), which an isolated plugin cannot do" }
        guard refusal.contains("the contract library"), let copy = checks.first(where: { $0.check == "library-copy" && $0.passed }) else {
            return refusal
        }
        let copies = (copy.reason ?? "").components(separatedBy: "; ").map { $0.components(separatedBy: " (").first ?? $0 }
        return "its contract library is not beside it, where an isolated plugin's process looks for it; the checks below used "
            + copies.joined(separator: ", ")
    }

    /// The runtime's line for the shell, without its advice about the shell.
    private static func reason(_ line: String) -> String {
        for advice in ["; its module was closed", "; run it in process"] {
            if let range = line.range(of: advice) { return String(line[..<range.lowerBound]) }
        }
        return line
    }
}
