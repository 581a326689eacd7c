import Contracts
import Foundation
import ViperCore
import ViperLoading

/// A plugin that runs in a boxed process of its own (``IsolatedPluginMode``), seen from viper: it
/// starts the process, keeps the modules it declared, sends its proxies' calls, and turns the
/// process's death (a crash, an exit, a hang) into one line, starting it again on the next build.
package final class IsolatedPlugin {
    /// A module the plugin declared, by its contract's name.
    package struct DeclaredModule: Equatable {
        package let contract: ContractID
        package let name: String?
        package let route: RouteSpec?
    }

    package let name: String
    package let path: String
    private let executable: String
    private let dataFolder: String
    private let environment: [String: String]
    private let allowInsecure: Bool
    /// Whether the person allowed this plugin the network by name (`--allow-network NAME`).
    package let allowsNetwork: Bool
    /// How long viper waits for an answer before it calls the plugin hung and stops it.
    package let timeout: Double
    private var process: pid_t?
    private(set) var channel: IsolationChannel?
    /// Replies owed that nobody waits for yet, oldest first: of appearances run with a build
    /// (``expectReply(_:)``), each given to its module, with the number of waits on the process
    /// that were under way when it was owed. Read, in order, before the reply of the next call
    /// made at that depth: a call made while serving the process's requests (a router call its
    /// appearance makes) is answered before the appearance ends, so it reads none of them.
    var owed: [(depth: Int, take: (inout WireReader) -> Void)] = []
    /// Waits on the process under way (a call made while serving its request is one deeper).
    private(set) var depth = 0
    /// Whether a removal was sent since the process last answered anything (``sendRemoval(_:)``).
    var removalUnanswered = false
    /// Whether viper's exit settles this plugin (``Unsettled``): listed once, at its first removal
    /// or owed reply.
    var isListedUnsettled = false
    /// Bumped each time the process stops, so a module of a process that died knows it.
    package private(set) var generation = 0
    package private(set) var modules: [DeclaredModule] = []
    /// The proxies of modules on screen, by handle, for the plugin's router calls.
    var views: [UInt32: WeakView] = [:]
    /// Where viper's side of the plugin's log and progress lines go.
    var logger: (any Logger)?
    var progress: (any CommandProgress)?
    /// The registry, for routing by a contract's name.
    weak var registry: Registry?
    /// Whether starting it keeps a spare process ready for the next start (not in a one-off run such as `viper check`).
    package var preparesSpare = true

    struct WeakView {
        weak var view: IsolatedModuleView?
    }

    /// The plugin's private data folder: the only place its process may write.
    package static func privateFolder(dataFolder: String, plugin: String) -> String {
        Paths.join(Paths.join(dataFolder, "isolated"), plugin)
    }

    package init(
        name: String, path: String, executable: String, dataFolder: String, environment: [String: String],
        allowInsecure: Bool, allowNetwork: Bool = false
    ) {
        self.allowsNetwork = allowNetwork
        self.name = name
        self.path = path
        self.executable = executable
        self.dataFolder = Self.privateFolder(dataFolder: dataFolder, plugin: name)
        self.environment = environment
        self.allowInsecure = allowInsecure
        self.timeout = environment["VIPER_ISOLATED_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 30
        IsolationWire.spin = IsolationWire.spin(from: environment)
    }

    deinit { stop() }

    /// Why the plugin's process failed a call: one line for the shell.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts the process if it is not running, and returns what it declared.
    @discardableResult
    package func start() throws(Failure) -> [DeclaredModule] {
        if channel != nil { return modules }
        do {
            try FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "cannot make the private data folder \(dataFolder) of plugin '\(name)': \(error.localizedDescription)")
        }
        let started: (pid: pid_t, descriptor: Int32)
        var usedSpare = false
        if let spare = SpareProcess.take(executable: executable, environment: environment) {
            var load = WireWriter(.load)
            load.text(dataFolder)
            load.bool(allowInsecure)
            load.bool(allowsNetwork)
            load.text(path)
            guard IsolationWire.send(load.bytes, on: spare.descriptor) else {
                close(spare.descriptor)
                kill(spare.pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(spare.pid, &status, 0) < 0, errno == EINTR {}
                throw Failure(description: "cannot start plugin '\(name)' isolated: its process stopped before it loaded")
            }
            started = spare
            usedSpare = true
        } else {
            started = try Self.spawn(
                executable: executable, environment: environment,
                arguments: ["--data", dataFolder] + (allowInsecure ? ["--allow-insecure-plugins"] : [])
                    + (allowsNetwork ? ["--network"] : []) + [path],
                errors: Paths.join(dataFolder, "stderr.log"), name: name)
        }
        // The next plugin to start (or this one, after a crash) takes a process already running.
        if preparesSpare { SpareProcess.prepare(executable: executable, environment: environment) }
        let (pid, descriptor) = started
        process = pid
        if usedSpare, case .success(let bytes) = IsolationWire.receive(from: descriptor, timeout: timeout), bytes.first != IsolationWire.Kind.ok.rawValue {
            stop()
            throw Failure(description: "plugin '\(name)' (isolated): its spare process said something other than ready")
        }
        let channel = IsolationChannel(descriptor: descriptor, timeout: timeout)
        channel.serve = { [unowned self] in self.serveRequest(&$0) }
        self.channel = channel
        switch IsolationWire.receive(from: descriptor, timeout: timeout) {
        case .success(let bytes):
            guard var reader = WireReader(bytes) else { throw ended("sent a first message viper does not know") }
            if reader.kind == .refused {
                let reason = (try? reader.text()) ?? "no reason given"
                stop()
                throw Failure(description: "plugin '\(name)' cannot run isolated: \(reason)")
            }
            guard reader.kind == .hello else { throw ended("sent a first message viper does not know") }
            do {
                _ = try reader.text()
                let count = Int(try reader.integer())
                var declared: [DeclaredModule] = []
                for _ in 0..<count {
                    let contract = ContractID(try reader.text())
                    let moduleName = try reader.optionalText()
                    let pattern = try reader.optionalText()
                    let summary = try reader.text()
                    let query = try reader.texts()
                    declared.append(
                        DeclaredModule(contract: contract, name: moduleName, route: pattern.map { RouteSpec($0, summary: summary, query: query) }))
                }
                modules = declared
            } catch {
                throw ended("sent a first message cut short")
            }
            return modules
        case .failure(.timedOut): throw ended("did not start within \(Self.seconds(timeout))")
        case .failure: throw ended("stopped while starting")
        }
    }

    /// Sends a request and returns its reply; a process that died or hung is stopped and the
    /// failure says how, in one line.
    package func call(_ frame: [UInt8]) throws(Failure) -> WireReader {
        guard let channel else { throw Failure(description: "plugin '\(name)' is not running") }
        return try waiting { () throws(IsolationChannel.Failure) -> WireReader in
            guard channel.sendFrame(frame) else { throw .closed }
            // The replies owed come first; the process has served them while this request was on its way.
            try readOwed(on: channel, depth: depth - 1)
            let reply = try channel.reply()
            removalUnanswered = false
            return reply
        }
    }

    /// Reads the replies owed (``expectReply(_:)``) and gives each to its module: a module whose
    /// appearance ran with its build waits here for what it showed.
    func awaitOwedReplies() throws(Failure) {
        let level = depth
        guard let channel, owed.contains(where: { $0.depth == level }) else { return }
        try waiting { () throws(IsolationChannel.Failure) in try readOwed(on: channel, depth: level) }
    }

    /// Runs `body`, a wait on the process; a process that died or hung is stopped and the failure
    /// says how, in one line.
    private func waiting<T>(_ body: () throws(IsolationChannel.Failure) -> T) throws(Failure) -> T {
        IsolatedProcessWait.stoppedByInterrupt = false
        do throws(IsolationChannel.Failure) {
            // Ctrl-C during the wait ends this process alone (the worker's handler reads the pid).
            depth += 1
            defer { depth -= 1 }
            return try IsolatedProcessWait.waiting(on: process ?? 0, body)
        } catch {
            if IsolatedProcessWait.stoppedByInterrupt {
                IsolatedProcessWait.stoppedByInterrupt = false
                throw ended("was stopped with Ctrl-C", kill: true)
            }
            if let limit = IsolatedProcessWait.takeTimedOut() {
                throw ended("did not answer within --command-timeout \(Self.seconds(Double(limit) / 1000)) (hung)", kill: true)
            }
            switch error {
            case .timedOut: throw ended("did not answer within \(Self.seconds(timeout)) (hung)", kill: true)
            case .closed: throw ended("stopped")
            case .malformed(let what): throw ended("sent \(what)", kill: true)
            }
        }
    }

    /// Sends a notice (a released module); a dead process is found at the next call.
    func notify(_ frame: [UInt8]) {
        channel?.notify(frame)
    }

    func track(_ view: IsolatedModuleView, handle: UInt32) {
        views = views.filter { $0.value.view != nil }
        views[handle] = WeakView(view: view)
    }

    /// Stops the process: closes the socket (it ends at the next read) and reaps it.
    package func stop() {
        if channel != nil || process != nil { generation += 1 }
        closeChannel()
        guard let pid = process else { return }
        process = nil
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// Closes the socket (the process ends at its next read) and forgets what was owed on it.
    private func closeChannel() {
        if let channel { close(channel.descriptor) }
        channel = nil
        owed = []
        removalUnanswered = false
    }

    /// The process's pid while it runs, for reports (resident memory).
    package var pid: pid_t? { process }

    /// Notes the process's end and reaps it; says how it ended.
    private func ended(_ what: String, kill killIt: Bool = false) -> Failure {
        generation += 1
        closeChannel()
        views = [:]
        var how = ""
        if let pid = process {
            process = nil
            if killIt { kill(pid, SIGKILL) }
            var status: Int32 = 0
            if !killIt, Self.waitBriefly(pid, &status) == false {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            } else if killIt {
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
            how = killIt ? "" : Self.describe(status)
        }
        let line = "plugin '\(name)' (isolated) \(what)\(how); its module was closed, and it starts again when next opened"
        logger?.log(.info, line, source: "isolation")  // the shell says it; the log keeps it
        return Failure(description: line)
    }
}
