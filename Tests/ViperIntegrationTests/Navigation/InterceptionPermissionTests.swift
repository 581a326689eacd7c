import Foundation
import Testing
import ViperTestSupport

/// Interception is a permission. A drop-in's interceptor on a contract it does
/// not provide (fixture-gate guards the vault's `secrets` and `locked`) is off until the person
/// allows it, with `--allow-intercept NAME` or `"allowIntercept"` in config.json; `viper doctor`
/// lists it as a problem and exits 1; the bundled account plugin's interceptor works as before.
@Suite struct InterceptionPermissionTests {
    private func plugins() throws -> [String] {
        ["--plugins", try Fixtures.vault(), "--plugins", try Fixtures.gate("fixture-gate")]
    }

    @Test func aDropInInterceptorIsOffUntilAllowedAndTheRouteOpens() throws {
        let result = try ShellProcess().run(try plugins() + ["-c", "open locked"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Locked of fixture-vault"), "the gate did not refuse: \(result.stdout)")
        #expect(!result.stderr.contains("sign in first"))
    }

    @Test func doctorListsTheInterceptorThatIsOffAsAProblemWithTheFix() throws {
        let result = try ShellProcess().run(["doctor"] + (try plugins()))
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("problem: plugin 'fixture-gate' asks to intercept Contracts.NoteListing, which it does not provide, "
            + "so it could redirect or refuse every route there; its interceptor is off until you allow it: run viper with "
            + "--allow-intercept fixture-gate, or add \"allowIntercept\": [\"fixture-gate\"] to config.json"), "\(result.stdout)")
        #expect(result.stdout.contains("problem: plugin 'fixture-gate' asks to intercept Contracts.TodoListing"))
        #expect(!result.stdout.contains("interceptor: Contracts.TodoListing by plugin 'fixture-gate'"), "an interceptor that is off does not run")
    }

    @Test func theShellSaysAtStartUpWhichInterceptorIsOffAndHowToAllowIt() throws {
        let result = try ShellProcess().run(try plugins() + ["-c", "open locked"])
        let warnings = result.stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.contains("asks to intercept") }
        #expect(warnings.count == 2, "one line per contract: \(result.stderr)")
        #expect(warnings.first == "warning: plugin 'fixture-gate' asks to intercept Contracts.NoteListing, which it does not provide, "
            + "so it could redirect or refuse every route there; its interceptor is off until you allow it: run viper with "
            + "--allow-intercept fixture-gate, or add \"allowIntercept\": [\"fixture-gate\"] to config.json", "\(result.stderr)")
        #expect(warnings.last?.hasPrefix("warning: plugin 'fixture-gate' asks to intercept Contracts.TodoListing,") == true)
        let allowed = try ShellProcess().run(try plugins() + ["--allow-intercept", "fixture-gate", "-c", "open locked"])
        #expect(!allowed.stderr.contains("asks to intercept"), "\(allowed.stderr)")
    }

    @Test func allowedOnTheCommandLineTheInterceptorRuns() throws {
        let result = try ShellProcess().run(try plugins() + ["--allow-intercept", "fixture-gate", "-c", "open locked"])
        #expect(result.stderr.contains("cannot open 'locked': sign in first (fixture-gate) (plugin 'fixture-gate' refused it)"), "\(result.stderr)")
        let doctor = try ShellProcess().run(["doctor", "--allow-intercept", "fixture-gate"] + (try plugins()))
        #expect(doctor.status == 0, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("interceptor: Contracts.TodoListing by plugin 'fixture-gate'"))
    }

    @Test func allowedInConfigTheInterceptorRuns() throws {
        let viper = ViperProcess()
        try TemporaryFolder.write(Array(#"{"allowIntercept": ["fixture-gate"]}"#.utf8), to: "config.json", in: viper.dataFolder)
        let result = try viper.run(try plugins() + ["-c", "open secrets"])
        #expect(result.stdout.contains("Home › Sign in"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("Secrets"))
    }

    @Test func theBundledAccountPluginsInterceptorNeedsNoPermission() throws {
        let result = try ViperProcess().run(["doctor"])
        #expect(result.stdout.contains("interceptor: Contracts.NoteEditing by plugin 'account'"), "\(result.stdout)")
        #expect(!result.stdout.contains("asks to intercept"))
    }
}
