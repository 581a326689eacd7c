import ConformanceKit
import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

@Suite struct LifecycleTests {
    @Test func pushAndBackTellEachModuleInOrder() throws {
        let app = FakeApp()
        try app.stack.open(path: "list")
        try app.stack.open(path: "items/1")
        try app.stack.back()
        #expect(app.journal.events == [
            "List: build", "List: appear",
            "Detail: build", "List: disappear", "Detail: appear",
            "Detail: removed", "List: appear",
        ])
    }

    @Test func presentAndDismissTellEachModuleInOrder() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.present(PickerContract.self)
        try app.stack.dismiss()
        #expect(app.journal.events == ["Picker: build", "List: disappear", "Picker: appear", "Picker: removed", "List: appear"])
    }

    @Test func aChildEmbeddedWhileBuildingAppearsAndLeavesWithItsParent() throws {
        let app = FakeApp()
        app.list.wire = { _, view, context in
            view.children.append(try context.router.embed(BadgeContract.self) { $0.receive("3 items") })
        }
        try app.stack.open(path: "list")
        #expect(app.journal.events == ["List: build", "Badge: build", "List: appear", "Badge: appear"])
        #expect(app.badge.lastPresenter?.received == ["3 items"])
        app.journal.clear()
        try app.stack.open(path: "items/1")
        try app.stack.back()
        try app.stack.home()
        #expect(app.journal.events == [
            "Detail: build", "List: disappear", "Badge: disappear", "Detail: appear",
            "Detail: removed", "List: appear", "Badge: appear",
            "List: removed", "Badge: removed",
        ])
        #expect(app.stack.checkForLeaks().isEmpty)
        #expect(app.badge.lastView == nil)
    }

    @Test func aChildEmbeddedWhileTheParentIsShownAppearsAtOnce() throws {
        let app = FakeApp()
        let list = try app.openList()
        _ = try list.router.embed(BadgeContract.self)
        #expect(app.journal.events == ["Badge: build", "Badge: appear"])
        #expect(app.stack.top?.children.count == 1)
    }

    @Test func aChildThatFailsLeavesItsParentAsItWas() throws {
        let app = FakeApp()
        let list = try app.openList()
        app.badge.error = CommandError("no badge today")
        let error = #expect(throws: NavigationError.self) { _ = try list.router.embed(BadgeContract.self) }
        #expect(error?.message == "cannot open BadgeContract (fake): no badge today")
        #expect(app.stack.top?.children.isEmpty == true)
    }

    @Test func aModuleThatFailsToBuildTakesItsEmbeddedChildrenWithIt() throws {
        let app = FakeApp()
        app.list.wire = { _, view, context in
            view.children.append(try context.router.embed(BadgeContract.self))
            throw CommandError("the list is broken")
        }
        #expect(throws: NavigationError.self) { try app.stack.open(path: "list") }
        #expect(app.journal.events == ["List: build", "Badge: build", "Badge: removed"])
        #expect(app.stack.checkForLeaks().isEmpty)
    }

    @Test func aRemovedModuleThatIsReleasedIsNotReported() throws {
        let app = FakeApp()
        try app.stack.open(path: "list")
        try app.stack.back()
        #expect(app.stack.checkForLeaks().isEmpty)
        #expect(app.list.lastView == nil)
        #expect(app.list.lastPresenter == nil)
    }

    @Test func aRemovedModuleThatStaysAliveIsReportedByName() throws {
        let app = FakeApp()
        app.detail.wire = { presenter, view, _ in presenter.retainedView = view }
        try app.stack.open(path: "items/1")
        try app.stack.back()
        let leaks = app.stack.checkForLeaks()
        #expect(leaks.map(\.module) == ["Detail (DetailContract from fake)"])
        #expect(leaks.first?.survivors == ["view FakeView", "input FakePresenter", "router HostRouter"])
        #expect(app.stack.leaks == leaks)
        #expect(app.logger.entries.filter { $0.source == "leaks" }.map(\.message) == [
            "Detail (DetailContract from fake) was removed but is still alive: view FakeView, input FakePresenter, router HostRouter; "
                + "something keeps it (often a Presenter holding its View strongly; hold the View weakly)",
        ])
        app.detail.lastPresenter?.retainedView = nil
    }

    @Test func everyModuleIsToldWhenTheShellEnds() throws {
        let app = FakeApp()
        do {
            let list = try app.openList()
            try list.router.present(PickerContract.self)
        }
        app.journal.clear()
        app.stack.removeAll()
        #expect(app.journal.events == ["Picker: removed", "List: removed"])
        #expect(app.stack.checkForLeaks().isEmpty)
    }
}
