import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// A second, independently written NoteEditing provider (Examples/MarkdownEditor,
/// built here with plain swiftc as an out-of-tree plugin) passes the same suite,
/// and the user's choice of provider decides which editor the unchanged Notes list opens.
@Suite(.tags(.slow)) struct SubstitutabilityTests {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: String?

    /// libMarkdownEditorPlugin.so, compiled once per run from the example's sources.
    private func markdownEditor() throws -> String {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        if let built = Self.built { return built }
        // Both targets (the feature and the entry) as one module: the entry's import of the feature
        // is then only a warning, and `package` access needs the package's name.
        let sources = BuildProducts.repository + "/Examples/MarkdownEditor/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }.sorted()
        let folder = try TemporaryFolder.make("markdown")
        let output = folder + "/libMarkdownEditorPlugin.so"
        let result = try FixtureCompiler.run(
            ["swiftc", "-emit-library", "-parse-as-library", "-module-name", "MarkdownEditorPlugin", "-package-name", "MarkdownEditor",
             "-I", BuildProducts.modules, "-L", BuildProducts.directory, "-lContracts",
             "-Xlinker", "-rpath", "-Xlinker", BuildProducts.directory, "-o", output] + files.map { sources + "/" + $0 })
        guard result.status == 0 else { throw GeneratedCounter.Failure(description: "building the Markdown editor failed:\n\(result.output)") }
        Self.built = output
        return output
    }

    private let session = "open notes; new Trip; signup ada secret; line # Pack; line - socks; save"

    @Test func theMarkdownEditorPassesTheSameNoteEditingSuite() throws {
        let result = try ViperProcess().run(["check", try markdownEditor()])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("pass  [NoteEditing] shows-configured-note\n"))
        #expect(result.stdout.contains("pass  [NoteEditing] save-reports-to-output\n"))
    }

    @Test func preferringItMakesTheUnchangedNotesListOpenIt() throws {
        let result = try ViperProcess().run(["--plugins", try markdownEditor(), "--prefer", "Contracts.NoteEditing=markdown-editor",
                                             "-c", session])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Home › Notes › Markdown note"), "\(result.stdout)")
        #expect(result.stdout.contains("• socks"))
        #expect(result.stdout.contains("Saved 'Trip'."))
    }

    @Test func withoutAChoiceTheFirstFoundServesAndTheNotesListKeepsWorking() throws {
        let viper = ViperProcess()
        let result = try viper.run(["--plugins", try markdownEditor(), "-c", session])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Home › Notes › Markdown note"), "the drop-in, found first, serves NoteEditing")
        #expect(result.stderr.contains("plugin 'notes' does not serve module Contracts.NoteEditing: 'markdown-editor'"), "\(result.stderr)")
        let doctor = try viper.run(["doctor", "--plugins", try markdownEditor()])
        #expect(doctor.status == 1, "the duplicate stays a problem until the user chooses")
    }

    @Test func theChoiceCanLiveInTheDataFoldersConfig() throws {
        let viper = ViperProcess()
        try #"{ "providers": { "Contracts.NoteEditing": "markdown-editor" } }"#
            .write(toFile: viper.dataFolder + "/config.json", atomically: true, encoding: .utf8)
        let result = try viper.run(["--plugins", try markdownEditor(), "-c", session])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Home › Notes › Markdown note"), "\(result.stdout)")
    }

    @Test func preferringTheBundledEditorKeepsThePlainOne() throws {
        let result = try ViperProcess().run(["--plugins", try markdownEditor(), "--prefer", "Contracts.NoteEditing=notes",
                                             "-c", "open notes; new Trip; signup ada secret; quit!"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("Markdown note"), "\(result.stdout)")
        #expect(result.stdout.contains("Home › Notes › Note"), "\(result.stdout)")
    }
}
