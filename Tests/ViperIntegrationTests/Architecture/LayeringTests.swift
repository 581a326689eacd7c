import Foundation
import Testing
import ViperTestSupport

/// The host's layers, read from the package as SwiftPM sees it (`swift package describe`): each
/// layer depends only on the layers below it, and the runtime links no shell, readline or
/// conformance kit. docs/ARCHITECTURE.md's "Layers" section (under "The map of the repository")
/// draws the same map.
@Suite struct LayeringTests {
    /// Each host target and everything it may depend on directly (targets and products).
    private static let allowed: [String: Set<String>] = [
        "ViperCore": ["Contracts", "CThreadLocal"],
        "ViperELF": ["Contracts", "ViperCore"],
        "ViperLoading": ["Contracts", "ViperCore", "ViperELF", "CCrypto"],
        "ViperRuntime": ["Contracts", "ViperCore", "ViperLoading", "CSQLite"],
        "ViperSupervision": ["Contracts", "ViperCore", "ViperLoading"],
        "ViperCommandLine": ["ViperCore", "ViperELF", "ViperLoading", "ViperRuntime", "ViperSupervision"],
        "ViperShell": ["ViperCore", "ViperLoading", "ViperRuntime", "ViperSupervision", "ViperCommandLine", "CReadline"],
        "ViperKit": ["ViperCore", "ViperLoading", "ViperRuntime", "ViperCommandLine"],
        "ViperCheck": ["ViperCore", "ViperELF", "ViperLoading", "ViperRuntime", "ViperCommandLine", "ConformanceKit"],
        "ViperBench": ["ViperCore", "ViperLoading", "ViperRuntime", "ViperCommandLine", "ViperShell"],
        "ViperFuzz": ["ViperCore", "ViperELF", "ViperLoading", "ViperRuntime", "ViperShell"],
        "ViperCommands": ["ViperCore", "ViperLoading", "ViperRuntime", "ViperSupervision", "ViperCommandLine", "ViperShell", "ViperKit", "ViperCheck"],
        "viper": ["ViperCommands"],
        "viper-bench": ["ViperBench"],
        "viper-fuzz": ["ViperFuzz"],
    ]

    /// Target name → its direct dependencies, from `swift package describe --type json`. A
    /// scratch folder of its own keeps it off the lock of the build that runs these tests.
    private static func describedDependencies() throws -> [String: Set<String>] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("viper-describe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result = try FixtureCompiler.run(["swift", "package", "--package-path", BuildProducts.repository,
                                              "--scratch-path", scratch, "describe", "--type", "json"])
        try #require(result.status == 0, "swift package describe failed: \(result.output)")
        let start = result.output.firstIndex(of: "{") ?? result.output.startIndex
        struct Package: Decodable {
            struct Target: Decodable {
                let name: String
                let targets: [String]?
                let products: [String]?

                enum CodingKeys: String, CodingKey {
                    case name
                    case targets = "target_dependencies"
                    case products = "product_dependencies"
                }
            }
            let targets: [Target]
        }
        let package = try JSONDecoder().decode(Package.self, from: Data(result.output[start...].utf8))
        return Dictionary(package.targets.map { ($0.name, Set(($0.targets ?? []) + ($0.products ?? []))) },
                          uniquingKeysWith: { first, _ in first })
    }

    /// Everything `target` reaches through the package's own targets.
    private static func reachable(from target: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var pending = [target]
        while let next = pending.popLast() {
            for dependency in graph[next] ?? [] where seen.insert(dependency).inserted {
                pending.append(dependency)
            }
        }
        return seen
    }

    @Test func everyHostTargetDependsOnlyOnTheLayersBelowIt() throws {
        let graph = try Self.describedDependencies()
        for (target, allowed) in Self.allowed {
            let actual = try #require(graph[target], "Package.swift has no target \(target)")
            #expect(actual == allowed, "\(target) depends on \(actual.sorted()), the layer map allows \(allowed.sorted())")
        }
    }

    /// CThreadLocal is a header with the core's one thread-local word: no library, no file, no process.
    @Test func theCoreReachesOnlyContractsAndItsThreadLocalWord() throws {
        #expect(Self.reachable(from: "ViperCore", in: try Self.describedDependencies()) == ["Contracts", "CThreadLocal"])
    }

    /// The ELF reader is a layer of its own between the core and acquisition: it reads files
    /// it is given and reaches nothing of acquisition, the runtime or a system library.
    @Test func theELFReaderReachesOnlyContractsAndTheCore() throws {
        #expect(Self.reachable(from: "ViperELF", in: try Self.describedDependencies()) == ["Contracts", "ViperCore", "CThreadLocal"])
    }

    @Test func acquisitionReachesTheCoreAndLibcryptoButNoDatabaseOrRuntime() throws {
        let reached = Self.reachable(from: "ViperLoading", in: try Self.describedDependencies())
        #expect(reached == ["Contracts", "ViperCore", "CThreadLocal", "ViperELF", "CCrypto"])
    }

    @Test func theRuntimeReachesNoShellReadlineOrConformanceKit() throws {
        let reached = Self.reachable(from: "ViperRuntime", in: try Self.describedDependencies())
        #expect(reached == ["Contracts", "ViperCore", "CThreadLocal", "ViperELF", "ViperLoading", "CSQLite", "CCrypto"])
        for forbidden in ["ViperShell", "CReadline", "ConformanceKit", "ViperCheck", "ViperKit", "ViperCommandLine", "ViperSupervision"] {
            #expect(!reached.contains(forbidden), "the runtime reaches \(forbidden)")
        }
    }

    /// Supervision is one target over acquisition and the core: the shell runs in its workers, so
    /// it may not reach the shell, readline, a database or the runtime.
    @Test func supervisionReachesOnlyAcquisitionAndTheCore() throws {
        let reached = Self.reachable(from: "ViperSupervision", in: try Self.describedDependencies())
        #expect(reached == ["Contracts", "ViperCore", "CThreadLocal", "ViperELF", "ViperLoading", "CCrypto"])
    }

    @Test func onlyTheCheckSideLinksTheConformanceKit() throws {
        let graph = try Self.describedDependencies()
        // The executable and the registry of every command (`ViperCommands`) link all of viper.
        let hostTargets = Self.allowed.keys.filter { $0 != "viper" && $0 != "ViperCommands" }
        let linking = hostTargets.filter { Self.reachable(from: $0, in: graph).contains("ConformanceKit") }
        #expect(Set(linking) == ["ViperCheck"])
    }
}
