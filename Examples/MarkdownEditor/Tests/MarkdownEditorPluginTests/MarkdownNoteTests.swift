import Testing
@testable import MarkdownEditorPlugin

@Suite struct MarkdownNoteTests {
    @Test func headingsBulletsAndParagraphsAreToldApart() {
        let note = MarkdownNote(id: nil, title: "Trip", body: "# Pack\n- socks\n* map\n\nleave at nine")
        #expect(note.blocks == [.heading("Pack"), .bullet("socks"), .bullet("map"), .paragraph("leave at nine")])
    }
}
