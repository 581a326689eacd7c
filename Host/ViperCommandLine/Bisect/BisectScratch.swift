import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// Where a bisect works: a temporary folder holding one copy of the person's data folder per run
/// (made afresh from the original before the run, removed after it), so a script that saves or
/// deletes starts from the same data each time and the person's own folder is never written.
/// The plugin folders inside the data folder are not copied: viper still finds the plugins
/// where they are.
struct BisectScratch {
    let options: GlobalOptions
    let environment: [String: String]
    /// The person's data folder (never written).
    let original: String
    let root: String
    let runtimeOptions: RuntimeOptions

    init(options: GlobalOptions, environment: [String: String]) throws {
        self.options = options
        self.environment = environment
        runtimeOptions = options.runtimeOptions(environment: environment, executableDirectory: Paths.executableDirectory())
        original = runtimeOptions.dataFolder
        let made = mkdtemp(strdup(NSTemporaryDirectory() + "viper-bisect-XXXXXX"))
        guard let made else { throw HostError("cannot make a folder for the bisect runs in \(NSTemporaryDirectory()); check that it is writable") }
        root = String(cString: made)
        free(made)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The drop-in plugins in use and what every plugin requires, from a start of viper in a copy.
    func pluginGraph() throws -> BisectGraph {
        var options = runtimeOptions
        options.dataFlag = try copy(named: "graph")
        options.echoLevel = nil
        let runtime = HostRuntime(options: options)
        try runtime.start()
        let candidates = runtime.records.compactMap { record -> String? in
            guard !record.origin.isBundled, record.status == .ready || record.status == .loaded else { return nil }
            return record.name
        }
        // Who could serve each contract: a consumer is off with its provider only when no other
        // plugin in use provides the contract (one that lost to the first found takes over).
        var providers: [String: Set<String>] = [:]
        for record in runtime.records where record.status == .ready || record.status == .loaded {
            guard let name = record.name, let descriptor = record.descriptor else { continue }
            for provision in descriptor.provides { providers[provision.contract.name, default: []].insert(name) }
        }
        var requires: [String: [String]] = [:]
        for dependency in runtime.dependencies {
            let servers = ([dependency.providedBy].compactMap { $0 } + dependency.adapters).filter { $0 != "host" && $0 != dependency.plugin }
            guard (providers[dependency.requirement.contract.name] ?? []).count <= 1 else { continue }
            requires[dependency.plugin, default: []].append(contentsOf: servers)
        }
        return BisectGraph(candidates: candidates, requires: requires.mapValues { Array(Set($0)).sorted() })
    }

    struct Result {
        let status: Int32
        /// Standard output, then standard error.
        let output: String
    }

    /// Runs `viper -c SCRIPT` with `off` switched off, in a fresh copy of the data folder.
    func run(script: String, off: [String], number: Int) throws -> Result {
        let data = try copy(named: "run-\(number)")
        defer { try? FileManager.default.removeItem(atPath: data) }
        var arguments = ["--data", data]
        for flag in options.pluginFlags { arguments += ["--plugins", flag] }
        for (contract, plugin) in options.preferences.sorted(by: { $0.key < $1.key }) { arguments += ["--prefer", "\(contract)=\(plugin)"] }
        if options.allowInsecurePlugins { arguments.append("--allow-insecure-plugins") }
        for name in options.allowIntercept { arguments += ["--allow-intercept", name] }
        if options.stopOnFailure { arguments.append("-e") }
        if options.dropUnsaved { arguments.append("--yes") }
        // A run whose command hangs fails as a hang (the culprit may be the plugin that hangs).
        arguments += ["--command-timeout", String(options.commandTimeout ?? Self.commandTimeout)]
        arguments += ["--no-watch", "-c", script]
        var environment = self.environment
        environment[BisectCommand.offVariable] = off.joined(separator: "\n")
        environment["NO_COLOR"] = "1"
        let errors = root + "/run-\(number).err"
        let child = try ChildProcess.start(
            executable: Self.viper, arguments: arguments, environment: environment, ownGroup: true, errorFile: errors)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(child.output, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += chunk[0..<count]
        }
        let status: Int32
        switch child.wait() {
        case .exited(let code): status = code
        case .signaled(let signal): status = 128 + signal
        }
        let errorText = FileManager.default.contents(atPath: errors).map { String(decoding: $0, as: UTF8.self) } ?? ""
        unlink(errors)
        return Result(status: status, output: String(decoding: output, as: UTF8.self) + errorText)
    }

    /// Seconds a command of a run may take when `--command-timeout` does not say.
    static let commandTimeout = 60.0

    /// This viper's executable.
    static var viper: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// A fresh copy of the person's data folder under the scratch folder, without the plugin
    /// folders viper searches (they stay where they are); an empty one when there is none yet.
    private func copy(named name: String) throws -> String {
        let target = root + "/" + name
        let skipped = Set(
            PluginFolder.searchOrder(
                flags: runtimeOptions.pluginFlags, environment: runtimeOptions.environment,
                executableDirectory: runtimeOptions.executableDirectory
            ).map { Paths.absolute($0.path) })
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard FileManager.default.fileExists(atPath: original) else { return target }
        for entry in try FileManager.default.contentsOfDirectory(atPath: original) {
            let from = Paths.join(original, entry)
            guard !skipped.contains(Paths.absolute(from)) else { continue }
            do {
                try FileManager.default.copyItem(atPath: from, toPath: Paths.join(target, entry))
            } catch {
                throw HostError("cannot copy \(from) for a bisect run (\(error.localizedDescription)); the data folder is left as it was")
            }
        }
        return target
    }
}
