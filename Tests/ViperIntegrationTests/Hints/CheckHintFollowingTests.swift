import Foundation
import Testing
import ViperTestSupport

/// `viper check`'s lines about the plugins already installed, followed as an author would: a
/// name another plugin has ("give this plugin another name in its manifest") and a route another
/// plugin declares ("choose another route"); and doctor's for a route one plugin declares twice. Each rebuild changes only what the line names, and
/// the check then passes.
@Suite(.tags(.slow)) struct CheckHintFollowingTests {
    @Test func aPluginNamedLikeAnInstalledOnePassesTheCheckOnceRenamedAsTheLineSays() throws {
        let viper = ViperProcess()
        // The other plugin is given with --plugins: check meets the bundled plugins and those.
        let installed = try #require(try viper.installInUserFolder([try Fixtures.good()]).first)
        // The author's own build of a plugin that happens to have the installed one's name.
        let build = try TemporaryFolder.make("hint-check-name") + "/libGoodPlugin.so"
        try FileManager.default.copyItem(atPath: try LoaderHintFollowingTests.good(named: "fixture-good"), toPath: build)
        let refused = try viper.run(["check", "--plugins", installed, build])
        #expect(refused.status != 0, "\(refused.output)")
        let line = try #require(Hint.line("is already named 'fixture-good'", in: refused.output), "\(refused.output)")
        #expect(line.contains(installed) && line.hasSuffix("give this plugin another name in its manifest"), "\(line)")
        try FileManager.default.removeItem(atPath: build)
        try FileManager.default.copyItem(atPath: try LoaderHintFollowingTests.good(named: "fixture-renamed"), toPath: build)
        let followed = try viper.run(["check", "--plugins", installed, build])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("is already named"), "\(followed.output)")
    }

    /// An author checks a new build while an older copy is installed: the check judges the build,
    /// and says the shell loads the installed copy and how to install this one. Followed, the
    /// shell loads the new version and the note is gone.
    @Test func aBuildCheckedBesideAnOlderInstalledCopyIsInstalledByTheCopyTheNoteGives() throws {
        let viper = ViperProcess()
        let older = try FixtureCompiler.swiftPlugin(named: "GoodPlugin", source: try Fixtures.source("GoodPlugin.swift"))
        let installed = try #require(try viper.installInUserFolder([older]).first)
        let newer = try FixtureCompiler.swiftPlugin(
            named: "GoodPlugin", source: try Fixtures.source("GoodPlugin.swift").replacingOccurrences(of: "version: \"1.2.3\"", with: "version: \"1.2.4\""))
        let build = try TemporaryFolder.make("hint-check-installed") + "/libGoodPlugin.so"
        try FileManager.default.copyItem(atPath: newer, toPath: build)

        let checked = try viper.run(["check", build])
        #expect(checked.status == 0, "\(checked.output)")
        let note = try #require(Hint.line("installed: the shell loads \(installed) (user folder), not the file checked here", in: checked.output), "\(checked.output)")
        let command = try #require(note.range(of: "copy it over the installed one: ").map { String(note[$0.upperBound...]) })
        #expect(command == "cp --remove-destination \(build) \(viper.userPluginFolder)/", "\(note)")
        #expect(try viper.run(["plugins"]).stdout.contains("1.2.3"), "before: the installed copy is the older one")

        let copied = try FixtureCompiler.run(["sh", "-c", command])
        #expect(copied.status == 0, "\(copied.output)")
        let again = try viper.run(["check", build])
        #expect(!again.output.contains("installed: the shell loads"), "\(again.output)")
        let listed = try viper.run(["plugins"])
        #expect(listed.stdout.contains("1.2.4") && !listed.stdout.contains("1.2.3"), "the shell loads the build now:\n\(listed.output)")
    }

    @Test func aRouteABundledPluginDeclaresPassesTheCheckOnceAnotherIsChosenAsTheLineSays() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["check", try Fixtures.route("notes", plugin: "fixture-jottings", module: "HintJottingsPlugin")])
        #expect(refused.status != 0, "\(refused.output)")
        let line = try #require(Hint.line("route 'notes' is already declared by bundled plugin 'notes'", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("the host gives it to only one of them; choose another route"), "\(line)")
        let followed = try viper.run(["check", try Fixtures.route("jottings", plugin: "fixture-jottings", module: "HintJottingsPlugin")])
        // The fixture fails one other check on purpose (its own-name route logs without declaring
        // the Logger); the route check is the one the line was about.
        #expect(followed.output.contains("pass  [DeclaredScreen] route: 'jottings'"), "\(followed.output)")
        #expect(!followed.output.contains("is already declared"), "\(followed.output)")
        // And the shell gives it the route.
        let opened = try viper.run(["--plugins", try Fixtures.route("jottings", plugin: "fixture-jottings", module: "HintJottingsPlugin"),
                                    "-c", "open jottings"])
        #expect(opened.status == 0 && opened.stdout.contains("declared route of fixture-jottings"), "\(opened.output)")
    }

    /// doctor's line for one plugin that declares a route for two of its modules: rebuilt with a
    /// route of its own for each, both open.
    @Test func aRouteDeclaredForTwoModulesOfOnePluginIsGivenToEachAsTheLineSays() throws {
        let viper = ViperProcess()
        // The fixture's second module has the route named after the plugin: declared for the first too.
        let twice = try Fixtures.route("fixture-twice", plugin: "fixture-twice", module: "HintTwicePlugin")
        let refused = try viper.run(["doctor", "--plugins", twice])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("declares route 'fixture-twice' for ", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("give each module its own route"), "\(line)")
        let own = try Fixtures.route("twice-declared", plugin: "fixture-twice", module: "HintTwicePlugin")
        let followed = try viper.run(["doctor", "--plugins", own])
        #expect(followed.status == 0, "\(followed.output)")
        let opened = try viper.run(["--plugins", own, "-c", "open twice-declared; home; open fixture-twice"])
        #expect(opened.stdout.contains("declared route of fixture-twice") && opened.stdout.contains("own route of fixture-twice"), "\(opened.output)")
    }

    /// A package folder given to `viper check` in place of its build: the line names the plugin
    /// in its `.build/debug`, and the quoted check, run as quoted, checks it.
    @Test func aFolderGivenToCheckIsFollowedToTheBuiltPluginTheLineNames() throws {
        let package = try TemporaryFolder.make("hint-check-folder")
        try FileManager.default.createDirectory(atPath: package + "/.build/debug", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: package + "/.build/debug/libGoodPlugin.so")
        let viper = ViperProcess()
        let refused = try viper.run(["check", package])
        #expect(refused.status == 64, "\(refused.output)")
        let line = try #require(Hint.line("is a folder, not a plugin; give the path of a built plugin (lib<Name>.so), e.g. 'viper check ", in: refused.stderr),
                                "\(refused.output)")
        let check = try Hint.command("viper", in: line)
        #expect(check == ["viper", "check", package + "/.build/debug/libGoodPlugin.so"], "\(line)")
        let followed = try Hint.run(check, with: viper)
        #expect(followed.stdout.contains("pass  [plugin] loads"), "\(followed.output)")
        #expect(followed.stdout.contains("checks: "), "\(followed.output)")
    }

    /// The Hopper fixture built from `source`, at `path` in place of what was there.
    private func placeHopper(built source: String, at path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try FixtureCompiler.swiftPlugin(named: "HopperPlugin", source: source), toPath: path)
    }

    /// A plugin whose register(in:) registers nothing: judged isolated, "declared no module ...;
    /// register a module" (and in its own process, "register a module, a service or an adapter").
    /// Its module registered, as both lines say, both checks pass.
    @Test func aPluginThatRegistersNothingPassesOnceItRegistersAModuleAsTheLinesSay() throws {
        let source = try Fixtures.source("Isolation/HopperPlugin.swift")
        let registration = "        registrar.registerModule(\n"
        #expect(source.contains(registration), "the fixture's registration moved")
        let empty = source.replacingOccurrences(of: registration, with: "        _ = registrar\n        if false { registrar.registerModule(\n")
            .replacingOccurrences(of: "builder: HopperBuilder())\n", with: "builder: HopperBuilder()) }\n")
        let build = try TemporaryFolder.make("hint-check-empty") + "/libHopperPlugin.so"
        try placeHopper(built: empty, at: build)
        let viper = ViperProcess()
        let refused = try viper.run(["check", build])
        #expect(refused.status == 1, "\(refused.output)")
        let declares = try #require(Hint.line("fail  [plugin] declares: ", in: refused.stdout), "\(refused.output)")
        #expect(declares.hasSuffix("its isolated process declared no module: register(in:) registered nothing; register a module"), "\(declares)")
        let registers = try #require(Hint.line("fail  [plugin] registers: ", in: refused.stdout), "\(refused.output)")
        #expect(registers.hasSuffix("register(in:) registered nothing; register a module, a service or an adapter"), "\(registers)")
        // Rebuilt with its module registered.
        try placeHopper(built: source, at: build)
        let followed = try viper.run(["check", build])
        #expect(followed.stdout.contains("pass  [plugin] declares: 1 module(s): HopperInput"), "\(followed.output)")
        #expect(followed.stdout.contains("pass  [plugin] registers"), "\(followed.output)")
        #expect(!followed.stdout.contains("registered nothing"), "\(followed.output)")
    }

    /// A plugin that registers one more module when it runs isolated (it looks for viper's
    /// `__isolated` argument): "a plugin that registers differently when it is checked cannot be
    /// judged; register the same modules wherever it runs". Rebuilt without the difference, the
    /// check finds the same modules both ways.
    @Test func aPluginThatRegistersDifferentlyIsolatedIsJudgedOnceItRegistersTheSameAsTheLineSays() throws {
        let source = try Fixtures.source("Isolation/HopperPlugin.swift")
        let anchor = "            requires: [.module(TodoAdding.self)], builder: HopperBuilder())\n"
        #expect(source.contains(anchor), "the fixture's registration moved")
        let twoFaced = source.replacingOccurrences(
            of: anchor,
            with: anchor + "        if CommandLine.arguments.contains(\"__isolated\") {\n"
                + "            registrar.registerModule(HopperInput.self, name: \"shadow\", requires: [], builder: HopperBuilder())\n        }\n")
        let build = try TemporaryFolder.make("hint-check-two-faced") + "/libHopperPlugin.so"
        try placeHopper(built: twoFaced, at: build)
        let viper = ViperProcess()
        let refused = try viper.run(["check", build])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("fail  [plugin] same-modules: ", in: refused.stdout), "\(refused.output)")
        #expect(line.hasSuffix("cannot be judged; register the same modules wherever it runs"), "\(line)")
        // Rebuilt registering the same modules wherever it runs.
        try placeHopper(built: source, at: build)
        let followed = try viper.run(["check", build])
        #expect(!followed.stdout.contains("same-modules"), "\(followed.output)")
        #expect(followed.stdout.contains("pass  [plugin] declares: 1 module(s): HopperInput"), "\(followed.output)")
    }
}
