import Contracts
import Foundation
import Testing
@testable import ViperCore
import ViperTestSupport
@testable import ViperRuntime

/// Many threads resolve while the registry is written: plugins load lazily from inside
/// factories (a write while a factory runs on the reading thread) and a writer replaces a
/// plugin again and again (a reload). Part of ``RegistryTests`` so that
/// `swift test --sanitize=thread --filter RegistryTests` runs it.
extension RegistryTests {
    private static let lazyPlugins = 48

    @Test func resolvingFromManyThreadsWhilePluginsLoadInsideFactoriesAndAPluginIsReplacedIsSafe() throws {
        let registry = Registry()
        let outer = RecordingRegistrar(plugin: "outer")
        let made = Locked(0)
        // A factory that needs a plugin not loaded yet, and the plugin being replaced.
        outer.registerService(Tally.self, name: "outer", scope: .transient) { resolver in
            let index = made.withLock { made in
                made += 1
                return made % Self.lazyPlugins
            }
            let lazy = try resolver.resolve(Welcome.self, name: "lazy\(index)").text
            let swapped = try resolver.resolve(Welcome.self, name: "swapped").text
            guard lazy == "lazy \(index)", swapped.hasPrefix("version ") else {
                throw StubError("inside a factory: \(lazy), \(swapped)")
            }
            return TallyStub()
        }
        outer.seal()
        registry.commit(outer)
        registry.commit(WelcomeStub.registrar(plugin: "swapped", name: "swapped", text: "version 0"))
        let loads = Locked([String: Int]())
        registry.onMiss = { key in
            guard let name = key.name, name.hasPrefix("lazy") else { return false }
            loads.withLock { loads in
                if loads[name] == nil { registry.commit(WelcomeStub.registrar(plugin: name, name: name, text: "lazy \(name.dropFirst(4))")) }
                loads[name, default: 0] += 1
            }
            return true
        }
        let readers = 6, rounds = 150
        let finished = Locked(0)
        let seen = Locked((failures: [String](), versions: Set<String>(), replaced: 0, readersThatSawAReplace: 0))
        try RegistryThreads.run(readers + 1) { thread in
            guard thread > 0 else {
                var version = 0
                while finished.withLock({ $0 }) < readers {
                    version += 1
                    registry.replace(plugin: "swapped", with: WelcomeStub.registrar(plugin: "swapped", name: "swapped", text: "version \(version)"),
                                     skipping: [], routeOwners: [:])
                }
                seen.withLock { $0.replaced = version }
                return
            }
            let resolver = registry.resolver(for: "thread \(thread)")
            let provider = resolver.provider(Welcome.self, name: "swapped")
            var mine = Set<String>()
            var round = 0
            // At least `rounds`, and on until this thread has seen the writer replace the plugin.
            while round < rounds || (mine.count < 2 && round < 100 * rounds) {
                round += 1
                do {
                    _ = try resolver.resolve(Tally.self, name: "outer")
                    let direct = try resolver.resolve(Welcome.self, name: "swapped").text
                    let provided = try provider().text
                    mine.formUnion([direct, provided])
                } catch {
                    seen.withLock { $0.failures.append("\(error)") }
                }
            }
            seen.withLock { $0.versions.formUnion(mine); $0.readersThatSawAReplace += mine.count > 1 ? 1 : 0 }
            finished.withLock { $0 += 1 }
        }
        let (failures, versions, replaced, sawAReplace) = seen.withLock { ($0.failures, $0.versions, $0.replaced, $0.readersThatSawAReplace) }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(3))")
        #expect(sawAReplace == readers, "every reader read while the writer replaced (\(versions.count) of \(replaced) versions seen)")
        #expect(versions.allSatisfy { $0.hasPrefix("version ") })
        // Each lazy plugin was committed once, however many threads missed it at once.
        let loaded = registry.read { tables in (0..<Self.lazyPlugins).filter { tables.services[RegistryKey(type: ObjectIdentifier(Welcome.self), name: "lazy\($0)")] != nil } }
        #expect(loaded.count == Self.lazyPlugins)
        #expect(try registry.resolver(for: "after").resolve(Welcome.self, name: "swapped").text == "version \(replaced)")
    }
}
