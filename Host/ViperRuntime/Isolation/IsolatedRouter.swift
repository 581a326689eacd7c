import Contracts
import ViperCore

/// The `Router` a module gets in an isolated plugin's process: each call goes to viper's router
/// for the module's place on the stack, by the contract's name. A `prepare` crosses only to the
/// plugin's own modules (it runs here when viper asks to build the module); embedding builds the
/// plugin's own modules here.
final class IsolatedRouter: Router {
    private unowned let server: IsolatedPluginServer
    private let handle: UInt32

    init(server: IsolatedPluginServer, handle: UInt32) {
        self.server = server
        self.handle = handle
    }

    func route<Input>(_ request: RouteRequest<Input>) throws {
        let contract = ContractID(Input.self)
        let key = ProvisionKey(.module, contract, name: request.name)
        if let prepare = request.prepare {
            guard server.modules.contains(where: { $0.contract == contract && $0.name == request.name }) else {
                let error = CommandError(
                    "an isolated plugin passes input only to its own modules; \(contract.shortName) belongs to another plugin: to pass it input, run 'viper plugins --trust \(server.plugin)' (the plugin then runs in viper's process)"
                )
                request.failure?(error)
                throw error
            }
            server.pendingPrepare[key] = { object in
                guard let input = object as? Input else { throw CommandError("the module built for \(contract.shortName) is not one") }
                try prepare(input)
            }
        }
        defer { server.pendingPrepare[key] = nil }
        var writer = WireWriter(.route)
        writer.integer(handle)
        writer.text(contract.name)
        writer.optionalText(request.name)
        writer.text(request.transition.rawValue)
        do {
            try call(writer.bytes)
        } catch {
            request.failure?(error)
            throw error
        }
    }

    func perform<Input>(_ request: RouteRequest<Input>) throws -> any RoutedModule {
        throw CommandError(
            "an isolated plugin cannot keep a handle to a module it routes yet (Router.perform, or push or present with a configuration); route with push(Contract.self) or present(Contract.self) instead, or run 'viper plugins --trust \(server.plugin)' (the plugin then runs in viper's process)"
        )
    }

    func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView {
        let (registration, _) = try server.registry.servingModule(for: contract, name: name, requester: "plugin '\(server.plugin)'")
        let context = HostModuleContext(
            resolver: server.registry.resolver(for: "plugin '\(server.plugin)'"), router: self, parameters: RouteParameters())
        let child = try registration.builder.build(context)
        if let prepare {
            guard let input = (child.input ?? child.view) as? Input else {
                throw CommandError("the module built for \(ContractID(contract).shortName) is not one")
            }
            try prepare(input)
        }
        server.keep(child, embeddedIn: handle)
        return child.view
    }

    func open(path: String) throws {
        var writer = WireWriter(.openPath)
        writer.integer(handle)
        writer.text(path)
        try call(writer.bytes)
    }

    func close() {
        var writer = WireWriter(.close)
        writer.integer(handle)
        _ = try? call(writer.bytes)
    }

    func canRoute(to contract: Any.Type, name: String?) -> Bool {
        var writer = WireWriter(.canRoute)
        writer.integer(handle)
        writer.text(ContractID(contract).name)
        writer.optionalText(name)
        guard var reply = try? server.channel.call(writer.bytes), reply.kind == .ok else { return false }
        return (try? reply.bool()) ?? false
    }

    /// Sends a request to viper and throws its failure as the plugin would see a router's.
    private func call(_ frame: [UInt8]) throws {
        var reply: WireReader
        do {
            reply = try server.channel.call(frame)
        } catch {
            throw CommandError("viper stopped answering the isolated plugin")
        }
        if reply.kind == .failed { throw CommandError(try reply.text()) }
    }
}
