import Foundation
import Testing
import ViperTestSupport

/// `viper check` on a plugin built on its own whose `RoutingModuleBuilder` routes through
/// `ModuleRoutes(NoteEditing.self)` while its registration's `requires:` leaves NoteEditing out:
/// viper's own rules see only `requires:` (the clock, which the host provides), so only the kit's
/// reading of the builder's declaration can name the drift.
@Suite(.tags(.slow)) struct RouteDriftCheckTests {
    @Test func aBuilderWhoseModuleRoutesTheRegistrationLeavesOutFailsDeclaredDependencies() throws {
        let plugin = try Fixtures.swift("Kit/DriftingRoutesPlugin.swift", module: "DriftingRoutesPlugin")
        let result = try ViperProcess().run(["check", plugin])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("fail  [DriftingInput] declared-dependencies: its builder declares module Contracts.NoteEditing "
                + "(its ModuleRoutes), which its registration does not carry: it was registered with requires:, which viper checks in "
                + "their place, so nothing makes sure a plugin provides it; drop requires: from its registerModule call so the "
                + "builder's declaration is the one list\n"), "\(result.stdout)")
        #expect(result.stdout.contains("pass  [plugin] requirements"), "viper's rules alone pass it: \(result.stdout)")
        #expect(result.stdout.hasSuffix("fixture-drifting does not conform\n"), "\(result.stdout)")
    }
}
