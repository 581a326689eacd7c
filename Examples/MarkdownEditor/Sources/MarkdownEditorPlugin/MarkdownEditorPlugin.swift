import Contracts

/// The Contracts ABI this plugin was compiled against (read by the host before anything else).
@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 {
    ContractsVersion.compiledPacked
}

/// The plugin's entry point: registers the Markdown note editor.
@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: MarkdownEditorPlugin.self)
}

/// Provides ``NoteEditing`` a second way: the body is written line by line and
/// drawn as Markdown (headings, bullets, paragraphs).
enum MarkdownEditorPlugin: Plugin {
    static let manifest = PluginManifest(name: "markdown-editor", version: "1.0.0",
                                         summary: "A note editor that draws the body as Markdown")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(NoteEditing.self, requires: [.service(NoteStore.self)], builder: MarkdownEditorBuilder())
    }
}
