import Foundation
import Testing
import ViperTestSupport

/// `viper new module NAME --contract LIBRARY.PROTOCOL` refusing a plugin package it cannot edit
/// (a Package.swift whose feature target's dependencies are not a list it can find, a Plugin
/// type without a `static let manifest` line), followed as the line says: the edit made by hand,
/// the same command again, and the module written.
@Suite(.tags(.slow)) struct LibraryModuleHintFollowingTests {
    /// A folder holding the contract library ContactsKit and the plugin package Tally, both from `viper new`.
    private func made(_ viper: ViperProcess) throws -> String {
        let folder = try TemporaryFolder.make("hint-library-module")
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        #expect(try viper.run(["new", "Tally", "--dir", folder]).status == 0)
        return folder
    }

    private func addModule(_ viper: ViperProcess, in folder: String) throws -> Subprocess.Result {
        try viper.run(["new", "module", "Picker", "--in", folder + "/Tally", "--contract", "ContactsKit.ContactsKitScreen",
                       "--library-path", folder + "/ContactsKit"])
    }

    @Test func aManifestWhoseTargetListIsNotFoundGetsTheLibraryOnceTheLineIsFollowed() throws {
        let viper = ViperProcess()
        let folder = try made(viper)
        let manifestPath = folder + "/Tally/Package.swift"
        let written = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let listed = "            dependencies: [.product(name: \"Contracts\", package: \"Contracts\")]\n        ),\n        // The entry"
        try #require(written.contains(listed), "\(written)")
        // The feature target's dependencies kept in a constant, as an author may write them.
        let edited = "let featureDependencies: [Target.Dependency] = [.product(name: \"Contracts\", package: \"Contracts\")]\n\n"
            + written.replacingOccurrences(of: listed, with: "            dependencies: featureDependencies\n        ),\n        // The entry")
        try edited.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let refused = try addModule(viper, in: folder)
        #expect(refused.status == 64, "\(refused.output)")
        let line = try #require(Hint.line("cannot find where to add the contract library", in: refused.stderr), "\(refused.output)")
        #expect(try String(contentsOfFile: manifestPath, encoding: .utf8) == edited, "nothing was written")

        // The two entries the line quotes, added where it says.
        let package = try #require(line.components(separatedBy: "; add ").dropFirst().first?.components(separatedBy: " to the package's").first, "\(line)")
        let product = try #require(line.components(separatedBy: "dependencies and ").dropFirst().first?.components(separatedBy: " to the target").first, "\(line)")
        #expect(package == ".package(path: \"\(folder)/ContactsKit\")", "\(line)")
        #expect(product == ".product(name: \"ContactsKit\", package: \"ContactsKit\")", "\(line)")
        #expect(line.contains("to the target TallyPlugin's, then run this again"), "\(line)")
        let dependencies = try #require(edited.range(of: "    dependencies: [\n"), "\(edited)")
        try edited.replacingCharacters(in: dependencies, with: "    dependencies: [\n        \(package),\n")
            .replacingOccurrences(of: "[Target.Dependency] = [.product(name: \"Contracts\", package: \"Contracts\")]",
                                  with: "[Target.Dependency] = [.product(name: \"Contracts\", package: \"Contracts\"), \(product)]")
            .write(toFile: manifestPath, atomically: true, encoding: .utf8)

        let followed = try addModule(viper, in: folder)
        #expect(followed.status == 0, "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Tally/Sources/TallyPlugin/Picker"), "\(followed.output)")
        let plugin = try String(contentsOfFile: folder + "/Tally/Sources/TallyPlugin/TallyPlugin.swift", encoding: .utf8)
        #expect(plugin.contains("static let contractLibraries = [ContactsKitLibrary.compiled]"), "\(plugin)")
    }

    @Test func aPluginTypeWithoutTheManifestLineListsTheLibraryOnceTheLineIsFollowed() throws {
        let viper = ViperProcess()
        let folder = try made(viper)
        let pluginPath = folder + "/Tally/Sources/TallyPlugin/TallyPlugin.swift"
        let written = try String(contentsOfFile: pluginPath, encoding: .utf8)
        try #require(written.contains("package static let manifest"), "\(written)")
        let edited = written.replacingOccurrences(of: "package static let manifest", with: "package static var manifest")
        try edited.write(toFile: pluginPath, atomically: true, encoding: .utf8)
        let refused = try addModule(viper, in: folder)
        #expect(refused.status == 64, "\(refused.output)")
        let line = try #require(Hint.line("the Plugin type has no 'static let manifest' line", in: refused.stderr), "\(refused.output)")
        #expect(try String(contentsOfFile: pluginPath, encoding: .utf8) == edited, "nothing was written")

        // The declaration the line quotes, added to the Plugin type before its register(in:).
        let declaration = try #require(Hint.commands(in: line).map { $0.joined(separator: " ") }.first { $0.hasPrefix("static let contractLibraries") }, "\(line)")
        let register = "    package static func register(in registrar: any Registrar) throws {"
        try #require(edited.contains(register), "\(edited)")
        try edited.replacingOccurrences(of: register, with: "    package \(declaration)\n\n\(register)").write(toFile: pluginPath, atomically: true, encoding: .utf8)

        let followed = try addModule(viper, in: folder)
        #expect(followed.status == 0, "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Tally/Sources/TallyPlugin/Picker"), "\(followed.output)")
        let plugin = try String(contentsOfFile: pluginPath, encoding: .utf8)
        #expect(plugin.components(separatedBy: "ContactsKitLibrary.compiled").count == 2, "listed once: \(plugin)")
        #expect(plugin.contains("import ContactsKit"), "\(plugin)")
    }

    /// `viper new NAME --contract LIBRARY.PROTOCOL` with a module name that would clash with the
    /// plugin's own types, or a service named twice in --uses: the line's fix (another --name, each
    /// service once) is the same command changed as it says, and the package is written.
    @Test(arguments: [
        (["--name", "TallyPlugin"], "would clash with the plugin's own types; give the module another name with --name", ["--name", "TallyPicker"]),
        (["--uses", "ContactsKit.ContactsKitService", "--uses", "ContactsKit.ContactsKitService"], "twice; give each service once",
         ["--uses", "ContactsKit.ContactsKitService"]),
    ])
    func aRefusedLibraryPluginLineIsWrittenOnceChangedAsItSays(wrong: [String], hint: String, fixed: [String]) throws {
        let viper = ViperProcess()
        let folder = try TemporaryFolder.make("hint-library-plugin")
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        let command = ["new", "Tally", "--contract", "ContactsKit.ContactsKitScreen", "--dir", folder]
        let refused = try viper.run(command + wrong)
        #expect(refused.status == 64, "\(refused.output)")
        #expect(refused.stderr.hasSuffix(hint + "\n"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Tally"), "nothing was written")
        let followed = try viper.run(command + fixed)
        #expect(followed.status == 0, "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Tally/Package.swift"), "\(followed.output)")
    }

    /// A plugin whose conformance test the author rewrote (its report renamed): `viper new module
    /// --uses` cannot register the service's double there, writes nothing, and says to give the
    /// check a table. Given one as the line says, the same command registers the double there, and
    /// the package builds and its tests pass.
    @Test func aRewrittenConformanceTestTakesTheDoublesOnceGivenTheTableTheLineAsksFor() throws {
        let viper = ViperProcess()
        let folder = try made(viper)
        let conformance = folder + "/Tally/Tests/TallyPluginTests/TallyConformanceTests.swift"
        let generated = try String(contentsOfFile: conformance, encoding: .utf8)
        let rewritten = generated.replacingOccurrences(of: "let report = ", with: "let verdict = ").replacingOccurrences(of: "report.", with: "verdict.")
            .replacingOccurrences(of: "\\(report)", with: "\\(verdict)")
        try #require(rewritten != generated && !rewritten.contains("report"), "\(rewritten)")
        try rewritten.write(toFile: conformance, atomically: true, encoding: .utf8)
        // ContactsKit is found beside the plugin.
        let command = ["new", "module", "Progress", "--in", folder + "/Tally", "--uses", "ContactsKit.ContactsKitService"]
        let refused = try viper.run(command)
        #expect(refused.status == 64, "\(refused.output)")
        let line = try #require(Hint.line("does not check the plugin as 'viper new' writes it, so nothing was written", in: refused.stderr), "\(refused.output)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Tally/Sources/TallyPlugin/Progress"), "nothing was written")
        let table = try #require(Hint.commands(in: line).first { $0.first == "let" }?.joined(separator: " "), "\(line)")
        #expect(table == "let services = try ServiceTable.standard()" && line.contains("'services: services' in the call"), "\(line)")
        // The table before the check, and passed to it, as the line says.
        try rewritten.replacingOccurrences(of: "        let verdict = try Conformance.check(TallyPlugin.self, ",
                                           with: "        \(table)\n        let verdict = try Conformance.check(TallyPlugin.self, services: services, ")
            .write(toFile: conformance, atomically: true, encoding: .utf8)
        let followed = try viper.run(command)
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try String(contentsOfFile: conformance, encoding: .utf8).contains("services.register(ContactsKitService.self, instance: FakeContactsKitService())"))
        let test = try Subprocess.tool(["swift", "test"], in: folder + "/Tally")
        #expect(test.status == 0, "\(test.output)")
    }

    /// `--uses` of a library that is neither beside the plugin nor among its dependencies: "give the
    /// library's package folder with --library-path DIR". Given, the module is written (--library-path
    /// was refused without --contract or --routes-to, a loop), and the package builds and passes.
    @Test func aServiceOfALibraryElsewhereIsUsedOnceItsFolderIsGivenAsTheLineSays() throws {
        let viper = ViperProcess()
        let folder = try TemporaryFolder.make("hint-uses-elsewhere")
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder + "/libraries"]).status == 0)
        #expect(try viper.run(["new", "Tally", "--dir", folder + "/plugins"]).status == 0)
        let command = ["new", "module", "Progress", "--in", folder + "/plugins/Tally", "--uses", "ContactsKit.ContactsKitService"]
        let refused = try viper.run(command)
        #expect(refused.status == 64, "\(refused.output)")
        let line = try #require(Hint.line("no contract library 'ContactsKit'", in: refused.stderr), "\(refused.output)")
        #expect(line.hasSuffix("give the library's package folder with --library-path DIR, or name one that exists"), "\(line)")
        let followed = try viper.run(command + ["--library-path", folder + "/libraries/ContactsKit"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/plugins/Tally/Sources/TallyPlugin/Progress"), "\(followed.output)")
        let test = try Subprocess.tool(["swift", "test"], in: folder + "/plugins/Tally")
        #expect(test.status == 0, "\(test.output)")
    }
}
