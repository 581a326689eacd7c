import Contracts
import Foundation
@testable import ViperELF
import ViperHostTestSupport
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// Fixture plugins for the plugin boundary after start-up, from `Tests/Fixtures/AfterStartup/`.
enum AfterStartupFixtures {
    /// Registers a second NoteStore only when not run by `viper __scan`.
    static func extraContract() throws -> String {
        try Fixtures.swift("AfterStartup/ExtraContractPlugin.swift", module: "ExtraContractPlugin")
    }

    /// Calls exit(0) while its module `exit-build` is built and in the command `leave` of `exit-command`.
    static func exiting() throws -> String {
        try Fixtures.swift("AfterStartup/ExitPlugin.swift", module: "ExitPlugin")
    }

    /// A C plugin whose `.viper_abi` section says `section` and whose `viper_plugin_abi` returns
    /// `function`; `magic` replaces the section's first word. Its constructor creates the file
    /// returned as `marker` (removed here first): if it appears, the plugin's code ran.
    static func sectioned(section: ContractsVersion, function: ContractsVersion,
                          magic: UInt32? = nil) throws -> (path: String, marker: String) {
        // One marker per variant, so each variant is compiled once, not once per run.
        let marker = FixtureCompiler.outputDirectory + "/section-abi-\(section)-\(function)-\(magic.map(String.init) ?? "magic").ran"
        unlink(marker)
        var flags = ["-DSECTION_MAJOR=\(section.major)u", "-DSECTION_MINOR=\(section.minor)u",
                     "-DFUNCTION_ABI=\(function.packed)u", "-DMARKER_PATH=\"\(marker)\""]
        if let magic { flags.append("-DMAGIC=\(magic)u") }
        let source = try String(contentsOfFile: Fixtures.sources + "/AfterStartup/SectionABIPlugin.c", encoding: .utf8)
        return (try FixtureCompiler.cPlugin(named: "SectionABIPlugin", source: source, extraFlags: flags), marker)
    }

    /// Runtime options for an isolated start-up (scanned by the built `viper` in a child) with `plugins`.
    static func isolated(_ plugins: [String]) throws -> RuntimeOptions {
        var options = TestRuntime.options(try TestRuntime.makeFolders(), plugins: plugins)
        options.scanMode = .isolated
        options.scannerExecutable = BuildProducts.viper
        return options
    }
}

/// The linkage of the ELF file at `path`, as the loader reads it before `dlopen`.
func readELFLinkage(_ path: String) throws -> ELFLinkage? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    fstat(descriptor, &info)
    return ELFLinkage(descriptor: descriptor, size: UInt64(info.st_size))
}
