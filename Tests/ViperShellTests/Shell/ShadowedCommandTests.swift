import Contracts
import Testing
import ViperCoreTestSupport
@testable import ViperRuntime
@testable import ViperShell

/// A module command with a reserved built-in's name can never run; the shell says so once,
/// under the screen that offered it, instead of leaving it silently missing.
@Suite struct ShadowedCommandTests {
    private func shellWithABackCommand() -> FakeShell {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in
            view.commands = [CommandSpec("back", help: "The module's own back"), CommandSpec("pick", arguments: ["N"], help: "Pick item N")]
        }
        return fake
    }

    @Test func aModuleCommandNamedBackIsSaidOnceUnderTheScreen() throws {
        let fake = shellWithABackCommand()
        fake.run("open list")
        let warning = try #require(fake.output.warnings.first)
        #expect(fake.output.warnings.count == 1)
        #expect(warning.hasSuffix("offers a command 'back', but 'back' is the shell's own, so the plugin's command never runs; "
            + "its author should rename it ('viper check' names it)"), "\(warning)")
        fake.run("back")
        fake.run("open list")
        #expect(fake.output.warnings.count == 1, "said once a session, not on every screen")
    }

    @Test func theShellsBackStillRunsAndTheModulesOtherCommandsAreOffered() {
        let fake = shellWithABackCommand()
        fake.run("open list")
        #expect(fake.shell.availableCommands.map(\.name).contains("pick"))
        #expect(fake.run("back") == .succeeded)
        #expect(fake.app.stack.breadcrumb.isEmpty)
    }
}
