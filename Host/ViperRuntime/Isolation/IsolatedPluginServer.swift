import Contracts
import Foundation
import ViperCore
import ViperLoading

/// The isolated plugin's process: `viper __isolated --fd N --data FOLDER PATH`, started by viper
/// with one end of a `socketpair`. It boxes itself (the scanner's box: read its own file and the
/// system's libraries, write only its private data folder, seccomp, no network, limits), loads the
/// plugin, says what modules it declared, and serves viper's requests until viper closes the socket.
package enum IsolatedPluginMode {
    package static let command = "__isolated"

    package static func run(arguments: [String], environment: [String: String]) -> Int32 {
        var descriptor: Int32?
        var data: String?
        var allowInsecure = false
        var spare = false
        var network = false
        var path: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--fd" where index + 1 < arguments.count:
                descriptor = Int32(arguments[index + 1])
                index += 2
            case "--data" where index + 1 < arguments.count:
                data = arguments[index + 1]
                index += 2
            case "--allow-insecure-plugins":
                allowInsecure = true
                index += 1
            case "--spare":
                spare = true
                index += 1
            case "--network":
                network = true
                index += 1
            default:
                path = argument
                index += 1
            }
        }
        // A spare started before it was needed waits here for the plugin it will be.
        if spare, let descriptor, let load = waitForLoad(descriptor) {
            (data, allowInsecure, network, path) = (load.data, load.allowInsecure, load.network, load.path)
        }
        guard let descriptor, let data, let path else {
            FileHandle.standardError.write(Data("viper: \(command) is internal to viper; isolate a plugin with 'viper --isolate NAME'\n".utf8))
            return 2
        }
        let channel = IsolationChannel(descriptor: descriptor)
        // Everything that reads outside the box happens before it: the clock's zone, the data folder.
        let clock: SystemClock
        do {
            clock = try SystemClock(environment: environment)
        } catch {
            refuse("\(error)", on: channel)
            return 1
        }
        if !Sandbox.isTurnedOff(environment) {
            setenv("TMPDIR", data, 1)
            var box = Sandbox.forCheck(of: path, pluginFlags: [], writable: data, environment: environment)
            box.allowsNetwork = network
            box.apply()
        }
        let file = PluginFile(path: path, folder: PluginFolder(path: Paths.parent(path), origin: .flag))
        let loaded: LoadedPlugin
        switch PluginLoader(policy: LoadPolicy(allowInsecure: allowInsecure)).load(file) {
        case .success(let plugin): loaded = plugin
        case .failure(let error):
            refuse(error.message, on: channel)
            return 1
        }
        let recorded = loaded.registrar
        if let refusal = IsolatedPlugin.refusal(
            plugin: loaded.descriptor.manifest.name, provides: recorded.provisions,
            requires: recorded.provisions.flatMap(\.requires))
        {
            refuse(refusal, on: channel)
            return 1
        }
        let server = IsolatedPluginServer(channel: channel, plugin: loaded.descriptor.manifest.name)
        server.registry.addHostService(Logger.self) { _ in server.logger }
        server.registry.addHostService(Clock.self) { _ in clock }
        let folder = LocalDataFolder(path: data)
        server.registry.addHostService(DataFolder.self) { _ in folder }
        let databases = SQLiteDatabaseOpening(folder: data)
        server.registry.addHostService(DatabaseOpening.self) { _ in databases }
        server.registry.addHostService(CommandProgress.self) { _ in server.progress }
        server.registry.commit(recorded)
        server.modules = recorded.modules
        channel.serve = { server.serve(&$0) }
        var hello = WireWriter(.hello)
        hello.text(loaded.descriptor.manifest.name)
        hello.integer(UInt32(recorded.modules.count))
        for module in recorded.modules {
            hello.text(module.contract.name)
            hello.optionalText(module.name)
            hello.optionalText(module.route?.pattern)
            hello.text(module.route?.summary ?? "")
            hello.texts(module.route?.query ?? [])
        }
        guard channel.sendFrame(hello.bytes) else { return 1 }
        server.run()
        return 0
    }

    /// A spare's wait: the `load` frame, then its standard error moved to the plugin's folder.
    private static func waitForLoad(_ descriptor: Int32) -> (data: String, allowInsecure: Bool, network: Bool, path: String)? {
        // Says it is ready (viper reads it with the plugin's first message, or waits for it).
        guard IsolationWire.send(WireWriter(.ok).bytes, on: descriptor) else { return nil }
        guard case .success(let bytes) = IsolationWire.receive(from: descriptor), var reader = WireReader(bytes),
            reader.kind == .load, let data = try? reader.text(), let allowInsecure = try? reader.bool(),
            let network = try? reader.bool(), let path = try? reader.text()
        else { return nil }
        let errors = open(Paths.join(data, "stderr.log"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if errors >= 0 {
            dup2(errors, STDERR_FILENO)
            close(errors)
        }
        return (data, allowInsecure, network, path)
    }

    private static func refuse(_ message: String, on channel: IsolationChannel) {
        var writer = WireWriter(.refused)
        writer.text(message)
        channel.sendFrame(writer.bytes)
    }
}

/// Serves viper's requests in the isolated plugin's process: builds modules, runs their commands
/// and lifecycle calls, and answers with each module's state.
final class IsolatedPluginServer {
    let channel: IsolationChannel
    let plugin: String
    let registry = Registry()
    var modules: [ModuleRegistration] = []
    private var built: [UInt32: BuiltModule] = [:]
    private var nextHandle: UInt32 = 1
    /// Prepares for modules this plugin routes to itself, applied when viper asks to build them.
    var pendingPrepare: [ProvisionKey: (AnyObject) throws -> Void] = [:]
    /// Children embedded by the plugin's own modules, kept while their parent lives.
    var embedded: [UInt32: [BuiltModule]] = [:]
    lazy var logger = ForwardingLogger(channel: channel)
    lazy var progress = ForwardingProgress(channel: channel)

    init(channel: IsolationChannel, plugin: String) {
        self.channel = channel
        self.plugin = plugin
    }

    /// Serves until viper closes its end (viper's requests come as replies to nothing).
    func run() {
        while case .success(let bytes) = IsolationWire.receive(from: channel.descriptor) {
            guard var reader = WireReader(bytes) else { return }
            let notice = reader.kind.isNotice
            let reply = serve(&reader)
            if !notice, let reply, !channel.sendFrame(reply) { return }
        }
    }

    func serve(_ reader: inout WireReader) -> [UInt8]? {
        do {
            switch reader.kind {
            case .build: return try build(&reader)
            case .perform:
                let handle = try reader.integer()
                let command = CommandInvocation(name: try reader.text(), arguments: try reader.texts(), rest: try reader.text())
                let view = try self.view(handle)
                do {
                    try view.perform(command)
                } catch {
                    return failed(error, handle: handle)
                }
                return ok(handle)
            case .lifecycle:
                let handle = try reader.integer()
                let which = try reader.byte()
                let view = try self.view(handle)
                switch IsolationWire.Lifecycle(rawValue: which) {
                case .appear: view.moduleDidAppear()
                case .disappear: view.moduleDidDisappear()
                case .willBeRemoved: view.moduleWillBeRemoved()
                case nil: break
                }
                return ok(handle)
            case .takeBack:
                let handle = try reader.integer()
                let work = try reader.text()
                guard let view = try self.view(handle) as? any RestorableModule else {
                    return IsolationChannel.failed("the module keeps no work to take back")
                }
                do { try view.takeBack(work) } catch { return failed(error, handle: handle) }
                return ok(handle)
            case .confirmation:
                let handle = try reader.integer()
                let command = CommandInvocation(name: try reader.text(), arguments: try reader.texts(), rest: try reader.text())
                var writer = WireWriter(.ok)
                writer.optionalText((try self.view(handle) as? any CommandConfirming)?.confirmation(for: command))
                return writer.bytes
            case .release:
                let handle = try reader.integer()
                built[handle] = nil
                embedded[handle] = nil
                return nil
            default:
                return IsolationChannel.failed("viper sent a request the plugin's process does not serve")
            }
        } catch {
            return IsolationChannel.failed("\(error)")
        }
    }

    private func build(_ reader: inout WireReader) throws -> [UInt8] {
        let index = Int(try reader.integer())
        let keys = try reader.texts(), values = try reader.texts()
        guard index < modules.count else { return IsolationChannel.failed("no module \(index) in plugin '\(plugin)'") }
        let registration = modules[index]
        let handle = nextHandle
        nextHandle += 1
        let context = HostModuleContext(
            resolver: registry.resolver(for: "plugin '\(plugin)'"), router: IsolatedRouter(server: self, handle: handle),
            parameters: RouteParameters(Dictionary(zip(keys, values), uniquingKeysWith: { $1 })))
        let module: BuiltModule
        do {
            module = try registration.builder.build(context)
            let key = ProvisionKey(.module, registration.contract, name: registration.name)
            if let prepare = pendingPrepare.removeValue(forKey: key) {
                try prepare(module.input ?? module.view)
            }
        } catch {
            return IsolationChannel.failed(Self.describe(error))
        }
        built[handle] = module
        var writer = WireWriter(.ok)
        writer.integer(handle)
        state(of: module.view).write(to: &writer)
        return writer.bytes
    }

    func view(_ handle: UInt32) throws -> any ModuleView {
        guard let module = built[handle] else { throw CommandError("the isolated plugin has no module \(handle)") }
        return module.view
    }

    func keep(_ child: BuiltModule, embeddedIn handle: UInt32) {
        embedded[handle, default: []].append(child)
    }

    private func ok(_ handle: UInt32) -> [UInt8] {
        var writer = WireWriter(.ok)
        if let view = built[handle]?.view { state(of: view).write(to: &writer) }
        return writer.bytes
    }

    private func failed(_ error: any Error, handle: UInt32) -> [UInt8] {
        var writer = WireWriter(.failed)
        writer.text(Self.describe(error))
        let view = built[handle]?.view
        writer.bool(view != nil)
        if let view { state(of: view).write(to: &writer) }
        return writer.bytes
    }

    static func describe(_ error: any Error) -> String {
        (error as? CommandError)?.message ?? String(describing: error)
    }

    /// The state viper keeps of a view: read once after each call.
    func state(of view: any ModuleView) -> IsolatedModuleState {
        var state = IsolatedModuleState()
        state.title = view.title
        state.commands = view.commands
        let screen = RecordingScreen()
        view.render(on: screen)
        state.lines = screen.lines
        if let restorable = view as? any RestorableModule {
            state.isRestorable = true
            state.keptWork = restorable.keptWork
        }
        state.confirms = view is any CommandConfirming
        return state
    }
}

/// The isolated plugin's `Logger`: each message goes to viper's log as a notice.
final class ForwardingLogger: Logger {
    let channel: IsolationChannel

    init(channel: IsolationChannel) { self.channel = channel }

    func log(_ level: LogLevel, _ message: String, source: String) {
        var writer = WireWriter(.log)
        writer.text(level.rawValue)
        writer.text(message)
        writer.text(source)
        channel.notify(writer.bytes)
    }
}

/// The isolated plugin's `CommandProgress`: each line goes to viper's terminal as a notice.
final class ForwardingProgress: CommandProgress {
    let channel: IsolationChannel

    init(channel: IsolationChannel) { self.channel = channel }

    func report(_ line: String) {
        var writer = WireWriter(.progress)
        writer.text(line)
        channel.notify(writer.bytes)
    }
}
