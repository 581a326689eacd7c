import Contracts

/// Runs the conformance checks against a plugin: plugin-level checks, then for
/// each module the generic checks, the suites of its contract, and the closing
/// checks.
///
///     @Test func counterConforms() throws {
///         let report = try Conformance.check(CounterPlugin.self)
///         #expect(report.conforms, "\(report)")
///     }
public enum Conformance {
    /// Records `plugin` in this process and checks it. Services come from
    /// `services` (default: ``ServiceTable/standard(clock:logger:)``) and the plugin's own.
    public static func check(_ plugin: any Plugin.Type, services: ServiceTable? = nil,
                             suites: [ContractSuite] = []) throws -> ConformanceReport {
        let recorded = try RecordedPlugin.record(plugin)
        return check(recorded, services: try services ?? ServiceTable.standard(), suites: suites)
    }

    /// Checks a recorded plugin. The plugin's services and adapters are added to
    /// `services`; ``ContractSuites/bundled`` always run beside `suites`.
    public static func check(_ plugin: RecordedPlugin, services: ServiceTable, suites: [ContractSuite] = [],
                             observer: ((CheckEvent) -> Void)? = nil) -> ConformanceReport {
        services.add(plugin)
        var results: [CheckResult] = []
        func run(_ check: String, _ subject: String, _ body: () throws -> String?) -> Bool {
            observer?(.willRun(check: check, subject: subject))
            let result: CheckResult
            do {
                result = CheckResult(check: check, subject: subject, passed: true, reason: try body())
            } catch {
                result = CheckResult(check: check, subject: subject, passed: false, reason: String(describing: error))
            }
            results.append(result)
            observer?(.didRun(result))
            return result.passed
        }

        _ = run("registers", "plugin") { try PluginChecks.registers(plugin) }
        for service in plugin.services {
            _ = run("service-resolves", service.label) { try PluginChecks.resolves(service, in: services) }
        }
        let ownModules = Set(plugin.modules.map(\.contract))
        let allSuites = ContractSuites.bundled + suites
        for module in plugin.modules {
            let harness = ModuleHarness(module: module, services: services, ownModules: ownModules)
            let checks = ModuleCheck.generic + allSuites.filter { $0.applies(to: module) }.flatMap(\.checks) + ModuleCheck.closing
            for check in checks {
                let passed = run(check.name, module.label) {
                    try check.run(harness)
                    return nil
                }
                if check.name == ModuleCheck.builds.name && !passed { break }
            }
        }
        return ConformanceReport(manifest: plugin.manifest, results: results)
    }
}
