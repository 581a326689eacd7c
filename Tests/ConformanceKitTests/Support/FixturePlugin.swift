import ConformanceKit
import Contracts

/// A well-behaved plugin type, for the paths that take a `Plugin.Type`.
enum FixturePlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture", version: "1.0.0", summary: "kit tests")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(FixtureInput.self, route: RouteSpec("fixture", summary: "Fixture"),
                                 requires: [.service(Clock.self)], builder: FixtureBuilder())
    }

    /// A recording of a plugin whose one module has `flaws`.
    static func recorded(_ flaws: FixtureFlaws) -> RecordedPlugin {
        let recorder = PluginRecorder()
        recorder.registerModule(FixtureInput.self, route: RouteSpec("fixture", summary: "Fixture"),
                                requires: [.service(Clock.self)], builder: FixtureBuilder(flaws: flaws))
        return RecordedPlugin(manifest: manifest, recorder: recorder)
    }

    /// Checks a fixture with `flaws` against the standard services.
    static func check(_ flaws: FixtureFlaws, suites: [ContractSuite] = []) throws -> ConformanceReport {
        Conformance.check(recorded(flaws), services: try ServiceTable.standard(), suites: suites)
    }
}
