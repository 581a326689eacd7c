import ConformanceKit
import Contracts
import Testing
@testable import ViperCore
import ViperCoreTestSupport

/// When the stack tells a builder its module is put on screen as soon as it is built, with
/// nothing else of its plugin called first (``HostModuleContext/appearsAtOnce``): what lets a
/// module running in another process run its appearance with its build.
@Suite struct AppearsAtOnceTests {
    /// The fake app (plugin `fake`), with another plugin's module: route `elsewhere`, and a named
    /// badge that `fake`'s list can embed.
    private struct TwoPlugins {
        let app = FakeApp()
        let elsewhere: FakeBuilder
        let otherBadge: FakeBuilder
        /// What each build of each module was told, in order.
        let told = Box<[String]>([])

        init() throws {
            elsewhere = FakeBuilder("Elsewhere", journal: app.journal)
            otherBadge = FakeBuilder("OtherBadge", journal: app.journal)
            let registrar = RecordingRegistrar(plugin: "other")
            registrar.registerModule(PickerContract.self, name: "elsewhere", route: RouteSpec("elsewhere", summary: "Another plugin's"), requires: [], builder: elsewhere)
            registrar.registerModule(BadgeContract.self, name: "other", route: nil, requires: [], builder: otherBadge)
            registrar.seal()
            app.stack.registry.commit(registrar)
            for builder in [app.list, app.detail, elsewhere] {
                builder.wire = { [told] _, _, context in
                    told.value.append("\(builder.title): \((context as? HostModuleContext)?.appearsAtOnce == true)")
                }
            }
        }
    }

    @Test func aModuleOpenedOverAnotherPluginsOrOnAnEmptyStackAppearsAtOnce() throws {
        let two = try TwoPlugins()
        try two.app.stack.open(path: "list")
        try two.app.stack.open(path: "elsewhere")
        try two.app.stack.open(path: "list", as: .present)
        #expect(two.told.value == ["List: true", "Elsewhere: true", "List: true"])
    }

    @Test func aModuleOpenedOverItsOwnPluginsIsBuiltThenToldApart() throws {
        let two = try TwoPlugins()
        try two.app.stack.open(path: "list")
        two.told.value = []
        // Detail covers List, the same plugin's: List is told it disappeared before Detail appears.
        try two.app.stack.open(path: "items/1")
        #expect(two.told.value == ["Detail: false"])
        #expect(two.app.journal.events.suffix(3) == ["Detail: build", "List: disappear", "Detail: appear"])
    }

    @Test func aModuleCoveringOneThatEmbedsItsPluginsChildIsNotToldToAppearAtOnce() throws {
        let two = try TwoPlugins()
        // The list (plugin fake) embeds a badge of plugin other: covering the list tells that badge
        // it disappeared, so a module of other opened over it is built and then told apart.
        two.app.list.wire = { [told = two.told] _, view, context in
            told.value.append("List: \((context as? HostModuleContext)?.appearsAtOnce == true)")
            view.children.append(try context.router.embed(BadgeContract.self, name: "other", prepare: nil))
        }
        try two.app.stack.open(path: "list")
        try two.app.stack.open(path: "elsewhere")
        #expect(two.told.value == ["List: true", "Elsewhere: false"])
        #expect(two.app.journal.events.suffix(4) == ["Elsewhere: build", "List: disappear", "OtherBadge: disappear", "Elsewhere: appear"])
    }

    @Test func replacingEveryModuleIsNeverAtOnce() throws {
        let two = try TwoPlugins()
        try two.app.stack.open(path: "list")
        try two.app.stack.open(path: "elsewhere", as: .replaceRoot)
        #expect(two.told.value == ["List: true", "Elsewhere: false"])
    }
}
