import ConformanceKit
import Contracts
import Testing
@testable import MarkdownEditorPlugin

@Suite struct MarkdownEditorConformanceTests {
    @Test func itPassesTheGenericChecksAndTheNoteEditingSuite() throws {
        let services = try ServiceTable.standard()
        services.register(NoteStore.self, instance: MemoryNoteStore())
        let report = try Conformance.check(MarkdownEditorPlugin.self, services: services)
        #expect(report.conforms, "\(report)")
        #expect(report.result("save-reports-to-output", subject: "NoteEditing")?.passed == true)
    }
}
