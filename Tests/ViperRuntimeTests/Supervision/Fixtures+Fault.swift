import Foundation
import ViperTestSupport

extension Fixtures {
    /// `Supervision/FaultPlugin.swift`: a drop-in module that faults on request. `plugin` names it
    /// and its route; each name is its own Swift module, so several can be loaded at once.
    static func fault(_ plugin: String = "fixture-fault") throws -> String {
        let module = "FaultPlugin" + plugin.replacingOccurrences(of: "-", with: "_")
        let text = try source("Supervision/FaultPlugin.swift")
            .replacingOccurrences(of: "\"fixture-fault\"", with: "\"\(plugin)\"")
            .replacingOccurrences(of: "RouteSpec(\"fault\"", with: "RouteSpec(\"\(plugin)\"")
        return try FixtureCompiler.swiftPlugin(named: module, source: text)
    }
}
