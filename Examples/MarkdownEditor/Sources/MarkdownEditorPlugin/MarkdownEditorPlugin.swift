import Contracts

/// Provides ``NoteEditing`` a second way: the body is written line by line and
/// drawn as Markdown (headings, bullets, paragraphs).
/// `package`: the entry target (MarkdownEditorEntry) hands it to viper.
package enum MarkdownEditorPlugin: Plugin {
    package static let manifest = PluginManifest(name: "markdown-editor", version: "1.0.0",
                                                 summary: "A note editor that draws the body as Markdown")

    package static func register(in registrar: any Registrar) throws {
        registrar.registerModule(NoteEditing.self, requires: [.service(NoteStore.self)], builder: MarkdownEditorBuilder())
    }
}
