import Contracts

/// Presenter → View: what to draw.
protocol MarkdownEditorViewing: AnyObject {
    func didUpdate(_ model: MarkdownEditorViewModel)
}

/// View → Presenter: what the user did.
protocol MarkdownEditorEventHandling: AnyObject {
    func didSetTitle(_ title: String) throws
    func didAddLine(_ line: String)
    func didSave() throws
    func didCancel()
}

/// Presenter → Interactor: the use cases.
protocol MarkdownEditorInteracting: AnyObject {
    func doLoad(id: Int64) throws -> MarkdownNote
    func doSave(_ note: MarkdownNote) throws -> Note
}

/// Presenter → Router.
protocol MarkdownEditorRouting: AnyObject {
    func close()
}

/// One drawn block of the body.
enum MarkdownLine: Equatable {
    case heading(String)
    case bullet(String)
    case paragraph(String)
}

/// What the view draws: display values only.
struct MarkdownEditorViewModel: Equatable {
    var title = ""
    var lines: [MarkdownLine] = []
    var error: String?
}
