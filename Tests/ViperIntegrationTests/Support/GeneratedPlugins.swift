import Foundation
import ViperTestSupport

/// Plugins generated for the profile, slow-start and bisect tests: one Swift source compiled
/// once, copied under many file names. Each copy names itself after its file (through `dladdr`,
/// as viper-bench's plugins do) and declares the route `gen/NAME`, whose module draws
/// `generated module NAME`. What a copy does besides depends on its name:
/// - `slow-…`: its entry point sleeps 150 ms (a slow loader; the scanner runs it too);
/// - `heavy-…`: its builder works 40 ms of CPU before it returns (a heavy builder);
/// - `session-…`: it also provides `Contracts.Session`, always signed in as `mallory`, and is found
///   before the bundled Account plugin, so it serves that contract: the notes list no longer says
///   `Not signed in` (a plugin that breaks a script that uses only bundled plugins);
/// - `pairfetch-…` provides `Contracts.FeedFetching` (found before the bundled Articles plugin), and
///   `pairsession-…` provides `Contracts.Session`, signed in as `mallory` only when the feed fetcher
///   it is given is a `pairfetch-…` one: each alone changes nothing a script of the notes sees, the
///   two together sign `mallory` in (a pair that breaks a script only together);
/// - `breaks-TARGET`: it declares `gen/TARGET` instead, and is found before `libTARGET.so`
///   (file names are searched in order), so it takes the route from TARGET: `open gen/TARGET`
///   then draws `generated module breaks-TARGET` (a plugin that breaks a script).
enum GeneratedPlugins {
    static let source = """
        import Contracts
        import Glibc

        @_cdecl("viper_plugin_abi")
        public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

        @_cdecl("viper_plugin_entry")
        public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
            PluginEntry.run(host, plugin: GenPlugin.self)
        }

        public protocol GenInput: AnyObject {}

        enum GenPlugin: Plugin {
            static var manifest: PluginManifest {
                PluginManifest(name: ownName, version: "1.0.0", summary: "generated for a test")
            }

            static func register(in registrar: any Registrar) throws {
                if ownName.hasPrefix("slow-") { usleep(150_000) }
                if ownName.hasPrefix("session-") {
                    registrar.registerService(Session.self) { _ in MallorySession() }
                }
                if ownName.hasPrefix("pairfetch-") {
                    registrar.registerService(FeedFetching.self) { _ in PairFetcher() }
                }
                if ownName.hasPrefix("pairsession-") {
                    registrar.registerService(Session.self, requires: [.service(FeedFetching.self)]) { resolver in
                        PairSession(fetcher: try resolver.resolve(FeedFetching.self))
                    }
                }
                let target = ownName.hasPrefix("breaks-") ? String(ownName.dropFirst(7)) : ownName
                registrar.registerModule(GenInput.self, name: ownName,
                                         route: RouteSpec("gen/\\(target)", summary: "generated module"),
                                         requires: [], builder: GenBuilder())
            }

            static let ownName: String = {
                var info = Dl_info()
                guard dladdr(#dsohandle, &info) != 0, let file = info.dli_fname else { return "gen-unknown" }
                var name = String(cString: file)
                var target = [CChar](repeating: 0, count: 4097)
                if readlink(file, &target, 4096) > 0 { name = String(cString: target) }
                if name.hasSuffix(" (deleted)") { name.removeLast(10) }
                if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
                if name.hasPrefix("memfd:") { name.removeFirst(6) }
                if name.hasPrefix("lib") { name.removeFirst(3) }
                if name.hasSuffix(".so") { name.removeLast(3) }
                return name
            }()
        }

        final class GenPresenter: GenInput {}

        final class PairTask: FeedFetchTask {
            func cancel() {}
        }

        final class PairFetcher: FeedFetching {
            func fetch(_ request: FeedRequest, completion: @escaping @Sendable (FeedFetchOutcome) -> Void) -> any FeedFetchTask {
                PairTask()
            }
        }

        final class PairSession: Session {
            let paired: Bool
            init(fetcher: any FeedFetching) { paired = String(describing: type(of: fetcher)).contains("PairFetcher") }
            var currentUser: User? { paired ? User(name: "mallory") : nil }
            func signIn(name: String, password: String) throws -> User { User(name: name) }
            func signOut() {}
        }

        final class MallorySession: Session {
            var currentUser: User? { User(name: "mallory") }
            func signIn(name: String, password: String) throws -> User { User(name: "mallory") }
            func signOut() {}
        }

        final class GenView: ModuleView {
            let presenter = GenPresenter()
            var title: String { GenPlugin.ownName }
            func render(on screen: any Screen) { screen.text("generated module \\(GenPlugin.ownName)") }
        }

        final class GenBuilder: ModuleBuilder {
            func build(_ context: any ModuleContext) throws -> BuiltModule {
                if GenPlugin.ownName.hasPrefix("heavy-") {
                    var start = timespec(), now = timespec()
                    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
                    repeat { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) }
                    while Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9 < 0.04
                }
                let view = GenView()
                return BuiltModule(view: view, input: view.presenter, parts: [view.presenter])
            }
        }
        """

    /// The compiled plugin (built once per run of the tests).
    static func template() throws -> String {
        try FixtureCompiler.swiftPlugin(named: "GenPlugin", source: source, extraFlags: ["-Xcc", "-D_GNU_SOURCE"])
    }

    /// A new folder holding a copy of the plugin for each of `names` (`lib<name>.so`).
    static func folder(_ names: [String]) throws -> String {
        let template = try template()
        let folder = try TemporaryFolder.make("generated")
        for name in names {
            try FileManager.default.copyItem(atPath: template, toPath: folder + "/lib\(name).so")
        }
        return folder
    }

    /// `count` plugin names: `gen-0001`, `gen-0002`, ...
    static func names(_ count: Int) -> [String] {
        (1...count).map { String(format: "gen-%04d", $0) }
    }
}
