import Contracts
import Foundation
import ViperCore
import ViperLoading

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
        while case .success(let bytes) = channel.receive() {
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
                case nil: break
                }
                return ok(handle)
            case .remove:
                // The module leaves viper's stack: told so, then let go with what it embeds, as
                // viper lets a leaving module go once it is told. Nothing reads its state again.
                let handle = try reader.integer()
                built[handle]?.view.moduleWillBeRemoved()
                built[handle] = nil
                embedded[handle] = nil
                return nil
            case .sync:
                return IsolationChannel.ok
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
        let appearsAtOnce = try reader.bool()
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
        guard appearsAtOnce else {
            state(of: module.view).write(to: &writer)
            return writer.bytes
        }
        // viper puts the module on screen as soon as it has it, and has no other call of this
        // plugin's to make first: the appearance runs now, and its reply, which carries what it
        // drew, follows the build's (the title and commands, not drawn). The build's reply goes
        // out with the next frame (the appearance's reply, or a log line or router call the
        // appearance makes first), in one send.
        var named = IsolatedModuleState()
        named.title = module.view.title
        named.commands = module.view.commands
        named.write(to: &writer)
        channel.hold(writer.bytes)
        module.view.moduleDidAppear()
        return ok(handle)
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
