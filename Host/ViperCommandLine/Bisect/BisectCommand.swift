import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// `viper doctor --bisect SCRIPT [--expect TEXT]`: finds the drop-in plugin (or pair) whose
/// presence makes SCRIPT fail by running `viper -c SCRIPT` with sets of them off
/// (``PluginBisection`` chooses the sets), each run in a fresh copy of the data folder, so the
/// person's data is never changed. Plugins are switched off per run by name through
/// ``offVariable`` (the runtime's excluded plugins): no file is touched.
package enum BisectCommand {
    /// The plugins a run has off, one name a line (read by ``excluded(environment:)``).
    package static let offVariable = "VIPER_BISECT_OFF"
    /// Why a plugin is off in such a run, as `viper plugins` in it would say.
    static let reason = "off for this run of 'viper doctor --bisect'"

    /// The plugins `environment` switches off for a bisect run, with the reason, by name.
    package static func excluded(environment: [String: String]) -> [String: String] {
        guard let names = environment[offVariable] else { return [:] }
        return Dictionary(names.split(separator: "\n").map { (String($0), reason) }, uniquingKeysWith: { first, _ in first })
    }

    package static func run(_ bisect: BisectOptions, options: GlobalOptions, environment: [String: String]) -> Int32 {
        guard let script = bisect.script else { return ViperTool.usageExitCode }
        do {
            let scratch = try BisectScratch(options: options, environment: environment)
            defer { scratch.remove() }
            let graph = try scratch.pluginGraph()
            guard !graph.candidates.isEmpty else {
                print("No drop-in plugin is in use (bundled plugins are never switched off): nothing to bisect.")
                return 1
            }
            let bisection = PluginBisection(plugins: graph.candidates, requires: graph.requires)
            ViperTool.printError(
                "bisecting \(graph.candidates.count) drop-in plugin(s) over '\(script)' (at most \(PluginBisection.runLimit(plugins: graph.candidates.count)) runs for one culprit); your data folder is not changed"
            )
            var number = 0
            let expect = bisect.expect
            let found = try bisection.search { on in
                number += 1
                let off = graph.off(keeping: on)
                let result = try scratch.run(script: script, off: off, number: number)
                let missing = expect.map { !result.output.contains($0) } ?? false
                let failed = result.status != 0 || missing
                let needs = failed ? neededPlugins(result.output, off: off) : []
                let text = expect == nil ? "" : (missing ? ", text missing" : ", text found")
                let held = needs.isEmpty ? "" : "; the script asked for \(needs.map { "'\($0)'" }.joined(separator: ", ")), held on from now"
                ViperTool.printError(
                    "run \(number): \(on.count) of \(graph.candidates.count) on: \(failed ? "fails" : "passes") (exit \(result.status)\(text))\(held)")
                return PluginBisection.Outcome(failed: failed, needs: needs)
            }
            print(verdictLine(found.verdict, runs: found.runs.count, expect: bisect.expect))
            switch found.verdict {
            case .plugin, .pair, .more: return 1
            case .passesWithAll, .failsWithNone, .failsWithNeeded: return 0
            }
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }

    /// The plugins of `off` that a run's output says the script asked for: a route or contract of
    /// theirs was refused as off for this run.
    static func neededPlugins(_ output: String, off: [String]) -> [String] {
        guard output.contains(reason) else { return [] }
        return off.filter { output.contains("'\($0)' is disabled: \(reason)") || output.contains(" \($0) is disabled: \(reason)") }
    }

    static func verdictLine(_ verdict: PluginBisection.Verdict, runs: Int, expect: String?) -> String {
        let failing = expect.map { "fails (exit status not 0, or '\($0)' missing from its output)" } ?? "fails (exit status not 0)"
        let after = "after \(runs) run\(runs == 1 ? "" : "s")"
        switch verdict {
        case .passesWithAll:
            return "The script passes with every plugin on (\(after)): there is nothing to bisect."
        case .failsWithNone:
            return "The script \(failing) with every drop-in plugin off too (\(after)): it is not a plugin's doing."
        case .plugin(let name):
            return
                "Culprit: plugin '\(name)': with it the script \(failing), without it it passes (\(after)). Turn it off by moving it out of the plugin folders; 'viper plugins' shows where it is."
        case .pair(let first, let second):
            return "Culprits: plugins '\(first)' and '\(second)' together: the script \(failing) with both on, and passes without either (\(after))."
        case .failsWithNeeded(let names):
            return
                "The script \(failing) even with only the plugins it uses on (\(names.map { "'\($0)'" }.joined(separator: ", "))) (\(after)): one of them is at fault, not another plugin."
        case .more(let first, let second):
            return
                "Culprits: plugins '\(first)' and '\(second)' are both needed for the script to fail, with more of the other plugins on (\(after)); try bisecting again with one of them removed."
        }
    }
}

/// The drop-in plugins a bisect switches, and what each requires.
struct BisectGraph {
    /// Drop-in plugins in use, in search order.
    let candidates: [String]
    /// Plugin name to the plugins serving its requirements (every plugin, bundled ones too).
    let requires: [String: [String]]

    /// Every plugin to switch off when only `on` of the candidates stay on: the other candidates,
    /// and every plugin that requires one of them, directly or not (a consumer is off with its provider).
    func off(keeping on: [String]) -> [String] {
        let kept = Set(on)
        var off = Set(candidates.filter { !kept.contains($0) })
        var consumers: [String: [String]] = [:]
        for (plugin, providers) in requires {
            for provider in providers { consumers[provider, default: []].append(plugin) }
        }
        var queue = Array(off)
        while let next = queue.popLast() {
            for consumer in consumers[next] ?? [] where off.insert(consumer).inserted { queue.append(consumer) }
        }
        return off.sorted()
    }
}
