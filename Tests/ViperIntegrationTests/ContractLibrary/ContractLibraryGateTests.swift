import Foundation
import Testing
import ViperTestSupport

/// The API gate `viper new --contract-library` writes, on a package it wrote and `swift build`
/// built: it records a version's interface, and fails a change made without a new version.
@Suite(.serialized) struct ContractLibraryGateTests {
    private func gate(_ arguments: [String] = [], in package: String) throws -> Subprocess.Result {
        try FixtureCompiler.run([package + "/API/gate"] + arguments, in: package)
    }

    private func build(_ package: String) throws {
        let build = try FixtureCompiler.run(["swift", "build"], in: package)
        try #require(build.status == 0, "\(build.output)")
    }

    @Test func theGateRecordsAnInterfaceAndFailsARequirementAddedWithoutANewVersion() throws {
        let folder = try TemporaryFolder.make("new-library-gate")
        let viper = ViperProcess()
        let new = try viper.run(["new", "Greetings", "--contract-library", "--dir", folder])
        #expect(new.status == 0, "\(new.stderr)")
        let user = try #require(viper.environment["XDG_DATA_HOME"]) + "/viper/plugins"
        #expect(new.stdout.contains("mkdir -p \(user) && cp --remove-destination .build/debug/libGreetings.so \(user)/"), "next steps honour XDG_DATA_HOME: \(new.stdout)")
        #expect(!new.stdout.contains("~/.local/share"), "\(new.stdout)")
        #expect(new.stdout.contains("cp --remove-destination Suites/.build/debug/libGreetingsSuites.so \(user)/"), "the suites go beside the library: \(new.stdout)")
        let package = folder + "/Greetings"
        #expect(try String(contentsOfFile: package + "/README.md", encoding: .utf8).contains("cp --remove-destination .build/debug/libGreetings.so \(user)/"))
        try build(package)

        let uncut = try gate(in: package)
        #expect(uncut.status == 1)
        #expect(uncut.output.contains("gate: the interface of Greetings 1.0 is not recorded yet"), "\(uncut.output)")
        let cut = try gate(["--cut"], in: package)
        #expect(cut.status == 0, "\(cut.output)")
        #expect(try String(contentsOfFile: package + "/API/BASELINE", encoding: .utf8) == "1.0\n")
        try build(package)
        let test = try FixtureCompiler.run(["swift", "test"], in: package)
        #expect(test.status == 0, "swift test runs the gate, which passes on the recorded interface: \(test.output)")

        let library = package + "/Sources/Greetings/Greetings.swift"
        let source = try String(contentsOfFile: library, encoding: .utf8)
        try source.replacingOccurrences(of: "    func describe(_ subject: String) -> String\n",
                                        with: "    func describe(_ subject: String) -> String\n    func farewell(_ subject: String) -> String\n")
            .write(toFile: library, atomically: true, encoding: .utf8)
        try build(package)
        let changed = try gate(in: package)
        #expect(changed.status == 1)
        #expect(changed.output.contains("gate: the interface of Greetings changed but it still says 1.0"), "\(changed.output)")
        #expect(changed.output.contains("gate: Greetings 1.0 breaks plugins built against 1.0"), "a requirement without a default: \(changed.output)")
        let refused = try gate(["--cut"], in: package)
        #expect(refused.status == 1)
        #expect(refused.output.hasSuffix("gate: nothing was cut: 1.0 is cut already; fix what is above, or, if 1.0 was never released, "
            + "record this build as 1.0 again with API/gate --recut\n"), "\(refused.output)")
        #expect(changed.output.contains("if 1.0 was never released (no plugin built against it is out), record this interface as 1.0 instead: API/gate --recut"),
                "\(changed.output)")
    }

    @Test func aVersionRaisedButNotBuiltIsRefusedNamingTheBuildAndCutOnceBuilt() throws {
        let folder = try TemporaryFolder.make("new-library-raise")
        #expect(try ViperProcess().run(["new", "Greetings", "--contract-library", "--dir", folder]).status == 0)
        let package = folder + "/Greetings"
        try build(package)
        #expect(try gate(["--cut"], in: package).status == 0)
        try build(package)

        let version = package + "/Sources/Greetings/GreetingsLibrary.swift"
        let source = try String(contentsOfFile: version, encoding: .utf8)
        let raised = source.replacingOccurrences(of: "major: 1, minor: 0,", with: "major: 1, minor: 1,")
            .replacingOccurrences(of: "(0x5643_4C42, 0x0001_0000)", with: "(0x5643_4C42, 0x0001_0001)")
        try #require(raised != source)
        try raised.write(toFile: version, atomically: true, encoding: .utf8)
        let stale = try gate(["--cut"], in: package)
        #expect(stale.status == 1)
        #expect(stale.output.contains("gate: GreetingsLibrary.compiled says 1.1 in \(version), but the build in "
            + "\(package)/.build/debug/Modules says 1.0: the build is older than the source; run 'swift build', then API/gate --cut again"),
                "\(stale.output)")
        #expect(!stale.output.contains("does not say"), "the record agrees with the source: \(stale.output)")
        #expect(!FileManager.default.fileExists(atPath: package + "/API/1.1"), "nothing was cut from the old build")

        try build(package)
        let cut = try gate(["--cut"], in: package)
        #expect(cut.status == 0, "the hint led to the fix: \(cut.output)")
        #expect(cut.output.contains("gate: API/1.1 is the baseline of Greetings"), "\(cut.output)")
        try build(package)
        let after = try gate(in: package)
        #expect(after.status == 0, "\(after.output)")
        #expect(after.output.contains("gate: Greetings 1.1 is the recorded interface"), "\(after.output)")
    }

    @Test func anUnreleasedVersionIsRecutAndThenHeldToItsNewInterface() throws {
        let folder = try TemporaryFolder.make("new-library-recut")
        #expect(try ViperProcess().run(["new", "Greetings", "--contract-library", "--dir", folder]).status == 0)
        let package = folder + "/Greetings"
        let help = try gate(["--help"], in: package)
        #expect(help.output.contains("API/gate --recut [--modules DIR] record this build again as the version already cut"), "\(help.output)")
        #expect(help.output.hasSuffix("DIR is the build's Modules folder (default: .build/debug/Modules).\n"), "\(help.output)")
        try build(package)
        #expect(try gate(["--cut"], in: package).status == 0)
        let firstCut = try String(contentsOfFile: package + "/API/1.0/Greetings.swiftinterface", encoding: .utf8)
        #expect(!firstCut.contains("farewell"))

        let library = package + "/Sources/Greetings/Greetings.swift"
        let source = try String(contentsOfFile: library, encoding: .utf8)
        try source.replacingOccurrences(of: "    func describe(_ subject: String) -> String\n",
                                        with: "    func describe(_ subject: String) -> String\n    func farewell(_ subject: String) -> String\n")
            .write(toFile: library, atomically: true, encoding: .utf8)
        try build(package)
        #expect(try gate(in: package).status == 1, "the changed interface under the cut version fails the gate")

        let recut = try gate(["--recut"], in: package)
        #expect(recut.status == 0, "\(recut.output)")
        #expect(recut.output.contains("gate: API/1.0 is the baseline of Greetings"), "\(recut.output)")
        #expect(try String(contentsOfFile: package + "/API/1.0/Greetings.swiftinterface", encoding: .utf8).contains("farewell"))
        #expect(try String(contentsOfFile: package + "/API/BASELINE", encoding: .utf8) == "1.0\n")
        try build(package)
        let after = try gate(in: package)
        #expect(after.status == 0, "the hint led to the fix: \(after.output)")
        #expect(after.output.contains("gate: Greetings 1.0 is the recorded interface"), "\(after.output)")
    }
}
