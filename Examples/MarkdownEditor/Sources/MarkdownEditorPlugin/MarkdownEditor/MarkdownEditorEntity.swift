/// The note being edited, as the interactor and presenter pass it: the store's id
/// (nil until saved), the title, and the Markdown source of the body.
struct MarkdownNote: Equatable {
    var id: Int64?
    var title: String
    var body: String

    /// The body split into blocks: `# ` headings, `- ` or `* ` bullets, other lines paragraphs.
    var blocks: [MarkdownLine] {
        body.split(separator: "\n", omittingEmptySubsequences: true).map { raw in
            let line = String(raw)
            if line.hasPrefix("# ") { return .heading(String(line.dropFirst(2))) }
            if line.hasPrefix("- ") || line.hasPrefix("* ") { return .bullet(String(line.dropFirst(2))) }
            return .paragraph(line)
        }
    }
}
