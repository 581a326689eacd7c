import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

/// A caller removing the module it routed through the ``RoutedModule`` that
/// ``Router/perform(_:)`` returned, with the rule of every navigation: a removal that
/// cannot happen fails and changes nothing.
@Suite struct RoutedModuleTests {
    @Test func theCallerRemovesTheModuleItPushed() throws {
        let app = FakeApp()
        let list = try app.openList()
        let detail = try list.router.perform(RouteRequest(DetailContract.self))
        #expect(detail.isOnScreen)
        app.journal.clear()
        try detail.remove()
        #expect(!detail.isOnScreen)
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.journal.events == ["Detail: removed", "List: appear"])
        #expect(app.stack.checkForLeaks().isEmpty, "the handle the caller keeps does not keep the module")
    }

    @Test func theCallerDismissesTheModuleItPresented() throws {
        let app = FakeApp()
        let list = try app.openList()
        let picker = try list.router.perform(RouteRequest(PickerContract.self, transition: .present))
        #expect(app.stack.breadcrumb == ["List", "Picker (modal)"])
        try picker.remove()
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.stack.presented == nil)
    }

    @Test func removingAModuleNoLongerOnScreenFailsAndChangesNothing() throws {
        let app = FakeApp()
        let list = try app.openList()
        let first = try list.router.perform(RouteRequest(DetailContract.self))
        try app.stack.back()
        try list.router.push(DetailContract.self)
        app.journal.clear()
        #expect(!first.isOnScreen, "a new Detail is on screen, not the one the handle names")
        var reported: [NavigationError] = []
        app.stack.onRouteError = { reported.append($0) }
        let error = #expect(throws: NavigationError.self) { try first.remove() }
        #expect(error?.code == .nothingToDo)
        #expect(error?.message == "cannot remove Detail: it is no longer on screen (it closed, was removed, or was replaced); check isOnScreen first")
        #expect(reported.map(\.message) == [error?.message])
        #expect(app.stack.breadcrumb == ["List", "Detail"])
        #expect(app.journal.events.isEmpty, "nobody was told anything")
    }

    @Test func aModuleWithAnotherAboveItIsNotRemoved() throws {
        let app = FakeApp()
        let list = try app.openList()
        let detail = try list.router.perform(RouteRequest(DetailContract.self))
        try app.topRouter.present(PickerContract.self)
        app.journal.clear()
        let error = #expect(throws: NavigationError.self) { try detail.remove() }
        #expect(error?.code == .refused)
        #expect(error?.message == "cannot remove Detail while Picker is above it; Picker must close first")
        #expect(detail.isOnScreen, "covered, but still on the stack")
        #expect(app.stack.breadcrumb == ["List", "Detail", "Picker (modal)"])
        #expect(app.journal.events.isEmpty)
    }

    @Test func aCallerThatLeftTheStackCannotRemove() throws {
        let app = FakeApp()
        let list = try app.openList()
        let detail = try list.router.perform(RouteRequest(DetailContract.self, transition: .replaceRoot))
        #expect(app.stack.breadcrumb == ["Detail"])
        let error = #expect(throws: NavigationError.self) { try detail.remove() }
        #expect(error?.code == .refused)
        #expect(error?.message == "a module that is no longer on the stack tried to remove Detail; stop work in moduleWillBeRemoved")
        #expect(app.stack.breadcrumb == ["Detail"])
    }

    @Test func aFailedRouteReturnsNoHandleAndChangesNothing() throws {
        let app = FakeApp()
        let list = try app.openList()
        app.detail.error = CommandError("no such item")
        #expect(throws: NavigationError.self) { _ = try list.router.perform(RouteRequest(DetailContract.self)) }
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func aHandleOutlivingTheStackIsOffScreenAndCannotRemove() throws {
        var app: FakeApp? = FakeApp()
        let handle = try #require(try app?.openList().router.perform(RouteRequest(DetailContract.self)))
        app = nil
        #expect(!handle.isOnScreen)
        let error = #expect(throws: NavigationError.self) { try handle.remove() }
        #expect(error?.message == "cannot remove Detail: the shell has closed")
    }

    @Test func aRouterMadeBeforeContracts13RefusesToHandOutAHandleWithoutRouting() throws {
        let router = RouterDummy()
        let error = #expect(throws: CommandError.self) { _ = try router.perform(RouteRequest(DetailContract.self)) }
        #expect(error?.message == "this router (RouterDummy) cannot return a handle to the module it routes; route with route(_:) instead")
    }
}
