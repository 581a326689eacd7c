import Foundation
import Testing
import ViperTestSupport

/// The line a generated module's view throws for a command it does not handle, followed as it
/// says. The shell passes a module only the commands its `commands` lists (any other word gets the
/// shell's own `unknown command` line), so the line is met when the author lists a command and
/// forgets its case: the test does that in a package `viper new` wrote (blank, and `--example`),
/// types the command, adds the case the line asks for, builds again, and the command runs.
@Suite(.serialized, .tags(.slow)) struct TemplateHintFollowingTests {
    @Test(arguments: [[], ["--example"]])
    func aListedCommandWithoutACaseRunsOnceTheCaseIsAddedAsTheLineSays(options: [String]) throws {
        let folder = try TemporaryFolder.make("hint-template")
        #expect(try ViperProcess().run(["new", "Shelf", "--dir", folder] + options).status == 0)
        let package = folder + "/Shelf"
        let view = package + "/Sources/ShelfPlugin/Shelf/ShelfView.swift"
        let generated = try String(contentsOfFile: view, encoding: .utf8)
        let listed = "            CommandSpec(\"done\", help: \"Finish and close\"),\n"
        #expect(generated.contains(listed), "\(generated)")
        // The author lists a command and forgets its case.
        try generated.replacingOccurrences(of: listed, with: listed + "            CommandSpec(\"shelve\", help: \"Put it away\"),\n")
            .write(toFile: view, atomically: true, encoding: .utf8)
        let build = try Subprocess.tool(["swift", "build"], in: package)
        #expect(build.status == 0, "\(build.output)")

        let viper = ViperProcess()
        let refused = try viper.run(["--plugins", package + "/.build/debug/libShelfPlugin.so", "-c", "open shelf; shelve; where"])
        let line = try #require(Hint.line("'shelve' is in commands but perform(_:) has no case for it", in: refused.stderr), "\(refused.output)")
        #expect(line.hasSuffix("; add one to ShelfView.perform"), "\(line)")
        #expect(refused.stdout.hasSuffix("Home › Shelf\n"), "\(refused.output)")

        // One added to ShelfView.perform: `shelve` finishes, as `done` does.
        let edited = try String(contentsOfFile: view, encoding: .utf8)
        let done = "        case \"done\": presenter.didFinish()\n"
        #expect(edited.contains(done), "\(edited)")
        try edited.replacingOccurrences(of: done, with: done + "        case \"shelve\": presenter.didFinish()\n")
            .write(toFile: view, atomically: true, encoding: .utf8)
        let rebuilt = try Subprocess.tool(["swift", "build"], in: package)
        #expect(rebuilt.status == 0, "\(rebuilt.output)")
        let followed = try viper.run(["--plugins", package + "/.build/debug/libShelfPlugin.so", "-c", "open shelf; shelve; where"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.stderr.isEmpty, "\(followed.stderr)")
        #expect(followed.stdout.hasSuffix("Home\n"), "shelve closed the module: \(followed.output)")
    }
}
