import Foundation
import ViperTestSupport

extension Fixtures {
    /// `Supervision/FaultPlugin.swift`: a drop-in module that faults on request, at route `fault`.
    /// Another `plugin` name is also its route, and its own Swift module, so several can be loaded at once.
    static func fault(_ plugin: String = "fixture-fault") throws -> String {
        let module = "FaultPlugin" + plugin.replacingOccurrences(of: "-", with: "_")
        guard plugin != "fixture-fault" else { return try FixtureCompiler.swiftPlugin(named: "FaultPlugin", source: source("Supervision/FaultPlugin.swift")) }
        let text = try source("Supervision/FaultPlugin.swift")
            .replacingOccurrences(of: "\"fixture-fault\"", with: "\"\(plugin)\"")
            .replacingOccurrences(of: "RouteSpec(\"fault\"", with: "RouteSpec(\"\(plugin)\"")
        return try FixtureCompiler.swiftPlugin(named: module, source: text)
    }
}
