// swift-tools-version:6.0
// A second, independently written NoteEditing provider: an out-of-tree plugin
// that renders the note's body as Markdown. With it installed, choose it with
// `--prefer Contracts.NoteEditing=markdown-editor` (or config.json's "providers");
// the Notes list that opens the editor is unchanged.
import PackageDescription

let package = Package(
    name: "MarkdownEditor",
    products: [
        .library(name: "MarkdownEditorPlugin", type: .dynamic, targets: ["MarkdownEditorPlugin"]),
    ],
    dependencies: [
        .package(path: "../../Contracts"),
        .package(path: "../../Contracts/ConformanceKit"),
    ],
    targets: [
        .target(
            name: "MarkdownEditorPlugin",
            dependencies: [.product(name: "Contracts", package: "Contracts")]
        ),
        .testTarget(
            name: "MarkdownEditorPluginTests",
            dependencies: ["MarkdownEditorPlugin", .product(name: "ConformanceKit", package: "ConformanceKit")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
