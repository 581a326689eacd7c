import Contracts
import Foundation
import Testing
import ViperHostTestSupport
@testable import ViperRuntime
import ViperTestSupport

/// Resolving from many threads while the plugin that provides the service is not loaded yet:
/// the first resolves load it (once), every thread gets a store, and all get the one
/// process-scoped instance.
@Suite struct ConcurrentLazyResolveTests {
    @Test func manyThreadsResolveAServiceWhosePluginLoadsOnFirstUse() throws {
        let folders = try TestRuntime.makeFolders(bundled: ["NoteStorage", "Account"])  // the store asks the Session whose notes
        var options = TestRuntime.options(folders)
        options.scanMode = .isolated
        options.scannerExecutable = BuildProducts.viper
        let runtime = try TestRuntime.start(options)
        #expect(runtime.record(named: "note-storage")?.status == .ready, "\(runtime.problemLines)")

        let registry = runtime.registry
        let seen = Locked((instances: Set<ObjectIdentifier>(), failures: [String]()))
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let resolver = registry.resolver(for: "thread \(index)")
            do {
                let store = try resolver.resolve(NoteStore.self)
                seen.withLock { _ = $0.instances.insert(ObjectIdentifier(store as AnyObject)) }
            } catch {
                seen.withLock { $0.failures.append("\(error)") }
            }
        }
        let (instances, failures) = seen.withLock { ($0.instances, $0.failures) }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(instances.count == 1)
        #expect(runtime.record(named: "note-storage")?.status == .loaded)
    }
}
