import ConformanceKit
import Contracts
import Foundation
import ViperCommandLine
import ViperLoading
import ViperRuntime

/// The child side of `viper check`: `viper __check --report FILE [--plugins DIR]... [--suites PATH]... PATH`.
/// Loads the plugin, starts the host's real services and the other plugins as
/// providers, and runs the conformance kit, appending a ``CheckLine`` to FILE
/// around every check. A crash here costs only this process.
package enum CheckChild {
    package static let command = "__check"

    package static func run(arguments: [String], environment: [String: String]) -> Int32 {
        // First of all: the channel and the run's secret, before any plugin could read them.
        let channel = CheckChannel.readHeader()
        var sandbox: String?
        var pluginFlags: [String] = []
        var suites: [String] = []
        var path: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--plugins" || argument == "--sandbox" || argument == "--suites", index + 1 < arguments.count {
                switch argument {
                case "--sandbox": sandbox = arguments[index + 1]
                case "--suites": suites.append(arguments[index + 1])
                default: pluginFlags.append(arguments[index + 1])
                }
                index += 2
                continue
            }
            path = argument
            index += 1
        }
        guard let channel, let path else {
            ViperTool.printError("viper: \(command) is internal to 'viper check'; run 'viper check PATH.so'")
            return ViperTool.usageExitCode
        }
        let absolute = Paths.absolute(path)
        if let sandbox {
            setenv("TMPDIR", sandbox, 1)
            // The folders searched for contract libraries are read too (the person's user folder and
            // VIPER_PLUGIN_PATH, named by the parent): the runtime looks for libraries there.
            let libraryFolders = CheckLibraries.folders(pluginAt: absolute, environment: environment).map(\.path)
            Sandbox.forCheck(of: absolute, pluginFlags: pluginFlags + libraryFolders + suites, writable: sandbox, environment: environment).apply()
        }
        let writer = LineWriter(sender: CheckChannel.Sender(descriptor: channel.descriptor, secret: channel.secret))
        let status = check(path: absolute, pluginFlags: pluginFlags, suites: suites, environment: environment, writer: writer)
        writer.end()
        return status
    }

    /// Runs every check on the plugin at `path`; each step that fails writes its line and stops.
    /// The exit code is 0 either way: the parent reads the outcome from the lines.
    private static func check(path: String, pluginFlags: [String], suites given: [String], environment: [String: String], writer: LineWriter) -> Int32 {
        let libraries = CheckLibraries.folders(pluginAt: path, environment: environment)
        let searched = PluginFolder.searchOrder(flags: pluginFlags, environment: environment, executableDirectory: Paths.executableDirectory())
        let loader = ContractLibraryLookup.loader(searched: searched, added: libraries)
        guard let loaded = load(path, with: loader, writer: writer),
            let runtime = startProviders(for: path, pluginFlags: pluginFlags, libraries: libraries, environment: environment, writer: writer),
            let recorded = recordAgain(path, writer: writer)
        else {
            return 0
        }
        let name = loaded.descriptor.manifest.name
        let services = ServiceTable(fallback: runtime.registry.resolver(for: "viper check (\(name))"))
        // Suites that travel with contracts run first, so the kit does not call their contracts suiteless.
        let suites = runSuites(
            path, libraries: loader.contractLibraries.libraries, folders: libraries.map(\.path), given: given, services: services)
        let covered = Set(suites.flatMap(\.results).map(\.subject))
        let subjects =
            recorded.services.map { (label: $0.label, contract: $0.contract.name) }
            + recorded.modules.map { (label: $0.label, contract: $0.contract.name) }
        let found = CheckSuites.find(pluginAt: path, libraries: loader.contractLibraries.libraries, folders: libraries.map(\.path), given: given)
        let missing = CheckSuites.missing(
            subjects: subjects, libraries: loader.contractLibraries.libraries, folders: libraries.map(\.path), found: found
        ).merging(CheckSuites.empty(subjects: subjects, found: found)) { first, _ in first }
        var unbuilt: [String] = []
        _ = Conformance.check(recorded, services: services) { event in
            if case .didRun(let result) = event, result.check == "builds", !result.passed { unbuilt.append(result.subject) }
            switch event {
            case .willRun(let check, let subject):
                // `registers` was announced by `recordAgain`, before the entry ran again.
                if !(check == "registers" && subject == "plugin"), !(check == Conformance.noSuiteCheck && covered.contains(subject)) {
                    writer.start(check, subject)
                }
            case .didRun(let result):
                if result.check == Conformance.noSuiteCheck, covered.contains(result.subject) { break }
                if result.check == Conformance.noSuiteCheck, let reason = missing[result.subject] {
                    writer.result(.notApplicable(check: result.check, subject: result.subject, reason: reason))
                } else if result.check == Conformance.noSuiteCheck {
                    writer.result(.notApplicable(check: result.check, subject: result.subject, reason: CheckSuites.ownReason(result.subject)))
                } else {
                    writer.result(result)
                }
            }
        }
        for ran in suites {
            writer.start("suite", "plugin")
            if ran.results.isEmpty, ran.summary.passed, !unbuilt.isEmpty {
                // A suite that ran nothing while modules did not build may have checks for them.
                writer.result(CheckSuites.notRunFor(ran.summary, unbuilt: unbuilt))
            } else {
                writer.result(ran.summary)
            }
            for result in ran.results {
                writer.start(result.check, result.subject)
                writer.result(result)
            }
        }
        if let copy = CheckLibraries.copyResult(
            loader.contractLibraries.libraries, listed: loaded.descriptor.contractLibraries.map(\.name), searched: searched, environment: environment)
        {
            writer.start(copy.check, copy.subject)
            writer.result(copy)
        }
        let rules = CheckHostRules(
            plugin: recorded, path: path,
            others: CheckHostRules.others(of: runtime.records, excluding: path), descriptor: loaded.descriptor,
            providerProblems: runtime.problems)
        rules.run(services: services, writer: writer)
        return 0
    }

    /// `loads`: the host's loader opens the plugin, as at start-up.
    private static func load(_ path: String, with loader: PluginLoader, writer: LineWriter) -> LoadedPlugin? {
        writer.start("loads", "plugin")
        let file = PluginFile(path: path, folder: PluginFolder(path: Paths.parent(path), origin: .flag))
        switch loader.load(file) {
        case .success(let loaded):
            let descriptor = loaded.descriptor
            let obstacle = IsolatedPlugin.obstacle(provides: descriptor.provides, requires: descriptor.requires)
            writer.write(
                CheckLine(plugin: .init(name: descriptor.manifest.name, version: descriptor.manifest.version, isolationObstacle: obstacle)))
            writer.result(
                CheckResult(
                    check: "loads", subject: "plugin", passed: true,
                    reason: "built for Contracts \(descriptor.contractsVersion)"))
            return loaded
        case .failure(let error):
            writer.result(CheckResult(check: "loads", subject: "plugin", passed: false, reason: error.message))
            return nil
        }
    }

    /// `providers`: the host's services and the other plugins, which serve what the plugin at `path` requires.
    private static func startProviders(
        for path: String, pluginFlags: [String], libraries: [PluginFolder], environment: [String: String],
        writer: LineWriter
    ) -> HostRuntime? {
        writer.start("providers", "plugin")
        var options = RuntimeOptions(environment: environment, executableDirectory: Paths.executableDirectory())
        options.pluginFlags = pluginFlags
        options.libraryFolders = libraries
        options.scanMode = .inProcess
        options.echoLevel = nil
        let runtime = HostRuntime(options: options)
        do {
            try runtime.start()
        } catch {
            writer.result(
                CheckResult(
                    check: "providers", subject: "plugin", passed: false,
                    reason: "the host's services could not start: \(error)"))
            return nil
        }
        // A provider that was refused (built against an older contract library, say) is named, so a
        // requirement it would have served is not reported as provided by nobody without a reason.
        let refused = runtime.problems.filter { $0.kind == .loadFailed && !$0.message.hasPrefix(path + ":") }.map(\.message)
        writer.result(
            CheckResult(
                check: "providers", subject: "plugin", passed: true,
                reason: "host services and \(runtime.records.filter { $0.status == .loaded }.count) other plugin(s) as providers"
                    + (refused.isEmpty ? "" : "; refused as providers: " + refused.joined(separator: "; "))))
        return runtime
    }

    /// The suites of the contract libraries the plugin links, and its own (``CheckSuites``).
    private static func runSuites(
        _ path: String, libraries: [ContractLibrary], folders: [String], given: [String], services: any Resolver
    ) -> [CheckSuites.Ran] {
        let found = CheckSuites.find(pluginAt: path, libraries: libraries, folders: folders, given: given)
        guard !found.isEmpty, let handle = dlopen(Paths.realPath(path) ?? path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE),
            let entry = dlsym(handle, PluginLoader.entrySymbol)
        else { return [] }
        return found.map { CheckSuites.run($0, entry: entry, services: services) }
    }

    /// `registers`: the entry runs again, this time into the kit's recorder.
    private static func recordAgain(_ path: String, writer: LineWriter) -> RecordedPlugin? {
        writer.start("registers", "plugin")
        do {
            guard let handle = dlopen(Paths.realPath(path) ?? path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE),
                let symbol = dlsym(handle, PluginLoader.entrySymbol)
            else {
                throw RecordingError("could not open it a second time: \(dlerror().map { String(cString: $0) } ?? "unknown error")")
            }
            return try RecordedPlugin.record(entry: unsafeBitCast(symbol, to: RecordedPlugin.EntryFunction.self))
        } catch {
            writer.result(CheckResult(check: "registers", subject: "plugin", passed: false, reason: "\(error)"))
            return nil
        }
    }

    /// Sends the report's lines on the check channel, as they happen.
    final class LineWriter {
        private let sender: CheckChannel.Sender

        init(sender: CheckChannel.Sender) {
            self.sender = sender
        }

        func start(_ check: String, _ subject: String) {
            write(CheckLine(start: .init(check: check, subject: subject)))
        }

        func result(_ result: CheckResult) {
            write(CheckLine(result: result))
        }

        func write(_ line: CheckLine) {
            sender.send(line)
        }

        /// The last line: how many results came before it.
        func end() {
            sender.end()
        }
    }
}
