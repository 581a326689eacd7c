import Foundation
import Testing
import ViperTestSupport

/// The shell's own lines, followed as a person at the prompt would: a word that is no command
/// ("type 'help' for the commands"), and a route whose plugin file was removed while the session
/// ran ("put its file back and type 'reload'").
@Suite(.tags(.slow)) struct ShellHintFollowingTests {
    @Test func anUnknownWordIsReplacedByACommandTheHelpTheHintNamesLists() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["-c", "frobnicate"])
        let line = try #require(Hint.line("unknown command 'frobnicate'", in: refused.output), "\(refused.output)")
        let typed = try #require(Hint.commands(in: line).last, "\(line)")
        #expect(typed == ["help"], "\(line)")
        let help = try viper.run(["-c", typed.joined(separator: " ")])
        #expect(help.status == 0 && help.stderr.isEmpty, "\(help.output)")
        // The listing names the shell's commands with what each does: 'where' is one.
        let listed = try #require(Hint.line("  where ", in: help.stdout), "\(help.stdout)")
        #expect(listed.contains("Show where you are"), "\(listed)")
        let followed = try viper.run(["-c", "where"])
        #expect(followed.status == 0 && followed.stderr.isEmpty && followed.stdout == "Home\n", "\(followed.output)")
    }

    @Test func aRouteWhosePluginWasRemovedOpensOnceItsFileIsPutBackAndReloadedAsTheHintSays() throws {
        let folder = try TemporaryFolder.make("hint-removed")
        let built = try Fixtures.route("shelf", plugin: "fixture-shelf", module: "HintShelfPlugin")
        let path = folder + "/libHintShelfPlugin.so"
        try FileManager.default.copyItem(atPath: built, toPath: path)
        let viper = try RunningViper(arguments: ["--plugins", folder], environment: ViperProcess().environment)
        defer { viper.close() }
        viper.send("open shelf")
        try viper.waitFor("declared route of fixture-shelf")
        viper.send("home")
        try FileManager.default.removeItem(atPath: path)
        viper.send("reload")
        viper.send("open shelf")
        #expect(viper.wait { viper.standardError.contains("was removed while viper ran") }, "\(viper.printed)\n\(viper.standardError)")
        let line = try #require(Hint.line("was removed while viper ran", in: viper.standardError), "\(viper.standardError)")
        #expect(line.hasSuffix("put its file back and type 'reload'"), "\(line)")
        let reload = try #require(Hint.commands(in: line).last)
        // Put back where it was, then 'reload' typed at the prompt, then the route again.
        try FileManager.default.copyItem(atPath: built, toPath: path)
        let before = viper.printed.components(separatedBy: "declared route of fixture-shelf").count
        viper.send(reload.joined(separator: " "))
        viper.send("open shelf")
        #expect(viper.wait { viper.printed.components(separatedBy: "declared route of fixture-shelf").count > before },
                "\(viper.printed)\n\(viper.standardError)")
        // The session ends with status 1: a line of it failed (the refusal that gave the hint).
        let (_, errors) = try viper.finish()
        #expect(errors.components(separatedBy: "was removed while viper ran").count == 2, "only the one refusal before the hint was followed: \(errors)")
    }
}
