import Foundation
import Testing
import ViperTestSupport

/// A route a person expects can be missing because its plugin never loaded: a file viper refused
/// before it declared anything, or a plugin just outside the plugin folders. `open` and
/// `viper plugins` say so, as `viper doctor` does, instead of only "no route matches".
@Suite struct MissingRouteNoteTests {
    @Test func openNamesAFileViperRefusedWhoseRoutesAreUnknown() throws {
        let folder = try TemporaryFolder.make("missing-route-refused")
        try "not a plugin".write(toFile: folder + "/libBrokenPlugin.so", atomically: true, encoding: .utf8)
        let session = try ViperProcess().run(["--plugins", folder, "-c", "open pick"])
        #expect(session.status == 1, "\(session.stdout)\(session.stderr)")
        #expect(session.stderr.contains("no route matches 'pick'"), "\(session.stderr)")
        #expect(session.stderr.contains("; viper refused \(folder)/libBrokenPlugin.so, so the routes it may declare are unknown ("),
                "\(session.stderr)")
        #expect(session.stderr.contains("; type 'doctor' for every problem"), "\(session.stderr)")
    }

    @Test func openAndPluginsPointAtAPluginInAFolderOneEditAwayFromTheUserFolder() throws {
        let viper = ViperProcess()
        let user = (viper.environment["XDG_DATA_HOME"] ?? "") + "/viper/plugins"
        let wrong = (user as NSString).deletingLastPathComponent + "/plugin"
        try FileManager.default.createDirectory(atPath: wrong, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuildProducts.plugin("Greeter"), toPath: wrong + "/libCallerPlugin.so")
        let advice = "\(wrong) is not searched; did you mean \(user) (user folder)? move it to \(user)/libCallerPlugin.so"
        let session = try viper.run(["-c", "open caller"])
        #expect(session.status == 1, "\(session.stdout)\(session.stderr)")
        // The file is named like the route: the line leads with it, not with another plugin's
        // route near 'caller' (the matcher's "did you mean").
        #expect(session.stderr.contains(
            "error: no route matches 'caller': \(wrong)/libCallerPlugin.so is a plugin viper does not load (\(advice)); type 'doctor' for every problem"),
                "\(session.stderr)")
        #expect(!session.stderr.contains("did you mean '"), "\(session.stderr)")
        let plugins = try viper.run(["plugins"])
        #expect(plugins.stdout.contains("\nmisplaced: \(wrong)/libCallerPlugin.so is a plugin viper does not load: \(advice)"), "\(plugins.stdout)")
    }
}
