import Contracts
import ViperCore

/// Builds a module of an isolated plugin: one round trip that builds it in the plugin's process
/// (starting the process again if it stopped) and returns its first state.
final class IsolatedModuleBuilder: ModuleBuilder {
    let plugin: IsolatedPlugin
    let index: Int

    init(plugin: IsolatedPlugin, index: Int) {
        self.plugin = plugin
        self.index = index
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        do {
            try plugin.start()
        } catch {
            throw CommandError(error.description)
        }
        var writer = WireWriter(.build)
        writer.integer(UInt32(index))
        let parameters = context.parameters.values.sorted { $0.key < $1.key }
        writer.texts(parameters.map(\.key))
        writer.texts(parameters.map(\.value))
        // A module put on screen as soon as it is built: its process runs its appearance right
        // after the build, and the open waits once, not twice.
        let appearsAtOnce = (context as? HostModuleContext)?.appearsAtOnce == true
        writer.bool(appearsAtOnce)
        let generation = plugin.generation
        var reply: WireReader
        do {
            reply = try plugin.call(writer.bytes)
        } catch {
            throw CommandError(error.description)
        }
        if reply.kind == .failed { throw CommandError(try reply.text()) }
        let handle = try reply.integer()
        let view = IsolatedModuleView(
            plugin: plugin, handle: handle, generation: generation, state: try IsolatedModuleState.read(from: &reply),
            router: context.router)
        plugin.track(view, handle: handle)
        if appearsAtOnce { view.expectAppearance() }
        return BuiltModule(view: view)
    }
}

/// A module of an isolated plugin as the shell sees it: its title, commands and screen come from
/// the state the plugin's process sent after the last call; a command or lifecycle call is one
/// round trip. When the process has died, a command closes the module and says so in one line.
final class IsolatedModuleView: RestorableModule, CommandConfirming {
    let plugin: IsolatedPlugin
    let handle: UInt32
    let generation: Int
    private(set) var state: IsolatedModuleState
    let router: any Router

    init(plugin: IsolatedPlugin, handle: UInt32, generation: Int, state: IsolatedModuleState, router: any Router) {
        self.plugin = plugin
        self.handle = handle
        self.generation = generation
        self.state = state
        self.router = router
    }

    deinit {
        guard isAlive, !removed else { return }
        var writer = WireWriter(.release)
        writer.integer(handle)
        plugin.notify(writer.bytes)
    }

    private var isAlive: Bool { plugin.generation == generation }

    var title: String { state.title }

    var commands: [CommandSpec] { state.commands }

    func render(on screen: any Screen) {
        IsolatedModuleState.replay(state.lines, on: screen)
    }

    func perform(_ command: CommandInvocation) throws {
        var writer = WireWriter(.perform)
        writer.integer(handle)
        writer.text(command.name)
        writer.texts(command.arguments)
        writer.text(command.rest)
        try send(writer.bytes)
    }

    func moduleDidAppear() {
        guard appearing else { return lifecycle(.appear) }
        // Its process ran the appearance with the build; what it showed is the reply owed. A
        // process that stopped is said at the next command, as for a lifecycle call.
        appearing = false
        try? plugin.awaitOwedReplies()
    }

    /// Whether the process runs this module's appearance with its build, and its reply is owed.
    private var appearing = false

    /// The appearance is run with the build: the state it leaves is the reply owed next.
    func expectAppearance() {
        appearing = true
        plugin.expectReply { [weak self] reply in
            guard reply.kind == .ok, let state = try? IsolatedModuleState.read(from: &reply) else { return }
            self?.state = state
        }
    }

    func moduleDidDisappear() { lifecycle(.disappear) }
    /// The module is leaving: its state is never read again, and a router call it makes now is
    /// refused (it is off the stack), so it is told with a notice, which also lets the process
    /// release it (no ``IsolationWire/Kind/release`` follows).
    func moduleWillBeRemoved() {
        guard isAlive, !removed else { return }
        removed = true
        var writer = WireWriter(.remove)
        writer.integer(handle)
        plugin.sendRemoval(writer.bytes)
    }

    /// Whether the process was told the module left (and let it go).
    private var removed = false

    var keptWork: String? { state.isRestorable ? state.keptWork : nil }

    func takeBack(_ work: String) throws {
        var writer = WireWriter(.takeBack)
        writer.integer(handle)
        writer.text(work)
        try send(writer.bytes)
    }

    func confirmation(for command: CommandInvocation) -> String? {
        guard state.confirms, isAlive else { return nil }
        var writer = WireWriter(.confirmation)
        writer.integer(handle)
        writer.text(command.name)
        writer.texts(command.arguments)
        writer.text(command.rest)
        guard var reply = try? plugin.call(writer.bytes), reply.kind == .ok else { return nil }
        return (try? reply.optionalText()) ?? nil
    }

    private func lifecycle(_ which: IsolationWire.Lifecycle) {
        guard isAlive else { return }
        var writer = WireWriter(.lifecycle)
        writer.integer(handle)
        writer.byte(which.rawValue)
        // A lifecycle call has nowhere to report a failure; a dead process is said at the next command.
        guard var reply = try? plugin.call(writer.bytes), reply.kind == .ok else { return }
        if let state = try? IsolatedModuleState.read(from: &reply) { self.state = state }
    }

    /// Sends a call that answers with the module's new state; a failure with its message.
    private func send(_ frame: [UInt8]) throws {
        guard isAlive else { throw gone("stopped earlier") }
        var reply: WireReader
        do {
            reply = try plugin.call(frame)
        } catch {
            router.close()
            throw CommandError(error.description)
        }
        if reply.kind == .failed {
            let message = try reply.text()
            if try reply.bool() { state = try IsolatedModuleState.read(from: &reply) }
            throw CommandError(message)
        }
        state = try IsolatedModuleState.read(from: &reply)
    }

    private func gone(_ what: String) -> CommandError {
        router.close()
        return CommandError("plugin '\(plugin.name)' (isolated) \(what); its module was closed, and it starts again when next opened")
    }
}
