import Foundation
import Testing
import ViperTestSupport

/// End-to-end through the built `viper` with the shelf fixture (Tests/Fixtures/Navigation/ShelfPlugin.swift):
/// a route's configuration reaches the builder, which builds accordingly, and a caller
/// removes the module it routed through the handle it got.
@Suite struct RouteConfigurationShellTests {
    private func run(_ commands: String) throws -> ViperProcess.Result {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Navigation/ShelfPlugin.swift", encoding: .utf8)
        let plugin = try FixtureCompiler.swiftPlugin(named: "ShelfFixture", source: source)
        return try ShellProcess().run(["--plugins", plugin, "-c", commands])
    }

    @Test func theBuilderBuildsTheBookTheCallerConfigured() throws {
        let result = try run("open shelf; edit 2; where")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Editing   Emma"))
        #expect(result.stdout.hasSuffix("Home › Shelf › Book 2\n"))
    }

    @Test func aConfigurationWithoutABookBuildsANewOne() throws {
        let result = try run("open shelf; new; where")
        #expect(result.stderr == "")
        #expect(result.stdout.contains("An empty page."))
        #expect(result.stdout.hasSuffix("Home › Shelf › New book\n"))
    }

    @Test func openedByPathTheBuilderGetsNoConfigurationAndSaysWhatToDo() throws {
        let result = try run("open book; where")
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot open 'book': the book editor needs to know which book; open 'shelf' and type 'edit N' or 'new'\n")
        #expect(result.stdout.hasSuffix("Home\n"))
    }

    @Test func theCallerRemovesThePickerItPresentedAndASecondRemovalFails() throws {
        let result = try run("open shelf; pick; where; choose 3; where")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        let breadcrumbs = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Home") }
        #expect(breadcrumbs == ["Home › Shelf › Picker (modal)", "Home › Shelf"])
        #expect(result.stdout.contains("Picked   Ulysses (second removal: cannot remove Picker: it is no longer on screen (it closed, was removed, or was replaced); check isOnScreen first)"))
        #expect(result.stdout.contains("Picker   closed"))
    }
}
