import ConformanceKit
import Testing
import ViperCore

/// The conformance kit (which knows only Contracts) keeps its own list of the shell's command
/// names; a module command with one of them is never passed to the module. The kit's list and
/// the shell's (``BuiltinCommand/isReserved``) must name the same commands.
@Suite struct ShellCommandNamesTests {
    @Test func theStubDeclaresEveryBuiltInCommand() {
        #expect(ShellNamedCommandsStub.names.sorted() == BuiltinCommand.allCases.map(\.rawValue).sorted())
    }

    @Test func theKitFailsExactlyTheCommandsTheShellKeepsForItself() throws {
        let report = try Conformance.check(ShellNamedCommandsStub.self)
        let reason = report.result("commands", subject: "ShellNamedCommandsInput")?.reason ?? ""
        let named = ShellNamedCommandsStub.names.filter { reason.contains("command '\($0)' is the shell's own") }
        #expect(named == BuiltinCommand.allCases.filter(\.isReserved).map(\.rawValue), "\(reason)")
        #expect(reason.contains("the shell runs its own and never passes 'back' to the module, so the module's command is silently hidden; rename it"),
                "\(reason)")
    }
}
