// The entry target: the two C symbols every viper plugin exports under the same names, kept
// apart from the feature target MarkdownEditorPlugin so that tests link it without them
// (Package.swift). Nothing else belongs here.
import Contracts
import MarkdownEditorPlugin

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
