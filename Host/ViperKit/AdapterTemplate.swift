import Contracts
import ViperRuntime

/// The sources `viper new adapter NAME` writes: a plugin that serves the contract `__Name__`
/// through an adapter made from `__Source__` (`--from SOURCE`; `__Name__Source` by default),
/// the two contracts with nothing in them yet, the adapter, a test that resolves `__Name__`
/// through it from a fake source, and the conformance test: what an author keeps, adding the
/// contracts' requirements and the adapter's answers. With `--example`, the cookbook's
/// "Write an adapter" recipe instead: a module requires `__Name__Greeting`, the plugin's service
/// provides the older `__Name__Salutation`, and the adapter serves the first from the second.
/// Paths are relative to the package; ``files(source:example:)`` fills in `__Source__`.
enum AdapterTemplate {
    /// The files of the adapter, its source contract named `source` (the template fills in
    /// `__Name__` later), or the worked example's.
    static func files(source: String, example: Bool) -> [(path: String, text: String)] {
        guard !example else { return exampleFiles }
        return [
            ("Sources/__Name__Plugin/__Name__Plugin.swift", plugin),
            (EntryTemplate.path, EntryTemplate.source),
            ("Sources/__Name__Plugin/__Name__Contracts.swift", contracts),
            ("Sources/__Name__Plugin/__Name__Adapter.swift", adapter),
            ("Tests/__Name__PluginTests/__Name__AdapterTests.swift", adapterTests),
            ("Tests/__Name__PluginTests/Fake__Source__.swift", fakeSource),
            ("Tests/__Name__PluginTests/__Name__ConformanceTests.swift", conformanceTests),
        ].map { ($0.0.replacingOccurrences(of: "__Source__", with: source), $0.1.replacingOccurrences(of: "__Source__", with: source)) }
    }

    /// The README of the adapter, or of the worked example.
    static func readme(source: String, example: Bool) -> String {
        example ? exampleReadme : plainReadme.replacingOccurrences(of: "__Source__", with: source)
    }

    static let plugin = """
        import Contracts

        /// Serves __Name__ through an adapter made from the __Source__ a provider registers
        /// (`registerAdapter`): whatever requires __Name__ gets the adapter.
        package enum __Name__Plugin: Plugin {
            package static let manifest = PluginManifest(name: "__route__", version: "0.1.0",
                                                         summary: "__Name__: served from __Source__ through an adapter")

            package static func register(in registrar: any Registrar) throws {
                registrar.registerAdapter(__Name__.self, from: __Source__.self) { __Name__Adapter($0) }
                \(ModuleTemplate.registrationMarker)
            }
        }

        """

    static let contracts = """
        /// What a module or a service requires: the adapter serves it.
        public protocol __Name__: AnyObject {
        }

        /// What a provider registers: the adapter serves __Name__ from it.
        public protocol __Source__: AnyObject {
        }

        """

    static let adapter = """
        /// The adapter: a __Name__ made from a __Source__, answering each requirement by asking `source`.
        final class __Name__Adapter: __Name__ {
            private let source: any __Source__

            init(_ source: any __Source__) {
                self.source = source
            }
        }

        """

    static let adapterTests = """
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        @Suite struct __Name__AdapterTests {
            @Test func theContractIsServedThroughTheAdapterFromTheSourceAProviderRegisters() throws {
                let services = try ServiceTable.standard()
                services.register(__Source__.self, instance: Fake__Source__())
                services.add(try RecordedPlugin.record(__Name__Plugin.self))
                #expect(try services.resolve(__Name__.self) is __Name__Adapter)
            }
        }

        """

    static let fakeSource = """
        @testable import __Name__Plugin

        /// A __Source__ for the tests, with fixed answers.
        final class Fake__Source__: __Source__ {
        }

        """

    static let conformanceTests = """
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        /// The checks `viper check` runs, in process.
        @Suite struct __Name__ConformanceTests {
            @Test func thePluginPassesTheConformanceKit() throws {
                let report = try Conformance.check(__Name__Plugin.self)
                #expect(report.conforms, "\\(report)")
            }
        }

        """

    static let plainReadme = """
        # __Name__

        A viper plugin made by `viper new adapter`: it serves `__Name__` through an adapter
        made from the `__Source__` a provider registers (`registerAdapter`). Declare the two
        contracts' requirements in `__Name__Contracts.swift` (or, when a contract library
        declares one, depend on the library and name its protocol instead), answer them in
        `__Name__Adapter`, and give `Fake__Source__` fixed answers for the tests.

        ```sh
        swift build && swift test
        viper check .build/debug/lib__Name__Plugin.so
        ```

        """

