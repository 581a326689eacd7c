import Contracts
import ViperCoreTestSupport

/// What the detail module's builder is asked to build.
struct DetailConfiguration: ModuleConfiguration {
    typealias Contract = any DetailContract
    let item: Int
}

/// What a FakeNoteEditing module is asked to edit (served by TextEditing through an adapter).
struct NoteConfiguration: ModuleConfiguration {
    typealias Contract = any FakeNoteEditing
    let note: String
}
