import Foundation
import Testing
import ViperSupervision
import ViperTestSupport

/// The crash memory in `viper plugins --json` and `viper doctor --json`: each plugin that
/// crashed viper's worker carries its crashes (count, version, last cause and call, whether it is
/// held off); a plugin that never crashed has no `crashes` field, and the other fields stay as they were.
@Suite struct CrashMemoryJSONTests {
    private static func plugin(_ json: String, named name: String) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        let plugins = try #require(object["plugins"] as? [[String: Any]], "\(json)")
        return try #require(plugins.first { $0["name"] as? String == name }, "\(json)")
    }

    private static func crashes(_ viper: ViperProcess, _ command: String, plugin: String) throws -> [String: Any]? {
        let result = try viper.run([command, "--json", "--plugins", plugin])
        return try Self.plugin(result.stdout, named: "fixture-fault")["crashes"] as? [String: Any]
    }

    @Test func theJSONReportsCarryEachPluginsCrashesAndWhetherItIsHeldOff() throws {
        let viper = ViperProcess()
        let plugin = try Fixtures.fault()
        #expect(try Self.crashes(viper, "plugins", plugin: plugin) == nil, "no crash yet: no field")
        _ = try viper.run(["--plugins", plugin], input: "open fault\nfault trap\n")
        for command in ["plugins", "doctor"] {
            let once = try #require(try Self.crashes(viper, command, plugin: plugin), "\(command)")
            #expect(once["count"] as? Int == 1, "\(command): \(once)")
            #expect(once["version"] as? String == "2.1.0")
            #expect(once["lastCause"] as? String == "SIGILL: fatal error: a fault on purpose")
            #expect(once["lastDoing"] as? String == "running command 'fault'")
            #expect(once["heldOff"] as? Bool == false)
        }
        for _ in 0..<2 {
            _ = try viper.run(["--plugins", plugin], input: "open fault\nfault trap\n")
        }
        for command in ["plugins", "doctor"] {
            let thrice = try #require(try Self.crashes(viper, command, plugin: plugin), "\(command)")
            #expect(thrice["count"] as? Int == 3, "\(command): \(thrice)")
            #expect(thrice["heldOff"] as? Bool == true, "\(command): \(thrice)")
        }
        let listed = try Self.plugin(try viper.run(["plugins", "--json", "--plugins", plugin]).stdout, named: "fixture-fault")
        #expect(listed["status"] as? String == "disabled", "the existing fields stay: \(listed)")
        _ = try viper.run(["plugins", "--enable", "fixture-fault"])
        #expect(try Self.crashes(viper, "doctor", plugin: plugin) == nil, "enabled again: its crashes are forgotten")
    }
}
