import ConformanceKit
import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

@Suite struct RouteHandlerTests {
    @Test func prepareRunsBeforeTheModuleAppearsAndCompletionAfter() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.route(RouteRequest(
            DetailContract.self,
            prepare: { input in
                app.journal.record("prepare")
                input.receive("item 3")
            },
            completion: { input in app.journal.record("completion with \(input.received)") }))
        #expect(app.journal.events == ["Detail: build", "prepare", "List: disappear", "Detail: appear", "completion with [\"item 3\"]"])
    }

    @Test func anOutputCarriesAValueBackToTheCaller() throws {
        let app = FakeApp()
        let list = try app.openList()
        let caller = FakeOutputSpy()
        try list.router.present(PickerContract.self) { $0.output = caller }
        let picker = try #require(app.picker.lastPresenter)
        picker.router.close()
        picker.output?.moduleDidFinish(with: "picked 2")
        #expect(caller.values == ["picked 2"])
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func aContractServedThroughAnAdapterIsPreparedThroughIt() throws {
        let app = FakeApp()
        let list = try app.openList()
        try list.router.push(NoteEditing.self) { $0.edit(note: "groceries") }
        #expect(app.stack.breadcrumb == ["List", "Editor"])
        #expect(app.editor.lastPresenter?.received == ["note: groceries"])
    }

    @Test func canRouteTellsWhetherAProviderExists() throws {
        let app = FakeApp()
        let list = try app.openList()
        #expect(list.router.canRoute(to: DetailContract.self))
        #expect(list.router.canRoute(to: NoteEditing.self))
        #expect(!list.router.canRoute(to: UnprovidedContract.self))
    }

    @Test func aMissingProviderFailsWithTheRequesterAndLeavesTheStack() throws {
        let app = FakeApp()
        let list = try app.openList()
        var handled: [NavigationError] = []
        var global: [NavigationError] = []
        app.stack.onRouteError = { global.append($0) }
        let error = #expect(throws: NavigationError.self) {
            try list.router.route(RouteRequest(UnprovidedContract.self, failure: { handled.append($0 as! NavigationError) }))
        }
        #expect(error?.code == .notRegistered)
        #expect(error?.message.hasPrefix("ListContract (fake) asked for ViperRuntimeTests.UnprovidedContract, which no loaded plugin provides") == true)
        #expect(handled.map(\.message) == [error?.message])
        #expect(global.map(\.message) == [error?.message])
        #expect(app.logger.entries.filter { $0.source == "router" }.map(\.message) == [error?.message])
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.journal.events.isEmpty)
    }

    @Test func aBuilderThatThrowsLeavesTheStack() throws {
        let app = FakeApp()
        let list = try app.openList()
        app.detail.error = CommandError("the disk is full")
        let error = #expect(throws: NavigationError.self) { try list.router.push(DetailContract.self) }
        #expect(error?.code == .buildFailed)
        #expect(error?.message == "cannot open DetailContract (fake): the disk is full")
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func aBadPathParameterNamesThePath() throws {
        let app = FakeApp()
        app.detail.wire = { presenter, _, _ in _ = try presenter.parameters.integer("id") }
        let error = #expect(throws: NavigationError.self) { try app.stack.open(path: "items/abc") }
        #expect(error?.message == "cannot open 'items/abc': parameter 'id' must be a whole number, not 'abc'")
        #expect(app.stack.isEmpty)
    }

    @Test func aPrepareThatThrowsDiscardsTheBuiltModule() throws {
        let app = FakeApp()
        let list = try app.openList()
        let error = #expect(throws: NavigationError.self) {
            try list.router.push(DetailContract.self) { _ in throw CommandError("no item selected") }
        }
        #expect(error?.code == .prepareFailed)
        #expect(error?.message == "cannot open DetailContract (fake): no item selected")
        #expect(app.stack.breadcrumb == ["List"])
        #expect(app.journal.events == ["Detail: build", "Detail: removed"])
        #expect(app.stack.checkForLeaks().isEmpty)
        #expect(app.detail.lastView == nil)
    }

    @Test func anInputThatDoesNotConformIsRefused() throws {
        let app = FakeApp()
        let list = try app.openList()
        final class Stranger {}
        app.detail.input = { _ in Stranger() }
        let error = #expect(throws: NavigationError.self) { try list.router.push(DetailContract.self) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.message.hasPrefix("DetailContract (fake) built a module whose input (Stranger) does not conform to ViperRuntimeTests.DetailContract") == true)
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func aModuleCannotNavigateWhileItIsBeingBuilt() throws {
        let app = FakeApp()
        app.detail.wire = { presenter, _, _ in try presenter.router.push(PickerContract.self) }
        let error = #expect(throws: NavigationError.self) { try app.stack.open(path: "items/1") }
        #expect(error?.message == "cannot open 'items/1': DetailContract (fake) cannot push PickerContract while it is being built; navigate when it appears or from a command")
        #expect(app.stack.isEmpty)
    }
}
