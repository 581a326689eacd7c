import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// `viper new NAME --routes-to CONTRACT` and `viper new module NAME --in PATH --routes-to CONTRACT`:
/// the module's builder is a `RoutingModuleBuilder` routing to CONTRACT through a typed route, and
/// its tests check that route. Built and tested exactly as generated.
@Suite(.tags(.slow)) struct RoutedTemplateTests {
    @Test func aRoutedPluginBuildsPassesItsRouteTestsViperCheckAndOpensTheContractInTheShell() throws {
        let caller = try GeneratedShapes.built(.routed)
        #expect(caller.testStatus == 0, "\(caller.testOutput)")
        for test in ["theRouterPushesContactsKitScreenByItsTypedRoute() passed", "theRouterPushesNoteEditingByItsTypedRoute() passed",
                     "contactsAsksTheRouterToOpenContactsKitScreen() passed", "noteAsksTheRouterToOpenNoteEditing() passed"] {
            #expect(caller.testOutput.contains(test), "\(caller.testOutput)")
        }
        let builder = try String(contentsOfFile: caller.package + "/Sources/CallerPlugin/Caller/CallerBuilder.swift", encoding: .utf8)
        #expect(builder.contains("final class CallerBuilder: RoutingModuleBuilder {"), "\(builder)")
        #expect(builder.contains("static let routes = ModuleRoutes(ContactsKitScreen.self)"), "\(builder)")

        let check = try ViperProcess().run(["check", caller.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("[CallerInput] wired") && check.stdout.contains("[DetailsInput] wired"), "\(check.stdout)")

        // The command the template writes takes the typed route to the module of the library's contract.
        let shell = try ViperProcess().run(["--plugins", caller.library, "-c", "open caller; contacts"])
        #expect(shell.status == 0, "\(shell.stdout)\(shell.stderr)")
        #expect(shell.stdout.contains("Home › Caller › Picker"), "\(shell.stdout)")
    }

    @Test func aRouteToAProtocolWithAnOutputHandsThePresenterOverAsItAndBuilds() throws {
        let folder = try TemporaryFolder.make("routes-to-output")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        let source = folder + "/ContactsKit/Sources/ContactsKit/ContactsKit.swift"
        try (try String(contentsOfFile: source, encoding: .utf8) + """

            /// A picker: a consumer routes to it and hears the pick.
            public protocol ContactPicking: AnyObject {
                var output: (any ContactPickingOutput)? { get set }
            }

            /// What the picker reports.
            public protocol ContactPickingOutput: AnyObject {
                /// The person picked `name`.
                func picker(didPick name: String)
            }

            """).write(toFile: source, atomically: true, encoding: .utf8)
        let made = try viper.run(["new", "Caller", "--routes-to", "ContactsKit.ContactPicking", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        let presenter = try String(contentsOfFile: folder + "/Caller/Sources/CallerPlugin/Caller/CallerPresenter.swift", encoding: .utf8)
        #expect(presenter.contains("CallerInteractorOutput, ContactPickingOutput {") && presenter.contains("func picker(didPick name: String) {"),
                "\(presenter)")
        #expect(presenter.contains("try router.openContactPicking(output: self)"), "\(presenter)")
        let router = try String(contentsOfFile: folder + "/Caller/Sources/CallerPlugin/Caller/CallerRouter.swift", encoding: .utf8)
        #expect(router.contains("try contactPicking.push { $0.output = output }"), "\(router)")
        let build = try FixtureCompiler.run(["swift", "build"], in: folder + "/Caller")
        #expect(build.status == 0, "\(build.output)")
        let test = try FixtureCompiler.run(["swift", "test"], in: folder + "/Caller")
        #expect(test.status == 0 && test.output.contains("theRouterPushesContactPickingByItsTypedRoute() passed"), "\(test.output)")
    }

    @Test func aRouteToAContractLibrarysProtocolAddsTheLibraryToThePackageAndThePlugin() throws {
        let folder = try TemporaryFolder.make("routes-to-library")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        let made = try viper.run(["new", "Caller", "--routes-to", "ContactsKit.ContactsKitScreen", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("Its builder routes to ContactsKitScreen through a typed route; 'contacts' opens it."), "\(made.stdout)")
        let manifest = try String(contentsOfFile: folder + "/Caller/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(path: \"\(folder)/ContactsKit\")"), "\(manifest)")
        #expect(manifest.contains(".product(name: \"ContactsKit\", package: \"ContactsKit\")"), "\(manifest)")
        let plugin = try String(contentsOfFile: folder + "/Caller/Sources/CallerPlugin/CallerPlugin.swift", encoding: .utf8)
        #expect(plugin.contains("import ContactsKit\n") && plugin.contains("static let contractLibraries = [ContactsKitLibrary.compiled]"), "\(plugin)")
    }

    @Test(arguments: [
        (["new", "Caller", "--routes-to", "A.B.C"], "--routes-to takes a module contract: PROTOCOL (Contracts' or the plugin's own, e.g. NoteEditing) or LIBRARY.PROTOCOL (a contract library's, e.g. ContactsKit.ContactPicking); got 'A.B.C'"),
        (["new", "service", "Journal", "--routes-to", "NoteEditing"], "--routes-to goes with 'viper new NAME' or 'viper new module NAME --in PATH', not with the service template"),
        (["new", "Caller", "--example", "--blank"], "--example writes the demo module, --blank another; choose one"),
        (["new", "Caller", "--example", "--routes-to", "NoteEditing"], "--example writes the demo module, --routes-to another; choose one"),
        (["new", "Caller", "--routes-to", "NoteEditing", "--contract", "ContactsKit.ContactPicking"],
         "--routes-to writes a module of its own contract in a package of its own; drop --contract, or add the route by hand (docs/COOKBOOK.md, \"Route through a typed route\")"),
        (["new", "Caller", "--routes-to", "Missing.Picking"], nil),
    ] as [([String], String?)])
    func aRoutesToOrExampleWhereItCannotGoIsAUsageErrorThatWritesNothing(arguments: [String], message: String?) throws {
        let folder = try TemporaryFolder.make("routes-to-usage")
        let result = try ViperProcess().run(arguments + ["--dir", folder])
        #expect(result.status == 64, "\(result.stderr)")
        if let message {
            #expect(result.stderr == "viper: \(message)\n")
        } else {
            #expect(result.stderr.hasPrefix("viper: no contract library 'Missing'"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}

/// `viper new NAME` writes the module an author keeps; the demo list is behind `--example`.
@Suite struct ExampleTemplateTests {
    @Test func theDefaultPluginHasNoDemoAndExampleHasTheDemoList() throws {
        let folder = try TemporaryFolder.make("example-or-not")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "Counter", "--dir", folder]).status == 0)
        #expect(try viper.run(["new", "Demo", "--example", "--dir", folder]).status == 0)
        let view = try String(contentsOfFile: folder + "/Counter/Sources/CounterPlugin/Counter/CounterView.swift", encoding: .utf8)
        #expect(view.contains("[\n            CommandSpec(\"done\", help: \"Finish and close\"),\n        ]") && !view.contains("\"add\""), "\(view)")
        let tests = try FileManager.default.contentsOfDirectory(atPath: folder + "/Counter/Tests/CounterPluginTests").sorted()
        #expect(tests == ["CounterConformanceTests.swift", "CounterInputSuite.swift", "CounterPresenterTests.swift", "Spies"])
        let demo = try String(contentsOfFile: folder + "/Demo/Sources/DemoPlugin/Demo/DemoView.swift", encoding: .utf8)
        #expect(demo.contains("\"add\""), "\(demo)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Demo/Tests/DemoPluginTests/DemoInteractorTests.swift"))
    }
}
