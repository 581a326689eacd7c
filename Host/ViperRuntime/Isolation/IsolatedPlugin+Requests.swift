import Contracts
import ViperCore

/// What an isolated plugin's process asks of viper while it runs a call: its modules' routing
/// (by the module's handle, through that module's router) and its log and progress lines.
extension IsolatedPlugin {
    /// Answers the plugin's requests: routing from its modules, their log and progress lines.
    func serveRequest(_ reader: inout WireReader) -> [UInt8]? {
        do {
            switch reader.kind {
            case .log:
                let level = LogLevel(rawValue: try reader.text()) ?? .info
                let message = try reader.text(), source = try reader.text()
                logger?.log(level, PrintableText.oneLine(message), source: "\(name): \(PrintableText.oneLine(source))")
                return nil
            case .progress:
                progress?.report(PrintableText.oneLine(try reader.text()))
                return nil
            case .route:
                let handle = try reader.integer()
                let contract = ContractID(try reader.text())
                let moduleName = try reader.optionalText()
                let transition = Transition(rawValue: try reader.text()) ?? .push
                try router(handle).route(contract: contract, name: moduleName, transition: transition)
                return IsolationChannel.ok
            case .openPath:
                let handle = try reader.integer()
                try router(handle).open(path: try reader.text())
                return IsolationChannel.ok
            case .close:
                try router(handle: reader.integer()).close()
                return IsolationChannel.ok
            case .canRoute:
                let handle = try reader.integer()
                let contract = ContractID(try reader.text())
                let moduleName = try reader.optionalText()
                var writer = WireWriter(.ok)
                writer.bool(try router(handle).canRoute(contract: contract, name: moduleName))
                return writer.bytes
            default:
                return IsolationChannel.failed("the isolated plugin sent a request viper does not serve")
            }
        } catch {
            return IsolationChannel.failed(NavigationStack.oneLine(error))
        }
    }

    private func router(handle: UInt32) throws -> HostRouter { try router(handle) }

    private func router(_ handle: UInt32) throws -> HostRouter {
        guard let router = views[handle]?.view?.router as? HostRouter else {
            throw CommandError("the module that routed is no longer on screen")
        }
        return router
    }
}
