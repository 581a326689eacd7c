import ConformanceKit
import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

/// The person removing modules from the shell (`back`, `close`, `dismiss`, `home`, `root`):
/// modules that adopt ``ModuleRemovalHandling`` say what would be lost, the confirmation
/// decides, and each removed module is told after the module below appeared.
@Suite struct RemovalByUserTests {
    /// Opens `list` then `items/1`, whose view reports `unsaved`; records who was told what.
    private func detailWithUnsavedWork(_ app: FakeApp, _ unsaved: String? = "the text (2 lines)") throws -> FakeView {
        try app.stack.open(path: "list")
        try app.stack.open(path: "items/1")
        guard let view = app.detail.lastView else { throw CommandError("the detail was not built") }
        view.unsaved = unsaved
        view.onRemovedByUser = { [journal = app.journal] in journal.record("Detail: removed by the user") }
        app.journal.clear()
        return view
    }

    @Test func backThatWouldLoseWorkAndIsNotConfirmedChangesNothing() throws {
        let app = FakeApp()
        _ = try detailWithUnsavedWork(app)
        var asked: [UnsavedWork] = []
        let error = #expect(throws: NavigationError.self) {
            try app.stack.back(confirm: { asked = $0; return false })
        }
        #expect(asked == [UnsavedWork(title: "Detail", what: "the text (2 lines)")])
        #expect(error?.code == .refused)
        #expect(error?.message == "'back' would lose unsaved work (Detail: the text (2 lines)); nothing was removed: save it first, or type 'back!' to drop it")
        #expect(app.stack.breadcrumb == ["List", "Detail"])
        #expect(app.journal.events.isEmpty, "nobody was told anything")
    }

    @Test func aConfirmedBackTellsTheModuleAfterTheModuleBelowAppeared() throws {
        let app = FakeApp()
        _ = try detailWithUnsavedWork(app)
        try app.stack.back(confirm: { _ in true })
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.journal.events == ["Detail: removed", "List: appear", "Detail: removed by the user"])
        #expect(app.stack.checkForLeaks().isEmpty, "the told module was released afterwards")
    }

    @Test func nothingIsAskedWhenNothingWouldBeLost() throws {
        let app = FakeApp()
        _ = try detailWithUnsavedWork(app, nil)
        var asked = false
        try app.stack.closeTop(confirm: { _ in asked = true; return false })
        #expect(!asked)
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.journal.events.last == "Detail: removed by the user")
    }

    @Test func aModuleThatClosesItselfIsNotToldItWasRemovedByTheUser() throws {
        let app = FakeApp()
        let view = try detailWithUnsavedWork(app)
        view.presenter.router.close()
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.journal.events == ["Detail: removed", "List: appear"])
    }

    @Test func homeAsksAboutEveryModuleItWouldRemoveEmbeddedOnesToo() throws {
        let app = FakeApp()
        app.list.wire = { _, view, context in
            view.children.append(try context.router.embed(BadgeContract.self))
        }
        _ = try detailWithUnsavedWork(app)
        app.badge.lastView?.unsaved = "a half-typed badge"
        var asked: [UnsavedWork] = []
        #expect(throws: NavigationError.self) { try app.stack.home(confirm: { asked = $0; return false }) }
        #expect(asked == [UnsavedWork(title: "Detail", what: "the text (2 lines)"),
                          UnsavedWork(title: "Badge", what: "a half-typed badge")])
        #expect(app.stack.depth == 2)
        try app.stack.home(confirm: { _ in true })
        #expect(app.stack.isEmpty)
    }

    @Test func dismissAsksForThePresentedLayerOnly() throws {
        let app = FakeApp()
        let list = try app.openList()
        app.list.lastView?.unsaved = "the list's own draft"
        try list.router.present(PickerContract.self)
        app.picker.lastView?.onRemovedByUser = { [journal = app.journal] in journal.record("Picker: removed by the user") }
        app.journal.clear()
        var asked: [UnsavedWork]?
        try app.stack.dismiss(confirm: { asked = $0; return false })
        #expect(asked == nil, "the list below the presented layer is not removed, so not asked about")
        #expect(app.journal.events == ["Picker: removed", "List: appear", "Picker: removed by the user"])
    }

    @Test func theShellPresentsAPath() throws {
        let app = FakeApp()
        try app.stack.open(path: "list")
        try app.stack.open(path: "items/7", as: .present)
        #expect(app.stack.breadcrumb == ["List", "Detail (modal)"])
        #expect(app.stack.presented?.title == "Detail")
        #expect(throws: NavigationError.self) { try app.stack.back() }
    }

    @Test func theShellReplacesTheRootAskingFirstAndTellingWhatItRemoved() throws {
        let app = FakeApp()
        _ = try detailWithUnsavedWork(app)
        let refused = #expect(throws: NavigationError.self) {
            try app.stack.open(path: "items/2", as: .replaceRoot, confirm: { _ in false })
        }
        #expect(refused?.message.contains("type 'root!' to drop it") == true)
        #expect(app.stack.breadcrumb == ["List", "Detail"], "refused: the stack is as it was")
        #expect(app.stack.checkForLeaks().isEmpty, "the module built for the refused root was released")
        app.journal.clear()
        try app.stack.open(path: "items/2", as: .replaceRoot, confirm: { _ in true })
        #expect(app.stack.breadcrumb == ["Detail"])
        #expect(app.journal.events.last == "Detail: removed by the user")
    }

    @Test func theShellCannotReplaceTheRootWhileAModuleIsPresented() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.present(PickerContract.self)
        let error = #expect(throws: NavigationError.self) { try app.stack.open(path: "list", as: .replaceRoot) }
        #expect(error?.message == "cannot replace every module while Picker is presented; finish it, or type 'close' to dismiss it first")
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)"])
    }
}
