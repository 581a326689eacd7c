import ConformanceKit
import Contracts
import ViperCore
import ViperLoading
import ViperRuntime

/// What `viper check` adds to the conformance kit: the rules the host enforces when
/// the plugin meets the others (the bundled plugins and those in `--plugins`), so an
/// author learns at check time what the shell would otherwise refuse or drop.
///
/// - `plugin-name`: no other plugin uses the manifest name (the host loads only one).
/// - `route` (per module with a route): the route keeps the ``RouteRule``s, and no
///   other plugin declares a route of the same shape.
/// - `command-names` (per module): no command is named like a reserved shell command
///   (``BuiltinCommand/isReserved``); the shell never passes those to a module. The kit's
///   `commands` check fails on such a name first, so this line is then `n/a`, pointing to it.
///   Only `viper check` builds every module, so only it sees commands; `viper doctor`
///   reports names and routes, from descriptors.
/// - `requirements`: what the plugin requires has a provider (`CheckHostRules+Providers.swift`).
struct CheckHostRules {
    /// Another plugin the host found: name, file and what it declares.
    struct Other {
        let name: String
        let path: String
        let descriptor: PluginDescriptor
        let isBundled: Bool
    }

    let plugin: RecordedPlugin
    let path: String
    let others: [Other]
    /// The plugin's descriptor, for the rules that read what it was built against.
    var descriptor: PluginDescriptor?
    /// The providers' start-up problems: a provider refused for a changed library is named in
    /// `requirements` as doctor names it (``RefusedProviders``).
    var providerProblems: [Problem] = []

    /// The other plugins of `records`, leaving out the file under test (a bundled plugin
    /// checked where it lies is found by the host too).
    static func others(of records: [PluginRecord], excluding path: String) -> [Other] {
        let own = Paths.realPath(path) ?? path
        return records.compactMap { record in
            guard let descriptor = record.descriptor, (Paths.realPath(record.path) ?? record.path) != own else { return nil }
            return Other(
                name: descriptor.manifest.name, path: record.path, descriptor: descriptor,
                isBundled: record.origin == .bundled)
        }
    }

    /// Runs every rule, announcing each check before it runs.
    package func run(services: any Resolver, writer: CheckChild.LineWriter) {
        writer.start("plugin-name", "plugin")
        writer.result(nameResult())
        if let descriptor, !descriptor.contractLibraries.isEmpty {
            writer.start("library-interfaces", "plugin")
            writer.result(interfaceResult(descriptor))
        }
        if let descriptor {
            writer.start("requirements", "plugin")
            writer.result(providersResult(descriptor))
        }
        for module in plugin.modules {
            if let route = module.route {
                writer.start("route", module.label)
                writer.result(routeResult(module, route))
            }
            writer.start("command-names", module.label)
            writer.result(commandResult(module, services: services))
        }
    }

    func nameResult() -> CheckResult {
        let name = plugin.manifest.name
        guard let other = others.first(where: { $0.name == name }) else {
            return CheckResult(check: "plugin-name", subject: "plugin", passed: true)
        }
        return CheckResult(
            check: "plugin-name", subject: "plugin", passed: false,
            reason:
                "another plugin, at \(other.path), is already named '\(name)'; viper loads only one of the two; give this plugin another name in its manifest")
    }

    func routeResult(_ module: RecordedModule, _ route: RouteSpec) -> CheckResult {
        func fail(_ reason: String) -> CheckResult {
            CheckResult(check: "route", subject: module.label, passed: false, reason: reason)
        }
        if let rule = RouteRule.problem(with: route) {
            return fail("the host refuses route '\(route.pattern)': \(rule)")
        }
        let shape = RouteRule.shape(route.pattern)
        for other in others {
            for provision in other.descriptor.provides where provision.kind == .module {
                guard let theirs = provision.route, RouteRule.shape(theirs.pattern) == shape else { continue }
                let theirModule = GraphValidator.label(provision.contract, provision.name)
                let who = other.isBundled ? "bundled plugin" : "plugin"
                return fail(
                    "route '\(route.pattern)' is already declared by \(who) '\(other.name)' (\(other.path), module \(theirModule)) as '\(theirs.pattern)'; "
                        + "the host gives it to only one of them; choose another route")
            }
        }
        return CheckResult(check: "route", subject: module.label, passed: true, reason: "'\(route.pattern)'")
    }

    func commandResult(_ module: RecordedModule, services: any Resolver) -> CheckResult {
        let built: ModuleUnderTest
        do {
            built = try ModuleHarness(module: module, services: services).build()
        } catch {
            return .notApplicable(check: "command-names", subject: module.label, reason: "the module did not build, so its commands are unknown")
        }
        defer { built.remove() }
        let reserved = built.view.commands.map(\.name).filter { BuiltinCommand(rawValue: $0)?.isReserved == true }
        guard !reserved.isEmpty else {
            return CheckResult(check: "command-names", subject: module.label, passed: true)
        }
        // The kit's `commands` check (ShellCommandNames, held equal to BuiltinCommand) has already
        // failed on these names with the list and the fix: one failure, not two.
        let names = reserved.map { "'\($0)'" }.joined(separator: ", ")
        let which = reserved.count == 1 ? "command \(names) is" : "commands \(names) are"
        return .notApplicable(
            check: "command-names", subject: module.label,
            reason: "\(which) the shell's own: failed once, on the commands line above, with the fix")
    }
}
