import Contracts

/// Checks of a plugin as a whole and of the services it registers.
enum PluginChecks {
    /// The manifest name is valid and the plugin registered something, each thing once.
    static func registers(_ plugin: RecordedPlugin) throws -> String {
        let name = plugin.manifest.name
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        try CheckFailure.unless(!name.isEmpty && name.allSatisfy(allowed.contains) && !name.hasPrefix("-") && name != "host",
            "the manifest name '\(name)' is not valid; use lower-case letters, digits and dashes (not 'host')")
        try CheckFailure.unless(!plugin.modules.isEmpty || !plugin.services.isEmpty || !plugin.adapters.isEmpty,
            "register(in:) registered nothing; register a module, a service or an adapter")
        try CheckFailure.unless(plugin.duplicates.isEmpty,
            "registers \(plugin.duplicates.joined(separator: ", ")) more than once; register each contract and name once")
        return "\(plugin.modules.count) module(s), \(plugin.services.count) service(s), \(plugin.adapters.count) adapter(s)"
    }

    /// The service resolves, and its factory asks only for what it declared.
    static func resolves(_ service: RecordedService, in services: ServiceTable) throws -> String? {
        let before = services.undeclaredAsks.count
        do {
            _ = try resolve(service.contractType, name: service.name, in: services)
        } catch {
            throw CheckFailure("resolving it failed: \(error)")
        }
        let asks = services.undeclaredAsks.dropFirst(before).filter { $0.hasPrefix(service.label + " → ") }
        try CheckFailure.unless(asks.isEmpty,
            "its factory asked for what it does not declare: \(asks.joined(separator: ", ")); add them to requires:")
        return nil
    }

    private static func resolve<Service>(_ contract: Service.Type, name: String?, in services: ServiceTable) throws -> Any {
        try services.resolve(contract, name: name)
    }

    private static func resolve(_ contract: Any.Type, name: String?, in services: ServiceTable) throws -> Any {
        func open<T>(_ type: T.Type) throws -> Any { try services.resolve(type, name: name) }
        return try _openExistential(contract, do: open)
    }
}
