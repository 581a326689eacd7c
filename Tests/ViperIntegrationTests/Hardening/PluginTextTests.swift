import Foundation
import Testing
import ViperTestSupport

/// Strings from plugins reach the terminal only through the shell's one escaping
/// (`PrintableText`): a right-to-left override (U+202E) is shown as `\u{202E}`, an escape
/// sequence loses its ESC. Fixtures: `Tests/Fixtures/Text/HostileTextPlugin.swift` (a module
/// title, and a plugin name, with both) and `last_words.c` (a crash whose last words hold both).
@Suite struct PluginTextTests {
    private static let override = "\u{202E}"
    private static let escape = "\u{1B}"

    private static func source(_ file: String) throws -> String {
        try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Text/" + file, encoding: .utf8)
    }

    /// The plugin with the hostile title, named `fixture-hostile-text`.
    private func hostile() throws -> String {
        let source = try Self.source("HostileTextPlugin.swift").replacingOccurrences(of: "__NAME__", with: "fixture-hostile-text")
        return try FixtureCompiler.swiftPlugin(named: "HostileTextPlugin", source: source)
    }

    /// The same plugin with a hostile name (which viper refuses as invalid, quoting it).
    private func hostileName() throws -> String {
        let source = try Self.source("HostileTextPlugin.swift")
            .replacingOccurrences(of: "__NAME__", with: #"fixture-\u{202E}txet\u{1B}[31m"#)
        return try FixtureCompiler.swiftPlugin(named: "HostileNamePlugin", source: source)
    }

    /// A folder holding only the crashing plugin.
    private func lastWords() throws -> String {
        let folder = try TemporaryFolder.make("last-words")
        let library = try FixtureCompiler.cPlugin(named: "last_words", source: try Self.source("last_words.c"))
        try FileManager.default.copyItem(atPath: library, toPath: folder + "/liblast_words.so")
        return folder
    }

    private func expectEscaped(_ text: String, _ comment: Comment? = nil) {
        #expect(!text.contains(Self.override), comment ?? "\(text)")
        #expect(!text.contains(Self.escape), comment ?? "\(text)")
    }

    @Test func whereShowsAModuleTitleWithItsOverrideEscapedAndNoEscapeSequence() throws {
        let result = try ViperProcess().run(["--plugins", try hostile()], input: "open hostile-text\nwhere\nquit\n")
        #expect(result.stdout.contains("hostile text module"), "\(result.stdout)\(result.stderr)")
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("Home › ") }
        #expect(line == "Home › Inbox\\u{202E}txet[31m red", "\(result.stdout)")
        expectEscaped(result.stdout)
        expectEscaped(result.stderr)
    }

    @Test func checkQuotesAnInvalidPluginNameWithItsOverrideEscaped() throws {
        let result = try ViperProcess().run(["check", try hostileName()])
        #expect(result.stdout.contains("its manifest name 'fixture-\\u{202E}txet[31m' is not valid"), "\(result.stdout)")
        expectEscaped(result.stdout)
        expectEscaped(result.stderr)
    }

    @Test func checkJSONWritesTheOverrideAsAJSONEscape() throws {
        let result = try ViperProcess().run(["check", "--json", try hostileName()])
        #expect(result.stdout.contains(#"its manifest name 'fixture-\u202etxet\u001b[31m' is not valid"#), "\(result.stdout)")
        expectEscaped(result.stdout)
    }

    @Test func checkQuotesACrashsLastWordsEscaped() throws {
        let result = try ViperProcess().run(["check", try lastWords() + "/liblast_words.so"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("after printing 'fine\\u{202E}sdrow?[31m red'"), "\(result.stdout)")
        expectEscaped(result.stdout)
        expectEscaped(result.stderr)
    }

    @Test func theScannerQuotesACrashsLastWordsEscaped() throws {
        let result = try ViperProcess().run(["plugins", "--plugins", try lastWords()])
        #expect(result.stdout.contains("after printing 'fine\\u{202E}sdrow?[31m red'"), "\(result.stdout)")
        expectEscaped(result.stdout)
        expectEscaped(result.stderr)
    }

    @Test func pluginsAndDoctorQuoteAnInvalidPluginNameWithItsOverrideEscaped() throws {
        for command in ["plugins", "doctor"] {
            let result = try ViperProcess().run([command, "--plugins", try hostileName()])
            #expect(result.stdout.contains("fixture-\\u{202E}txet[31m"), "\(command): \(result.stdout)")
            expectEscaped(result.stdout, "\(command): \(result.stdout)")
            expectEscaped(result.stderr, "\(command): \(result.stderr)")
        }
    }

    @Test func pluginsAndDoctorJSONWriteTheOverrideAsAJSONEscape() throws {
        for command in ["plugins", "doctor"] {
            let result = try ViperProcess().run([command, "--json", "--plugins", try hostileName()])
            #expect(result.stdout.contains(#"its manifest name 'fixture-\u202etxet\u001b[31m' is not valid"#), "\(command): \(result.stdout)")
            expectEscaped(result.stdout, "\(command): \(result.stdout)")
        }
    }
}