    /// The worked example (`--example`).
    static let exampleFiles: [(path: String, text: String)] = [
        ("Sources/__Name__Plugin/__Name__Plugin.swift", examplePlugin),
        (EntryTemplate.path, EntryTemplate.source),
        ("Sources/__Name__Plugin/__Name__Contracts.swift", exampleContracts),
        ("Sources/__Name__Plugin/__Name__SalutationGreeting.swift", exampleAdapter),
        ("Sources/__Name__Plugin/__Name__/__Name__Module.swift", exampleModule),
        ("Tests/__Name__PluginTests/__Name__AdapterTests.swift", exampleAdapterTests),
        ("Tests/__Name__PluginTests/__Name__ConformanceTests.swift", conformanceTests),
    ]

    static let examplePlugin = """
        import Contracts

        /// Provides a __Name__Salutation, serves __Name__Greeting through the adapter, and
        /// registers a module (`open __route__`) that requires __Name__Greeting.
        package enum __Name__Plugin: Plugin {
            package static let manifest = PluginManifest(name: "__route__", version: "0.1.0",
                                                         summary: "__Name__: a greeting served through an adapter")

            package static func register(in registrar: any Registrar) throws {
                registrar.registerService(__Name__Salutation.self) { _ in English__Name__Salutation() }
                registrar.registerAdapter(__Name__Greeting.self, from: __Name__Salutation.self) { __Name__SalutationGreeting($0) }
                registrar.registerModule(__Name__Input.self, route: RouteSpec("__route__", summary: "__Name__: a greeting", query: ["name"]),
                                         requires: [.service(__Name__Greeting.self)], builder: __Name__Builder())
                \(ModuleTemplate.registrationMarker)
            }
        }

        """

    static let exampleContracts = """
        /// The contract the module requires.
        public protocol __Name__Greeting: AnyObject {
            func greet(_ name: String) -> String
        }

        /// The contract the service was first written against.
        public protocol __Name__Salutation: AnyObject {
            func salute(firstName: String, formal: Bool) -> String
        }

        /// The service as it was written, against the older contract.
        final class English__Name__Salutation: __Name__Salutation {
            func salute(firstName: String, formal: Bool) -> String {
                formal ? "Good day, \\(firstName)." : "Hi \\(firstName)!"
            }
        }

        """

    static let exampleAdapter = """
        /// The adapter: a __Name__Greeting made from a __Name__Salutation.
        final class __Name__SalutationGreeting: __Name__Greeting {
            private let salutation: any __Name__Salutation

            init(_ salutation: any __Name__Salutation) {
                self.salutation = salutation
            }

            func greet(_ name: String) -> String {
                salutation.salute(firstName: name, formal: false)
            }
        }

        """

    static let exampleModule = """
        import Contracts

        /// The module's input: nothing to start it with; `open __route__?name=Ada` names the guest.
        public protocol __Name__Input: AnyObject {}

        /// Wires the module with the __Name__Greeting it declared in `requires:`.
        final class __Name__Builder: ModuleBuilder {
            func build(_ context: any ModuleContext) throws -> BuiltModule {
                let presenter = __Name__Presenter(greeting: try context.resolver.resolve(__Name__Greeting.self),
                                                  name: context.parameters["name"] ?? "there")
                return BuiltModule(view: __Name__View(presenter: presenter), input: presenter, parts: [presenter])
            }
        }

        /// Turns the greeting into the line the view draws.
        final class __Name__Presenter: __Name__Input {
            let line: String

            init(greeting: any __Name__Greeting, name: String) {
                line = greeting.greet(name)
            }
        }

        /// Draws the line.
        final class __Name__View: ModuleView {
            private let presenter: __Name__Presenter

            init(presenter: __Name__Presenter) {
                self.presenter = presenter
            }

            var title: String { "__Name__" }

            func render(on screen: any Screen) {
                screen.text(presenter.line)
            }
        }

        """

    static let exampleAdapterTests = """
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        @Suite struct __Name__AdapterTests {
            @Test func theAdapterGreetsInformally() {
                #expect(__Name__SalutationGreeting(English__Name__Salutation()).greet("Ada") == "Hi Ada!")
            }

            @Test func theRequiredContractIsServedThroughTheAdapter() throws {
                let services = try ServiceTable.standard()
                services.add(try RecordedPlugin.record(__Name__Plugin.self))
                #expect(try services.resolve(__Name__Greeting.self).greet("Ada") == "Hi Ada!")
            }
        }

        """

    static let exampleReadme = """
        # __Name__

        A viper plugin made by `viper new adapter --example`: its module requires `__Name__Greeting`,
        its service provides the older `__Name__Salutation`, and `registerAdapter` serves the
        first from the second.

        ```sh
        swift build && swift test
        viper check .build/debug/lib__Name__Plugin.so
        viper --plugins .build/debug/lib__Name__Plugin.so -c "open __route__"
        ```

        """
}
