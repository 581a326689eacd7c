import ConformanceKit
import Testing
@testable import ViperCheck

/// The reason the header of `viper check` gives for judging checks in the plugin's own process:
/// the isolated process loads no contract library, so its refusal of a plugin that links one is
/// replaced by the true reason whenever the check's child loaded the library.
@Suite struct CheckIsolationNoteTests {
    private let libraryRefusal =
        "refused: it needs the contract library Shelf (libShelf.so), which is not installed in any plugin folder; install libShelf.so beside the plugin"
    private let copy = CheckResult(
        check: "library-copy", subject: "plugin", passed: true, reason: "Shelf 1.0 from /u/plugins/libShelf.so (installed: the copy viper loads)")

    @Test func aPluginThatUsesAnotherPluginsServiceIsToldThatAndNotThatItsLibraryIsMissing() {
        let note = CheckWire.refusalNote(libraryRefusal, obstacle: "uses service Shelf.Log of another plugin", checks: [copy])
        #expect(note == "it uses service Shelf.Log of another plugin, which an isolated plugin cannot do")
    }

    @Test func aPluginWithModulesOnlyIsToldItsLibraryIsNotBesideItNamingTheCopyTheChecksUsed() {
        let note = CheckWire.refusalNote(libraryRefusal, obstacle: nil, checks: [copy])
        #expect(note.hasPrefix("its contract library is not beside it, where an isolated plugin's process looks for it"), "\(note)")
        #expect(note.hasSuffix("; the checks below used Shelf 1.0 from /u/plugins/libShelf.so"), "\(note)")
        #expect(!note.contains("not installed"), "\(note)")
    }

    @Test func aLibraryFoundNowhereKeepsTheRefusalThatNamesIt() {
        #expect(CheckWire.refusalNote(libraryRefusal, obstacle: nil, checks: []) == libraryRefusal)
    }

    @Test func theIsolatedProcesssOwnRefusalOfAServiceProviderIsSaidAsTheShellSaysIt() {
        let refusal = "plugin 'shelf' provides service Shelf.Log to other plugins, which an isolated plugin cannot do yet"
        #expect(
            CheckWire.refusalNote(refusal, obstacle: "provides service Shelf.Log to other plugins", checks: [copy])
                == "it provides service Shelf.Log to other plugins, which an isolated plugin cannot do")
    }

    @Test func anotherRefusalWithNoObstacleKnownIsKept() {
        let refusal = "its process stopped before it loaded"
        #expect(CheckWire.refusalNote(refusal, obstacle: nil, checks: [copy]) == refusal)
    }
}
