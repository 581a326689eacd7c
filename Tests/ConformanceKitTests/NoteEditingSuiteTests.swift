import ConformanceKit
import Contracts
import Testing

@Suite struct NoteEditingSuiteTests {
    private func check(reportsSaves: Bool, withStore: Bool = true) throws -> ConformanceReport {
        let recorder = PluginRecorder()
        recorder.registerModule(NoteEditing.self, requires: [.service(NoteStore.self)],
                                builder: FakeNoteEditorBuilder(reportsSaves: reportsSaves))
        let services = try ServiceTable.standard()
        if withStore { services.register(NoteStore.self, instance: MemoryNoteStore()) }
        return Conformance.check(RecordedPlugin(manifest: PluginManifest(name: "editor", version: "1", summary: ""), recorder: recorder),
                                 services: services)
    }

    @Test func anEditorThatShowsTheNoteAndReportsSavesPassesTheBundledSuite() throws {
        let report = try check(reportsSaves: true)
        #expect(report.conforms, "\(report)")
        #expect(report.result("shows-configured-note", subject: "NoteEditing")?.passed == true)
        #expect(report.result("save-reports-to-output", subject: "NoteEditing")?.passed == true)
    }

    @Test func anEditorThatNeverCallsItsOutputFailsSaveReportsToOutput() throws {
        let report = try check(reportsSaves: false)
        #expect(report.failures.map(\.check) == ["save-reports-to-output"])
        #expect(report.failures.first?.reason?.contains("never called its output") == true)
    }

    @Test func withoutANoteStoreTheSuiteSaysWhatItNeeds() throws {
        let report = try check(reportsSaves: true, withStore: false)
        #expect(report.result("builds", subject: "NoteEditing")?.reason?.contains("Contracts.NoteStore") == true)
    }
}
