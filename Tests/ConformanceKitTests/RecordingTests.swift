import ConformanceKit
import Contracts
import Testing

@Suite struct RecordingTests {
    @Test func aPluginTypeIsRecordedWithItsModuleAndItsDeclaredRequirements() throws {
        let plugin = try RecordedPlugin.record(FixturePlugin.self)
        #expect(plugin.manifest.name == "fixture")
        #expect(plugin.modules.map(\.label) == ["FixtureInput"])
        #expect(plugin.modules.first?.requires == [.service(Clock.self)])
        #expect(plugin.modules.first?.route?.pattern == "fixture")
    }

    @Test func theEntryPointHandshakeRegistersIntoARecordingConnection() throws {
        let connection = RecordingConnection()
        let status = withExtendedLifetime(connection) {
            PluginEntry.run(Unmanaged.passUnretained(connection as AnyObject).toOpaque(), plugin: FixturePlugin.self)
        }
        #expect(status == PluginEntry.ok)
        #expect(connection.manifest?.name == "fixture")
        #expect(connection.recorder.modules.count == 1)
    }

    @Test func registeringTheSameContractTwiceFailsRegisters() throws {
        let recorder = PluginRecorder()
        recorder.registerModule(FixtureInput.self, requires: [.service(Clock.self)], builder: FixtureBuilder())
        recorder.registerModule(FixtureInput.self, requires: [.service(Clock.self)], builder: FixtureBuilder())
        let plugin = RecordedPlugin(manifest: FixturePlugin.manifest, recorder: recorder)
        let report = Conformance.check(plugin, services: try ServiceTable.standard())
        let registers = report.result("registers", subject: "plugin")
        #expect(registers?.passed == false)
        #expect(registers?.reason?.contains("module ConformanceKitTests.FixtureInput more than once") == true)
    }

    @Test func aServiceWhoseFactoryAsksForWhatItDoesNotDeclareFailsServiceResolves() throws {
        let recorder = PluginRecorder()
        recorder.registerService(FixtureClockReader.self, requires: []) { resolver in
            FixtureClockReader(clock: try resolver.resolve(Clock.self))
        }
        let plugin = RecordedPlugin(manifest: FixturePlugin.manifest, recorder: recorder)
        let report = Conformance.check(plugin, services: try ServiceTable.standard())
        let result = report.result("service-resolves", subject: "FixtureClockReader")
        #expect(result?.passed == false)
        #expect(result?.reason?.contains("FixtureClockReader → Contracts.Clock") == true)
    }

    @Test func aServiceThatDeclaresWhatItResolvesPasses() throws {
        let recorder = PluginRecorder()
        recorder.registerService(FixtureClockReader.self, requires: [.service(Clock.self)]) { resolver in
            FixtureClockReader(clock: try resolver.resolve(Clock.self))
        }
        let plugin = RecordedPlugin(manifest: FixturePlugin.manifest, recorder: recorder)
        let report = Conformance.check(plugin, services: try ServiceTable.standard())
        #expect(report.conforms, "\(report)")
    }

    @Test func anInvalidManifestNameFailsRegisters() throws {
        let recorder = PluginRecorder()
        recorder.registerModule(FixtureInput.self, requires: [.service(Clock.self)], builder: FixtureBuilder())
        let plugin = RecordedPlugin(manifest: PluginManifest(name: "Bad Name", version: "1", summary: ""), recorder: recorder)
        let report = Conformance.check(plugin, services: try ServiceTable.standard())
        #expect(report.result("registers", subject: "plugin")?.reason?.contains("'Bad Name' is not valid") == true)
    }
}

/// A service for the service checks.
final class FixtureClockReader {
    let clock: any Clock

    init(clock: any Clock) {
        self.clock = clock
    }
}
