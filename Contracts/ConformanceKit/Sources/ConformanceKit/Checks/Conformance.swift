import Contracts

/// Runs the conformance checks against a plugin: plugin-level checks; for each
/// service, that it resolves and the suites of its contract; for each module the
/// generic checks, the suites of its contract, and the closing checks. A service
/// or module whose contract has no suite gets one `contract-suite` line, not
/// applicable, saying so.
///
///     @Test func counterConforms() throws {
///         let report = try Conformance.check(CounterPlugin.self)
///         #expect(report.conforms, "\(report)")
///     }
public enum Conformance {
    /// The name of the line that says a contract has no suite.
    public static let noSuiteCheck = "contract-suite"

    /// Records `plugin` in this process and checks it. Services come from
    /// `services` (default: ``ServiceTable/standard(clock:logger:)``) and the plugin's own;
    /// a service of the plugin's that `services` replaces with a double (see
    /// ``ServiceTable/replace(_:name:instance:)``) is the double for everything, and not checked.
    public static func check(_ plugin: any Plugin.Type, services: ServiceTable? = nil,
                             suites: [ContractSuite] = []) throws -> ConformanceReport {
        let recorded = try RecordedPlugin.record(plugin)
        return check(recorded, services: try services ?? ServiceTable.standard(), suites: suites)
    }

    /// Checks a recorded plugin. The plugin's services and adapters are added to
    /// `services` (except those it replaces); ``ContractSuites/bundled`` always run beside `suites`.
    public static func check(_ plugin: RecordedPlugin, services: ServiceTable, suites: [ContractSuite] = [],
                             observer: ((CheckEvent) -> Void)? = nil) -> ConformanceReport {
        services.add(plugin)
        var run = Run(observer: observer)
        _ = run.check("registers", "plugin") { try PluginChecks.registers(plugin) }
        let allSuites = ContractSuites.bundled + suites
        for service in plugin.services {
            if services.isReplaced(service) {
                run.replaced(service.label)
                continue
            }
            guard run.check("service-resolves", service.label, { try PluginChecks.resolves(service, in: services) }) else { continue }
            let checks = allSuites.filter { $0.applies(to: service) }.flatMap(\.serviceChecks)
            if checks.isEmpty { run.noSuite(service.contract, service.label) }
            let harness = ServiceHarness(service: service, services: services)
            for check in checks {
                _ = run.check(check.name, service.label) { try check.run(harness); return nil }
            }
        }
        let ownModules = Set(plugin.modules.map(\.contract))
        for module in plugin.modules {
            let harness = ModuleHarness(module: module, services: services, ownModules: ownModules)
            let suiteChecks = allSuites.filter { $0.applies(to: module) }.flatMap(\.checks)
            // `builds` first: when it fails, nothing else can run for this module.
            guard run.check(ModuleCheck.builds.name, module.label, { try ModuleCheck.builds.run(harness); return nil }) else { continue }
            for check in ModuleCheck.generic.dropFirst() + suiteChecks {
                _ = run.check(check.name, module.label) { try check.run(harness); return nil }
            }
            if suiteChecks.isEmpty { run.noSuite(module.contract, module.label) }
            for check in ModuleCheck.closing {
                _ = run.check(check.name, module.label) { try check.run(harness); return nil }
            }
        }
        return ConformanceReport(manifest: plugin.manifest, results: run.results)
    }

    /// Runs checks one at a time, telling the observer before and after each.
    private struct Run {
        let observer: ((CheckEvent) -> Void)?
        var results: [CheckResult] = []

        mutating func check(_ check: String, _ subject: String, _ body: () throws -> String?) -> Bool {
            observer?(.willRun(check: check, subject: subject))
            let result: CheckResult
            do {
                result = CheckResult(check: check, subject: subject, passed: true, reason: try body())
            } catch let skip as NotApplicable {
                result = .notApplicable(check: check, subject: subject, reason: skip.reason)
            } catch {
                result = CheckResult(check: check, subject: subject, passed: false, reason: String(describing: error))
            }
            record(result)
            return result.passed
        }

        mutating func noSuite(_ contract: ContractID, _ subject: String) {
            observer?(.willRun(check: Conformance.noSuiteCheck, subject: subject))
            record(.notApplicable(check: Conformance.noSuiteCheck, subject: subject,
                                  reason: "no suite exists for \(contract.shortName); only the generic checks ran "
                                      + "(write a ContractSuite for it and pass it in suites:)"))
        }

        mutating func replaced(_ subject: String) {
            observer?(.willRun(check: "service-resolves", subject: subject))
            record(.notApplicable(check: "service-resolves", subject: subject,
                                  reason: "replaced by the test's double (ServiceTable.replace); the plugin's own factory was not checked"))
        }

        private mutating func record(_ result: CheckResult) {
            results.append(result)
            observer?(.didRun(result))
        }
    }
}
