import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

@Suite struct NavigationStackTests {
    @Test func openingAPathPushesItsModuleWithTheParameters() throws {
        let app = FakeApp()
        try app.stack.open(path: "items/42?mode=edit")
        #expect(app.stack.breadcrumb == ["Detail"])
        let parameters = try #require(app.detail.lastPresenter).parameters
        #expect(parameters.values == ["id": "42", "mode": "edit"])
    }

    @Test func aModulePushesByContractAndBackReturns() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.push(DetailContract.self)
        #expect(app.stack.breadcrumb == ["List", "Detail"])
        try app.stack.back()
        #expect(app.stack.breadcrumb == ["List"])
        try app.stack.back()
        #expect(app.stack.isEmpty)
    }

    @Test func backAtHomeIsAnErrorThatSaysSo() throws {
        let app = FakeApp()
        let error = #expect(throws: NavigationError.self) { try app.stack.back() }
        #expect(error?.code == .nothingToDo)
        #expect(error?.message == "already at home: nothing to go back to; 'open PATH' opens a route")
    }

    @Test func aPresentedModuleStopsBackAndHomeUntilItIsClosed() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.present(PickerContract.self)
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)"])

        let back = #expect(throws: NavigationError.self) { try app.stack.back() }
        #expect(back?.message == "'back' stops at Picker: it was presented; finish it, or type 'close' to dismiss it")
        let home = #expect(throws: NavigationError.self) { try app.stack.home() }
        #expect(home?.message == "cannot go home while Picker is presented; finish it, or type 'close' to dismiss it first")
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)"])

        try app.stack.closeTop()
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func openInsideAPresentedModulePushesWithinItsLayer() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.present(PickerContract.self)
        try app.stack.open(path: "items/1")
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)", "Detail"])
        try app.stack.back()
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)"])
    }

    @Test func dismissRemovesThePresentedModuleAndWhatWasOpenedInsideIt() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.present(PickerContract.self)
        try app.stack.open(path: "items/1")
        try app.stack.dismiss()
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.journal.events.suffix(3) == ["Detail: removed", "Picker: removed", "List: appear"])
    }

    @Test func dismissWithNothingPresentedIsAnError() throws {
        let app = FakeApp()
        _ = try app.openList()
        let error = #expect(throws: NavigationError.self) { try app.stack.dismiss() }
        #expect(error?.message == "nothing is presented; 'back' returns to the previous module")
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func aModuleBelowAPresentedOneCannotNavigate() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.present(PickerContract.self)
        let error = #expect(throws: NavigationError.self) { try list.router.push(DetailContract.self) }
        #expect(error?.code == .refused)
        #expect(error?.message == "List cannot push DetailContract while Picker is presented above it; close Picker first")
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)"])
        #expect(app.detail.builds == 0)
    }

    @Test func aPresentedModuleCanPresentAnother() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.present(PickerContract.self)
        try #require(app.picker.lastPresenter).router.present(DetailContract.self)
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)", "Detail (modal)"])
        try app.stack.dismiss()
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)"])
    }

    @Test func replacingTheRootRemovesEveryModule() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.push(DetailContract.self)
        try #require(app.detail.lastPresenter).router.route(RouteRequest(PickerContract.self, transition: .replaceRoot))
        #expect(app.stack.breadcrumb == ["Picker"])
        #expect(app.journal.events.contains("List: removed"))
        #expect(app.journal.events.contains("Detail: removed"))
        try app.stack.back()
        #expect(app.stack.isEmpty)
    }

    @Test func closeFromAModulePopsItOrDismissesItsLayer() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.push(DetailContract.self)
        try #require(app.detail.lastPresenter).router.close()
        #expect(app.stack.breadcrumb == ["List"])

        try list.router.present(PickerContract.self)
        try app.stack.open(path: "items/2")
        try #require(app.picker.lastPresenter).router.close()
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func homeRemovesEveryModuleTopFirst() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.push(DetailContract.self)
        app.journal.clear()
        try app.stack.home()
        #expect(app.stack.isEmpty)
        #expect(app.journal.events == ["Detail: removed", "List: removed"])
    }

    @Test func aModuleCanOpenAShellPath() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.open(path: "items/7")
        #expect(app.stack.breadcrumb == ["List", "Detail"])
        #expect(app.detail.lastPresenter?.parameters["id"] == "7")
    }

    @Test func aRouterOutlivingItsStackThrowsInsteadOfCrashing() throws {
        var app: FakeApp? = FakeApp()
        let router = try #require(try app?.openList()).router
        app?.stack.removeAll()
        app = nil
        let error = #expect(throws: NavigationError.self) { try router.push(DetailContract.self) }
        #expect(error?.code == .refused)
    }
}
