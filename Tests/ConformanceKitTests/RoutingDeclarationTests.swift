import ConformanceKit
import Contracts
import Testing

/// The `declared-dependencies` check reads a ``RoutingModuleBuilder``'s one typed declaration
/// (`ModuleRoutes`): a route taken outside it is named with where to declare it, a registration
/// that does not carry it (registered with `requires:`) is drift, and a route to a contract of the
/// plugin's own library that nobody provides is a forgotten registration, as doctor says.
@Suite struct RoutingDeclarationTests {
    /// A plugin whose one module is built by `builder`, registered through the builder's
    /// declaration (or with `requires:` when given), and `also` registering more.
    private func recorded<Target>(_ builder: RoutingFixtureBuilder<Target>, requires: [Requirement]? = nil,
                                  also: (PluginRecorder) -> Void = { _ in }) -> RecordedPlugin {
        let recorder = PluginRecorder()
        let route = RouteSpec("fixture", summary: "Fixture")
        if let requires {
            recorder.registerModule(FixtureInput.self, route: route, requires: requires, builder: builder)
        } else {
            recorder.registerModule(FixtureInput.self, route: route, builder: builder)
        }
        also(recorder)
        return RecordedPlugin(manifest: FixturePlugin.manifest, recorder: recorder)
    }

    private func reason(_ report: ConformanceReport) -> String? {
        report.result("declared-dependencies", subject: "FixtureInput")?.reason
    }

    @Test func aRoutingBuilderRegisteredThroughItsDeclarationPasses() throws {
        let plugin = recorded(RoutingFixtureBuilder(routingTo: NoteEditing.self))
        #expect(plugin.modules.first?.requires == [.service(Clock.self), .module(NoteEditing.self)])
        let report = Conformance.check(plugin, services: try ServiceTable.standard())
        #expect(report.conforms, "a route to another library's contract is for viper check's requirements rule: \(report)")
    }

    @Test func aRouteTakenOutsideItsModuleRoutesIsNamedWithWhereToDeclareIt() throws {
        let report = Conformance.check(recorded(RoutingFixtureBuilder(routingTo: NoteEditing.self, strays: true)),
                                       services: try ServiceTable.standard())
        #expect(report.failures.map(\.check) == ["declared-dependencies"])
        #expect(reason(report) == "asked for what its registration does not declare: module Contracts.NoteListing (add NoteListing.self "
                + "to the builder's ModuleRoutes (static let routes) and route through the ModuleRoute<any NoteListing> it receives, "
                + "or ask canRoute(to:) first if it is optional)")
    }

    @Test func aRegistrationWithRequiresThatLeavesOutTheBuildersRoutesIsDrift() throws {
        let plugin = recorded(RoutingFixtureBuilder(routingTo: NoteEditing.self), requires: [.service(Clock.self)])
        let report = Conformance.check(plugin, services: try ServiceTable.standard())
        #expect(report.failures.map(\.check) == ["declared-dependencies"])
        #expect(reason(report) == "its builder declares module Contracts.NoteEditing (its ModuleRoutes), which its registration does not carry: "
                + "it was registered with requires:, which viper checks in their place, so nothing makes sure a plugin provides it; "
                + "drop requires: from its registerModule call so the builder's declaration is the one list",
                "the route it takes is not reported again as undeclared")
    }

    @Test func aBuildersServiceLeftOutOfRequiresIsDriftToo() throws {
        let plugin = recorded(RoutingFixtureBuilder(routingTo: NoteEditing.self), requires: [.module(NoteEditing.self)])
        let report = Conformance.check(plugin, services: try ServiceTable.standard())
        #expect(reason(report)?.hasPrefix("its builder declares service Contracts.Clock (its Dependencies), which its registration does not carry: ") == true,
                "\(report)")
    }

    @Test func aRouteToAContractOfItsOwnLibraryThatNobodyProvidesIsAForgottenRegistration() throws {
        let report = Conformance.check(recorded(RoutingFixtureBuilder(routingTo: FixtureTarget.self)), services: try ServiceTable.standard())
        #expect(report.failures.map(\.check) == ["declared-dependencies"])
        #expect(reason(report) == "it routes to FixtureTarget (its ModuleRoutes), which no plugin here provides: FixtureTarget is a contract of "
                + "ConformanceKitTests, whose FixtureInput this plugin provides: if it is meant to provide FixtureTarget too, register it in "
                + "its register(in:) (registrar.registerModule(FixtureTarget.self, ...)); if another plugin provides it, add that plugin to the ServiceTable too (services.add(try RecordedPlugin.record(ThatPlugin.self)))")
    }

    @Test func theSameRouteProvidedByThePluginItselfPasses() throws {
        let plugin = recorded(RoutingFixtureBuilder(routingTo: FixtureTarget.self)) {
            $0.registerModule(FixtureTarget.self, requires: [], builder: FixtureTargetBuilder())
        }
        let report = Conformance.check(plugin, services: try ServiceTable.standard())
        #expect(report.result("declared-dependencies", subject: "FixtureInput")?.passed == true, "\(report)")
    }

    @Test func theSameRouteProvidedByAnotherPluginAddedToTheTablePasses() throws {
        let other = PluginRecorder()
        other.registerModule(FixtureTarget.self, requires: [], builder: FixtureTargetBuilder())
        let services = try ServiceTable.standard()
        services.add(RecordedPlugin(manifest: PluginManifest(name: "target", version: "1.0.0", summary: "provides the target"), recorder: other))
        let report = Conformance.check(recorded(RoutingFixtureBuilder(routingTo: FixtureTarget.self)), services: services)
        #expect(report.conforms, "\(report)")
    }

    @Test func withTheHostsRegistryBehindTheTableRoutesAreLeftToTheHostsRule() throws {
        let services = ServiceTable(fallback: try ServiceTable.standard())
        let report = Conformance.check(recorded(RoutingFixtureBuilder(routingTo: FixtureTarget.self)), services: services)
        #expect(report.conforms, "in viper check the requirements rule judges routes against every plugin found: \(report)")
    }
}
