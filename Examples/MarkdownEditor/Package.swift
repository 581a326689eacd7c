// swift-tools-version:6.0
// A second, independently written NoteEditing provider: an out-of-tree plugin
// that renders the note's body as Markdown. With it installed, choose it with
// `--prefer Contracts.NoteEditing=markdown-editor` (or config.json's "providers");
// the Notes list that opens the editor is unchanged.
import PackageDescription

let package = Package(
    name: "MarkdownEditor",
    products: [
        // libMarkdownEditorPlugin.so: the entry target and the feature target it depends on.
        .library(name: "MarkdownEditorPlugin", type: .dynamic, targets: ["MarkdownEditorEntry"]),
    ],
    dependencies: [
        .package(path: "../../Contracts"),
        .package(path: "../../Contracts/ConformanceKit"),
    ],
    targets: [
        // The feature: the editor module and the Plugin type. The tests import this one.
        .target(
            name: "MarkdownEditorPlugin",
            dependencies: [.product(name: "Contracts", package: "Contracts")]
        ),
        // The entry: only the C symbols every plugin exports under the same names, kept apart
        // so that tests link the feature without them (docs/PLUGIN_AUTHORS.md).
        .target(
            name: "MarkdownEditorEntry",
            dependencies: ["MarkdownEditorPlugin", .product(name: "Contracts", package: "Contracts")]
        ),
        .testTarget(
            name: "MarkdownEditorPluginTests",
            dependencies: ["MarkdownEditorPlugin", .product(name: "ConformanceKit", package: "ConformanceKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
