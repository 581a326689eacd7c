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

    /// "no route matches" in a session given a folder with a file viper refused: the line says to
    /// type 'doctor', and the session's doctor names the file and its fix (a separate
    /// 'viper doctor' does not search that folder, so it would say ok).
    @Test func aMissingRoutesDoctorTypedInTheSessionNamesTheRefusedFile() throws {
        let folder = try TemporaryFolder.make("hint-missing-route")
        let broken = try TemporaryFolder.write(Array("not a plugin".utf8), to: "libBrokenPlugin.so", in: folder)
        let viper = ViperProcess()
        let refused = try viper.run(["--plugins", folder, "-c", "open pick"])
        let line = try #require(Hint.line("no route matches 'pick'", in: refused.stderr), "\(refused.output)")
        let typed = try #require(Hint.commands(in: line).last, "\(line)")
        #expect(typed == ["doctor"], "\(line)")
        let followed = try viper.run(["--plugins", folder, "-c", "open pick; " + typed.joined(separator: " ")])
        let problem = try #require(Hint.line("problem: " + broken + ": ", in: followed.stdout), "\(followed.output)")
        #expect(problem.hasSuffix("remove it from the plugin folder"), "\(problem)")
        #expect(try viper.run(["doctor"]).stdout.contains(broken) == false, "a separate viper doctor does not see the --plugins folder")
        // Its fix, done: the route's line no longer blames the file.
        try FileManager.default.removeItem(atPath: broken)
        let after = try viper.run(["--plugins", folder, "-c", "open pick"])
        #expect(!after.stderr.contains("viper refused"), "\(after.output)")
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

/// A plugin file added while the shell runs whose name is taken, followed as 'reload' says:
/// by a plugin the session loaded ("remove one of the two") or by a bundled one ("give this
/// plugin another name in its PluginManifest"); after the fix and another 'reload' the line is
/// gone and the routes are served.
@Suite(.tags(.slow)) struct ReloadNameHintFollowingTests {
    @Test(arguments: [("fixture-shelf", "; remove one of the two"), ("todo", "; give this plugin another name in its PluginManifest")])
    func aPluginAddedUnderATakenNameIsFixedAsTheReloadLineSays(name: String, hint: String) throws {
        let folder = try TemporaryFolder.make("hint-reload-name")
        try FileManager.default.copyItem(atPath: try Fixtures.route("shelf", plugin: "fixture-shelf", module: "HintShelfPlugin"),
                                         toPath: folder + "/libHintShelfPlugin.so")
        let viper = try RunningViper(arguments: ["--plugins", folder], environment: ViperProcess().environment)
        defer { viper.close() }
        viper.send("where")
        try viper.waitFor("Home\n")
        let added = folder + "/libHintCupboardPlugin.so"
        try FileManager.default.copyItem(atPath: try Fixtures.route("cupboard", plugin: name, module: "HintCupboard_" + name.replacingOccurrences(of: "-", with: "_")),
                                         toPath: added)
        viper.send("reload")
        let said = { viper.printed + viper.standardError }
        #expect(viper.wait { said().contains(hint) }, "\(said())")
        let line = try #require(Hint.line(hint, in: said()), "\(said())")
        #expect(line.contains(added), "the line names the file added: \(line)")
        if hint.contains("remove one of the two") {
            try FileManager.default.removeItem(atPath: added)
        } else {
            try FileManager.default.removeItem(atPath: added)
            try FileManager.default.copyItem(atPath: try Fixtures.route("cupboard", plugin: "fixture-cupboard", module: "HintCupboardRenamed"), toPath: added)
        }
        viper.send("reload")
        viper.send("open " + (hint.contains("remove") ? "shelf" : "cupboard"))
        let served = hint.contains("remove") ? "declared route of fixture-shelf" : "declared route of fixture-cupboard"
        #expect(viper.wait { said().contains(served) }, "\(said())")
        viper.send("doctor")
        _ = try viper.finish()
        let after = try #require(said().components(separatedBy: served).last)
        #expect(!after.contains(hint), "the line is gone after the fix: \(said())")
        #expect(said().components(separatedBy: hint).count == 2, "said once, before the fix: \(said())")
    }

    /// The route of a disabled plugin (fixture-consumer, given with --plugins, lacks a Greeting
    /// provider): "type 'doctor' for every problem", typed in the same session, names the plugin
    /// and its fix (a separate `viper doctor` would not see a --plugins folder); the provider
    /// installed as doctor says, the route reaches the plugin.
    @Test func aDisabledPluginsRouteOpensOnceTheProblemTheSessionsDoctorNamesIsFixed() throws {
        let folder = try TemporaryFolder.make("hint-disabled-route")
        try FileManager.default.copyItem(atPath: try Fixtures.consumer(), toPath: folder + "/libConsumerPlugin.so")
        let viper = ViperProcess()
        let refused = try viper.run(["--plugins", folder, "-c", "open greeting"])
        let line = try #require(Hint.line("error: cannot open 'greeting': plugin 'fixture-consumer' is disabled: ", in: refused.stderr), "\(refused.output)")
        let typed = try #require(Hint.commands(in: line).last, "\(line)")
        #expect(typed == ["doctor"] && line.hasSuffix("; type 'doctor' for every problem"), "\(line)")
        let doctor = try viper.run(["--plugins", folder, "-c", "open greeting; " + typed.joined(separator: " ")])
        let problem = try #require(Hint.line("plugin 'fixture-consumer' is disabled", in: doctor.stdout), "\(doctor.output)")
        #expect(problem.hasSuffix("requires FixtureContracts.Greeting, which no plugin provides; install a plugin that provides it"), "\(problem)")
        // A plugin that provides it, installed where the consumer is.
        try FileManager.default.copyItem(atPath: try Fixtures.english(), toPath: folder + "/libEnglishGreetingPlugin.so")
        // The route now reaches the plugin's own builder (the fixture's never builds), and doctor is ok.
        let followed = try viper.run(["--plugins", folder, "-c", "open greeting; doctor"])
        #expect(!followed.output.contains("is disabled"), "\(followed.output)")
        #expect(followed.stderr.contains("error: cannot open 'greeting': the fixture module is never opened"), "\(followed.output)")
        #expect(followed.stdout.contains("ok: "), "\(followed.output)")
    }
}
