import Foundation
import Testing
import ViperTestSupport

/// A plugin copied into a folder that is almost one viper searches is a problem `doctor` names,
/// with "did you mean" and exit 1, not ok.
@Suite struct PluginFolderNearMissTests {
    private func userFolder(_ viper: ViperProcess) -> String {
        (viper.environment["XDG_DATA_HOME"] ?? "") + "/viper/plugins"
    }

    private func copyGreeter(to folder: String, as name: String = "libHelloAgainPlugin.so") throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuildProducts.plugin("Greeter"), toPath: folder + "/" + name)
    }

    @Test(arguments: ["plugin", "Plugins"])
    func aPluginInAFolderOneEditAwayFromTheUserFolderIsAProblemWithDidYouMean(_ misnamed: String) throws {
        let viper = ViperProcess()
        let user = userFolder(viper)
        let wrong = (user as NSString).deletingLastPathComponent + "/" + misnamed
        try copyGreeter(to: wrong)
        let doctor = try viper.run(["doctor"])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("misplaced: \(wrong)/libHelloAgainPlugin.so is a plugin viper does not load: \(wrong) is not searched; "
                                       + "did you mean \(user) (user folder)? move it to \(user)/libHelloAgainPlugin.so\n"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("ok:"), "\(doctor.stdout)")
    }

    @Test func aPluginInTheDefaultUserFolderWhileXDGDataHomePointsElsewhereIsAProblemWithDidYouMean() throws {
        let viper = ViperProcess()
        let home = try #require(viper.environment["HOME"])
        let user = userFolder(viper)
        try copyGreeter(to: home + "/.local/share/viper/plugins")
        let doctor = try viper.run(["doctor"])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("misplaced: \(home)/.local/share/viper/plugins/libHelloAgainPlugin.so is a plugin viper does not load: "
                                       + "XDG_DATA_HOME is \(viper.environment["XDG_DATA_HOME"] ?? ""), so the user folder is \(user), "
                                       + "not \(home)/.local/share/viper/plugins; did you mean \(user)? move it to \(user)/libHelloAgainPlugin.so, or unset XDG_DATA_HOME\n"),
                "\(doctor.stdout)")
    }

    /// Folders an author takes for the user folder (HOME is the test's folder, XDG_DATA_HOME its
    /// `xdg/`): named by `doctor`, `plugins`, the shell's "no route" and `check` of the file there.
    @Test(arguments: [
        ("xdg/viper", "viper's data folder, not its plugin folder"),
        ("xdg/plugins", "a plugins folder outside viper's data folder"),
        (".local/share/viper", "viper's data folder, not its plugin folder"),
        (".local/lib/viper/plugins", "a plugins folder under lib/, not under share/"),
        (".local/lib/viper", "a folder under lib/, not under share/"),
    ])
    func aPluginInAFolderTakenForTheUserFolderIsNamedEverywhereWithWhereToMoveIt(relative: String, reason: String) throws {
        let viper = ViperProcess()
        let home = try #require(viper.environment["HOME"])
        let user = userFolder(viper)
        let wrong = home + "/" + relative
        try copyGreeter(to: wrong)
        let line = "misplaced: \(wrong)/libHelloAgainPlugin.so is a plugin viper does not load: \(wrong) is \(reason), which viper does not search; "
            + "did you mean \(user) (user folder)? move it to \(user)/libHelloAgainPlugin.so"
        let doctor = try viper.run(["doctor"])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        #expect(doctor.stdout.contains(line + "\n"), "\(doctor.stdout)")
        let plugins = try viper.run(["plugins"])
        #expect(plugins.stdout.contains(line + "\n"), "\(plugins.stdout)")
        let shell = try viper.run(["-c", "open hello-again"])
        #expect((shell.stdout + shell.stderr).contains("\(wrong)/libHelloAgainPlugin.so is a plugin viper does not load (\(wrong) is \(reason)"),
                "\(shell.stdout)\(shell.stderr)")
        let check = try viper.run(["check", wrong + "/libHelloAgainPlugin.so"])
        #expect(check.stdout.hasSuffix(line + "\n"), "\(check.stdout)\(check.stderr)")

        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: wrong + "/libHelloAgainPlugin.so", toPath: user + "/libHelloAgainPlugin.so")
        let fixed = try viper.run(["doctor"])
        #expect(!fixed.stdout.contains("misplaced:"), "the advice followed, nothing is misplaced: \(fixed.stdout)")
    }

    @Test func aFolderTwoEditsAwayOrALibraryThatIsNoPluginIsNobodysMistake() throws {
        let viper = ViperProcess()
        let parent = (userFolder(viper) as NSString).deletingLastPathComponent
        try copyGreeter(to: parent + "/plug")
        try FileManager.default.createDirectory(atPath: parent + "/plugin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuildProducts.directory + "/libContracts.so", toPath: parent + "/plugin/libContracts.so")
        let doctor = try viper.run(["doctor"])
        #expect(doctor.status == 0, "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("misplaced:"), "\(doctor.stdout)")
    }
}
