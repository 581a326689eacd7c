import ConformanceKit
import Contracts

/// Runs the bundled suites against one fake provider, with standard services plus `services`.
enum SuiteCheck {
    static let manifest = PluginManifest(name: "suite-fake", version: "1.0.0", summary: "a fake provider")

    /// Checks a plugin that registers one module under `contract`.
    static func module<Input>(_ contract: Input.Type, _ builder: any ModuleBuilder, requires: [Requirement] = [],
                              services: (ServiceTable) -> Void = { _ in }) throws -> ConformanceReport {
        let recorder = PluginRecorder()
        recorder.registerModule(contract, requires: requires, builder: builder)
        let table = try ServiceTable.standard()
        services(table)
        return Conformance.check(RecordedPlugin(manifest: manifest, recorder: recorder), services: table)
    }

    /// Checks a plugin that registers one service under `contract`.
    static func service<Service>(_ contract: Service.Type, scope: ServiceScope = .process,
                                 factory: @escaping (any Resolver) throws -> Service) throws -> ConformanceReport {
        let recorder = PluginRecorder()
        recorder.registerService(contract, scope: scope, requires: [.service(DataFolder.self)], factory: factory)
        return Conformance.check(RecordedPlugin(manifest: manifest, recorder: recorder), services: try ServiceTable.standard())
    }
}

extension ConformanceReport {
    /// The names of the checks of `subject` that failed.
    func failed(_ subject: String) -> [String] {
        failures.filter { $0.subject == subject }.map(\.check)
    }
}
