import Foundation
import Testing
@testable import ViperBench
import ViperTestSupport

/// `viper-bench --callgrind` counts the in-process rows' instructions in processes of their own.
@Suite(.tags(.slow)) struct CallgrindBenchTests {
    private var bench: String { BuildProducts.directory + "/viper-bench" }

    @Test func eachLoopRunsAloneAndAnUnknownOneIsAUsageError() throws {
        for loop in InProcessBench.Loop.allCases {
            let result = try Subprocess.run(bench, ["--loop", loop.rawValue, "10"])
            #expect(result.status == 0, "\(loop.rawValue): \(result.stderr)")
        }
        let wrong = try Subprocess.run(bench, ["--loop", "teleport", "10"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "viper-bench: --loop takes one of resolve, factory, module, by-hand, provider, built-by-hand and a count\n")
    }

    /// The counts are real: resolving by contract costs more instructions than calling the
    /// factory it wraps, and both are positive (valgrind is on every machine of this kind).
    @Test func resolvingCountsMoreInstructionsThanTheFactoryItWraps() throws {
        let valgrind = "/usr/bin/valgrind"
        try #require(FileManager.default.isExecutableFile(atPath: valgrind), "valgrind is not installed")
        let factory = try CallgrindBench.perCall(.factory, valgrind: valgrind, executable: bench)
        let resolve = try CallgrindBench.perCall(.resolve, valgrind: valgrind, executable: bench)
        #expect(factory > 0)
        #expect(resolve > factory)
        // A provider skips the lookup: its call counts fewer than a resolve, more than the bare factory.
        let provider = try CallgrindBench.perCall(.provider, valgrind: valgrind, executable: bench)
        #expect(provider > factory)
        #expect(provider < resolve)
    }

    /// The module row's split (docs/benchmarks) holds: a `BuiltModule` made by
    /// hand costs more than bare wiring, and building the module by contract costs more again.
    @Test func aBuiltModuleByHandCountsBetweenBareWiringAndBuildingByContract() throws {
        let valgrind = "/usr/bin/valgrind"
        try #require(FileManager.default.isExecutableFile(atPath: valgrind), "valgrind is not installed")
        let bare = try CallgrindBench.perCall(.byHand, valgrind: valgrind, executable: bench)
        let built = try CallgrindBench.perCall(.builtByHand, valgrind: valgrind, executable: bench)
        let byContract = try CallgrindBench.perCall(.module, valgrind: valgrind, executable: bench)
        #expect(bare < built)
        #expect(built < byContract)
    }
}
