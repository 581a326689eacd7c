import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

/// What the detail module's builder is asked to build.
struct DetailConfiguration: ModuleConfiguration {
    typealias Contract = any DetailContract
    let item: Int
}

/// What a NoteEditing module is asked to edit (served by TextEditing through an adapter).
struct NoteConfiguration: ModuleConfiguration {
    typealias Contract = any NoteEditing
    let note: String
}

/// A route's ``ModuleConfiguration`` reaches the builder before anything is built;
/// `prepare` still sets the built module's input afterwards.
@Suite struct RouteConfigurationTests {
    /// Records the configuration each build of `builder` was given, as `type`.
    private func recordConfigurations<C: ModuleConfiguration>(_ type: C.Type, of builder: FakeBuilder) -> Box<[C?]> {
        let seen = Box<[C?]>([])
        builder.wire = { presenter, _, context in
            let configuration = context.configuration(C.self)
            seen.value.append(configuration)
            presenter.receive("built with \(configuration.map { "\($0)" } ?? "nothing")")
        }
        return seen
    }

    @Test func theBuilderReadsTheConfigurationBeforePrepareSetsTheInput() throws {
        let app = FakeApp()
        let seen = recordConfigurations(DetailConfiguration.self, of: app.detail)
        let list = try app.openList()
        try list.router.push(DetailConfiguration(item: 7)) { $0.receive("prepared") }
        #expect(seen.value.map { $0?.item } == [7])
        #expect(app.detail.lastPresenter?.received == ["built with DetailConfiguration(item: 7)", "prepared"])
        #expect(app.stack.breadcrumb == ["List", "Detail"])
    }

    @Test func withoutAConfigurationTheBuilderReadsNil() throws {
        let app = FakeApp()
        let seen = recordConfigurations(DetailConfiguration.self, of: app.detail)
        let list = try app.openList()
        try list.router.push(DetailContract.self)
        try app.stack.back()
        try app.stack.open(path: "items/3")
        #expect(seen.value.count == 2)
        #expect(seen.value.allSatisfy { $0 == nil }, "by contract without one, and by shell path")
    }

    @Test func aConfigurationOfAnotherContractFailsBeforeAnythingIsBuilt() throws {
        let app = FakeApp()
        let list = try app.openList()
        var request = RouteRequest(PickerContract.self, transition: .present)
        request.configuration = DetailConfiguration(item: 1)
        var failed: [String] = []
        request.failure = { failed.append("\($0)") }
        let error = #expect(throws: NavigationError.self) { try list.router.route(request) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.message == "cannot route to PickerContract with a DetailConfiguration: that configuration is declared for DetailContract; route to DetailContract, or give PickerContract's own configuration")
        #expect(failed == [error?.message])
        #expect(app.picker.builds == 0)
        #expect(app.stack.breadcrumb == ["List"])
    }

    @Test func throughAnAdapterTheProvidersBuilderGetsTheCallersConfiguration() throws {
        let app = FakeApp()
        let seen = recordConfigurations(NoteConfiguration.self, of: app.editor)
        let list = try app.openList()
        try list.router.push(NoteConfiguration(note: "groceries")) { $0.edit(note: "groceries") }
        #expect(seen.value.map { $0?.note } == ["groceries"])
        #expect(app.editor.lastPresenter?.received.last == "note: groceries")
    }

    @Test func theBuilderChoosesWhatToBuildFromTheConfiguration() throws {
        let app = FakeApp()
        app.detail.error = nil
        app.detail.wire = { _, _, context in
            guard let item = context.configuration(DetailConfiguration.self)?.item, item > 0 else {
                throw CommandError("no item to show; open an item from the list")
            }
        }
        let list = try app.openList()
        let error = #expect(throws: NavigationError.self) { try list.router.push(DetailConfiguration(item: 0)) }
        #expect(error?.code == .buildFailed)
        #expect(error?.message == "cannot open DetailContract (fake): no item to show; open an item from the list")
        #expect(app.stack.breadcrumb == ["List"])
        try list.router.push(DetailConfiguration(item: 2))
        #expect(app.stack.breadcrumb == ["List", "Detail"])
    }
}

/// A mutable value the tests' closures can share.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
