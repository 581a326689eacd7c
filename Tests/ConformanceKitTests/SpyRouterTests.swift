import ConformanceKit
import Contracts
import Testing

private protocol Picking: AnyObject {}

private struct PickingConfiguration: ModuleConfiguration, Equatable {
    typealias Contract = any Picking
    let kind: String
}

/// The kit's router double records what a module routes with Contracts 1.3: the
/// configuration a route carries, and the caller's removal through its handle.
@Suite struct SpyRouterTests {
    @Test func recordsTheConfigurationAndTheRouteOfAPushWithOne() throws {
        let spy = SpyRouter()
        try spy.push(PickingConfiguration(kind: "colour"))
        try spy.push(Picking.self)
        #expect(spy.calls == [.route(ContractID(Picking.self), name: nil, .push), .route(ContractID(Picking.self), name: nil, .push)])
        #expect(spy.configurations.compactMap { $0 as? PickingConfiguration } == [PickingConfiguration(kind: "colour")])
    }

    @Test func theHandleIsOnScreenUntilRemovedAndRemovesOnce() throws {
        let spy = SpyRouter()
        let picker = try spy.present(PickingConfiguration(kind: "colour"))
        #expect(picker.isOnScreen)
        try picker.remove()
        #expect(!picker.isOnScreen)
        #expect(spy.removed == [ContractID(Picking.self)])
        #expect { try picker.remove() } throws: { "\($0)" == "cannot remove Picking: it was already removed" }
        #expect(spy.removed.count == 1)
    }
}
