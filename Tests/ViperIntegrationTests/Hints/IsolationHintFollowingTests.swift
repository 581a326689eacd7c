import Foundation
import Testing
import ViperTestSupport

/// What an isolated plugin's module cannot do across its box, followed as the line says: the
/// hopper fixture (`Tests/Fixtures/Isolation/HopperPlugin.swift`, module-only, so isolated by
/// default in the user plugin folder) routes to the bundled to-do plugin's adder, passing it a
/// name (`add NAME`) or keeping a handle to it (`hold`). Isolated, each is refused with a line that
/// quotes `viper plugins --trust hopper`; run as quoted, the same command routes.
@Suite(.tags(.slow)) struct IsolationHintFollowingTests {
    private func hopper(_ viper: ViperProcess) throws {
        let library = try Fixtures.swift("Isolation/HopperPlugin.swift", module: "HopperPlugin")
        try viper.installInUserFolder([library])
    }

    /// The line that refused `command`, after checking that the plugin ran isolated, with the
    /// same fix in its `mode:` line as in the refusal.
    private func refusal(_ viper: ViperProcess, _ command: String, _ hint: String) throws -> String {
        let listed = try viper.run(["plugins"]).stdout
        let mode = try #require(Hint.line("  mode:      isolated by default: not trusted (", in: listed), "the fixture runs isolated: \(listed)")
        #expect(try Hint.command("viper", in: mode) == ["viper", "plugins", "--trust", "hopper"], "\(mode)")
        let refused = try viper.run(["-c", "open hopper; \(command); where"])
        #expect(refused.stdout.hasSuffix("Home › Hopper\n"), "the route left the stack as it was: \(refused.output)")
        return try #require(Hint.line(hint, in: refused.output), "\(refused.output)")
    }

    /// The `viper plugins --trust hopper` the line quotes, run as quoted.
    private func follow(_ line: String, _ viper: ViperProcess) throws {
        let trust = try Hint.command("viper", in: line)
        #expect(trust == ["viper", "plugins", "--trust", "hopper"], "\(line)")
        #expect(try Hint.run(trust, with: viper).status == 0)
        #expect(try viper.run(["plugins"]).stdout.contains("in process (trusted by you"), "the fixture runs in viper's process")
    }

    @Test func inputForAnotherPluginsModuleIsPassedOnceThePluginIsTrustedAsTheLineSays() throws {
        let viper = ViperProcess()
        try hopper(viper)
        let line = try refusal(viper, "add milk", "an isolated plugin passes input only to its own modules; TodoAdding belongs to another plugin")
        try follow(line, viper)
        let followed = try viper.run(["-c", "open hopper; add milk; where"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.stdout.contains("  Name   milk\n"), "the adder shows the name the hopper passed: \(followed.output)")
        #expect(followed.stdout.hasSuffix("Home › Hopper › Add item\n"), "the adder is on the stack: \(followed.output)")
    }

    @Test func aHandleToARoutedModuleIsKeptOnceThePluginIsTrustedAsTheLineSays() throws {
        let viper = ViperProcess()
        try hopper(viper)
        let line = try refusal(viper, "hold", "an isolated plugin cannot keep a handle to a module it routes yet")
        try follow(line, viper)
        let followed = try viper.run(["-c", "open hopper; hold; back; where"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.stdout.contains("holding the adder (on screen: false)"), "the hopper kept its handle: \(followed.output)")
    }

    /// A service provider the person named in "isolate": refused, as it cannot run isolated, with
    /// "run it in process (viper plugins --no-isolate NAME takes it out of "isolate" ...; or drop
    /// --isolate NAME)". Each fix followed: the command run as written, or the flag dropped.
    @Test(arguments: ["config", "flag"])
    func aServiceProviderNamedToRunIsolatedLoadsOnceTakenOutAsTheLineSays(named: String) throws {
        let good = try Fixtures.good()
        let viper = ViperProcess()
        if named == "config" {
            try Data(#"{"isolate": ["fixture-good"]}"#.utf8).write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        }
        let flag = named == "flag" ? ["--isolate", "fixture-good"] : []
        let refused = try viper.run(["--plugins", good] + flag + ["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("provides service GoodPlugin.GoodMarker to other plugins, which an isolated plugin cannot do yet; run it in process (",
                                          in: refused.output), "\(refused.output)")
        if named == "config" {
            // "(viper plugins --no-isolate fixture-good takes it out of ...)": that command, run as written.
            let written = try #require(line.components(separatedBy: "run it in process (").last?.components(separatedBy: " takes it out").first)
            let command = written.split(separator: " ").map(String.init)
            #expect(command == ["viper", "plugins", "--no-isolate", "fixture-good"], "\(line)")
            #expect(try Hint.run(command, with: viper).status == 0)
        } else {
            #expect(line.hasSuffix("; or drop --isolate fixture-good)"), "\(line)")
        }
        let followed = try viper.run(["--plugins", good, "doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["--plugins", good, "plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }
}
