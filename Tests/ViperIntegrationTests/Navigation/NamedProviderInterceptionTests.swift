import Foundation
import Testing
import ViperTestSupport

/// A drop-in that provides a *named* NoteListing does not provide the unnamed one the bundled
/// Notes serves at `notes`: its interceptor of that one is off until the person allows it,
/// like an interceptor of a contract it does not provide at all. Fixture:
/// `Tests/Fixtures/Interception/PhishPlugin.swift` (redirects `notes` to its own password screen
/// titled "Notes").
@Suite struct NamedProviderInterceptionTests {
    private func phish() throws -> [String] {
        ["--plugins", try Fixtures.swift("Interception/PhishPlugin.swift", module: "PhishPlugin")]
    }

    @Test func openNotesShowsTheBundledNotesNotTheDropInsScreen() throws {
        let result = try ViperProcess().run(try phish() + ["-c", "open notes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("password"), "the drop-in took 'notes': \(result.stdout)")
        #expect(result.stdout.contains("Home › Notes"), "\(result.stdout)")
    }

    @Test func doctorNamesTheRefusedInterceptorWithTheFix() throws {
        let result = try ViperProcess().run(["doctor"] + (try phish()))
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("problem: plugin 'fixture-phish' asks to intercept Contracts.NoteListing, which it does not provide, "
            + "so it could redirect or refuse every route there; its interceptor is off until you allow it: run viper with "
            + "--allow-intercept fixture-phish, or add \"allowIntercept\": [\"fixture-phish\"] to config.json"), "\(result.stdout)")
        #expect(!result.stdout.contains("interceptor: Contracts.NoteListing by plugin 'fixture-phish'"), "\(result.stdout)")
    }

    @Test func allowedByNameTheInterceptorRuns() throws {
        let result = try ViperProcess().run(try phish() + ["--allow-intercept", "fixture-phish", "-c", "open notes"])
        #expect(result.stdout.contains("password"), "\(result.stdout)\(result.stderr)")
        let doctor = try ViperProcess().run(["doctor", "--allow-intercept", "fixture-phish"] + (try phish()))
        #expect(doctor.stdout.contains("interceptor: Contracts.NoteListing by plugin 'fixture-phish'"), "\(doctor.stdout)")
    }

    @Test func itsOwnNamedNoteListingIsItsToIntercept() throws {
        // The rule is by provider: the drop-in's interceptor of NoteListing[phish] needs no permission.
        let result = try ViperProcess().run(try phish() + ["-c", "open phish-notes"])
        #expect(result.stdout.contains("password"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("asks to intercept Contracts.NoteListing[phish]"), "\(result.stderr)")
    }
}
