import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// The real built plugins, opened with dlopen in this process through the loader,
/// and used across the boundary: casts to Contracts' protocols must succeed,
/// which they only do when host and plugin share the one libContracts.so.
@Suite struct InProcessLoadingTests {
    @Test func theLoaderReadsTheGreeterDescriptorFromTheBuiltPlugin() throws {
        let path = BuildProducts.plugin("Greeter")
        let file = PluginFile(path: path, folder: PluginFolder(path: BuildProducts.directory, origin: .bundled))
        let plugin = try PluginLoader().load(file).get()
        let descriptor = plugin.descriptor
        #expect(descriptor.manifest.name == "greeter")
        #expect(descriptor.contractsVersion == ContractsVersion.current)
        #expect(descriptor.provides == [
            Provision(kind: .module, contract: ContractID("GreeterPlugin.HelloInput"),
                      route: RouteSpec("hello", summary: "A greeting that depends on the time of day", query: ["name"]),
                      requires: [.service(Clock.self), .service(Logger.self)]),
        ])
    }

    @Test func theSameFileIsOpenedOnceByOneLoader() throws {
        let loader = PluginLoader()
        let folder = try TemporaryFolder.make("twice")
        let link = try TemporaryFolder.link(BuildProducts.plugin("Greeter"), as: "libGreeterAgain.so", in: folder)
        let first = loader.load(PluginFile(path: BuildProducts.plugin("Greeter"), folder: PluginFolder(path: BuildProducts.directory, origin: .bundled)))
        let second = loader.load(PluginFile(path: link, folder: PluginFolder(path: folder, origin: .flag)))
        #expect((try? first.get()) != nil)
        guard case .failure(let error) = second else {
            Issue.record("a second load of the same file ran its entry point again")
            return
        }
        #expect(error.code == .alreadyLoaded)
    }

    @Test func aModuleOfTheRealGreeterIsBuiltWithHostServicesAndCastAcrossTheBoundary() throws {
        let runtime = try TestRuntime.make(bundled: ["Greeter"])
        #expect(runtime.problems.isEmpty, "\(runtime.problemLines)")
        #expect(runtime.record(named: "greeter")?.status == .loaded)

        let registration = try #require(runtime.registry.moduleRegistration(contract: ContractID("GreeterPlugin.HelloInput"), name: nil))
        #expect(registration.plugin == "greeter")
        #expect(registration.route?.pattern == "hello")
        #expect((registration.builder as AnyObject) is any ModuleBuilder)

        let context = ModuleContextStub(resolver: runtime.registry.resolver(for: "test"), parameters: RouteParameters(["name": "Ada"]))
        let built = try registration.builder.build(context)
        // The view is a class of the plugin; the cast needs the plugin's conformance record
        // to name the very protocol descriptor the host sees.
        let view = try #require((built.view as AnyObject) as? any ModuleView)
        let input = try #require(built.input)
        #expect(registration.conforms(input), "the module's input conforms to the contract it was registered under")
        #expect(built.parts.count == 3)

        // The clock came from the host (VIPER_NOW is 09:30 UTC): the plugin's interactor used the host's service.
        view.moduleDidAppear()
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.lines == ["heading: Good morning, Ada!", "text: Type 'name NAME' to greet someone else."])
        #expect(view.commands.map(\.name) == ["name", "close"])

        try view.perform(CommandInvocation(name: "name", arguments: ["Grace"], rest: "Grace"))
        let after = SpyScreen()
        view.render(on: after)
        #expect(after.lines.first == "heading: Good morning, Grace!")
    }

    @Test func theHostsContractsAndThePluginsAreTheSameTypes() throws {
        let runtime = try TestRuntime.make(bundled: ["Greeter"])
        // Resolving by ObjectIdentifier(Clock.self) from inside the plugin's builder found
        // the host's clock above; here the host's resolver hands out the same instance.
        let clock = try runtime.registry.resolver(for: "test").resolve(Clock.self)
        #expect(clock.secondsSince1970 == 1_772_443_800)
        #expect(clock.timeZoneIdentifier == "UTC")
    }
}
