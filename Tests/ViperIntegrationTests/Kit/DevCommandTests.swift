import Foundation
import Testing
@testable import ViperKit
import ViperTestSupport

/// `viper dev` on a package `viper new` generated, in a folder of its own (it edits the sources),
/// fed through a pipe. Piped input shows notices when a line comes, so the tests send `where`
/// until the notice they wait for has come.
@Suite(.serialized, .tags(.slow)) struct DevCommandTests {
    /// A fresh `viper new Counter --example` package (its own copy: the tests edit it).
    static func newCounter() throws -> String {
        let folder = try TemporaryFolder.make("dev")
        let new = try ViperProcess().run(["new", "Counter", "--example", "--dir", folder])
        try #require(new.status == 0, "\(new.stderr)")
        return folder + "/Counter"
    }

    static let presenter = "Sources/CounterPlugin/Counter/CounterPresenter.swift"
    static let view = "Sources/CounterPlugin/Counter/CounterView.swift"

    static func edit(_ package: String, _ file: String, _ change: (String) -> String) throws {
        let path = package + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(change(text).utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Sends `where` until standard output holds `text` (at most `seconds`): once, then again each
    /// time viper has news for the next line (`probe: …` on standard error: the build loop posted
    /// a notice, or the watcher heard a plugin change), never on a timer.
    static func poke(_ viper: RunningViper, until text: String, seconds: Double = 240) throws {
        let deadline = Date().addingTimeInterval(seconds)
        func news() -> Int { viper.standardError.components(separatedBy: "probe: ").count }
        var taken = news()
        viper.send("where")
        while !viper.printed.contains(text) {
            let came = viper.wait(seconds: max(deadline.timeIntervalSinceNow, 0)) { viper.printed.contains(text) || news() > taken }
            guard came, viper.isRunning || viper.printed.contains(text) else {
                throw DevTimeout(description: "no '\(text)' within \(Int(seconds)) s; printed:\n\(viper.printed)\n\(viper.standardError)")
            }
            if viper.printed.contains(text) { return }
            taken = news()
            viper.send("where")
        }
    }

    static func start(_ package: String, _ arguments: [String] = [], probe: Bool = false) throws -> RunningViper {
        var environment = ViperProcess().environment
        if probe { environment["VIPER_RELOAD_PROBE"] = "1" }
        environment["VIPER_RELOAD_PROBE_HEARD"] = "1"  // the events ``poke(_:until:seconds:)`` waits for
        return try RunningViper(arguments: ["dev", package] + arguments, environment: environment)
    }

    @Test func devBuildsTheNewPluginAndOpensTheShellWithIt() throws {
        let package = try Self.newCounter()
        let viper = try Self.start(package, ["--open", "counter"])
        try viper.waitFor("Nothing here yet: type 'add TEXT' to add an entry.", seconds: 300)
        viper.send("add Milk")
        try viper.waitFor("1. Milk")
        let (status, errors) = try viper.finish()
        #expect(status == 0)
        #expect(errors.contains("Built CounterPlugin in "), "\(errors)")
        #expect(errors.contains("opening the shell with \(package)/.build/debug/libCounterPlugin.so"), "\(errors)")
        #expect(viper.printed.hasPrefix("── Home › Counter"), "--open opened the route at start: \(viper.printed)")
    }

    @Test func aBuildErrorIsShortAndTheShellKeepsRunningTheLastBuild() throws {
        let package = try Self.newCounter()
        let viper = try Self.start(package, probe: true)
        try Self.poke(viper, until: "Home", seconds: 300)  // built and open
        try Self.edit(package, Self.view) { $0 + "\nlet broken: Int = \"text\"\n" }
        try Self.poke(viper, until: "build of CounterPlugin failed")
        try Self.poke(viper, until: "to specified type 'Int'")
        let lines = viper.printed.split(separator: "\n")
        let failure = try #require(lines.firstIndex { $0.hasPrefix("build of CounterPlugin failed") })
        #expect(lines[failure] == "build of CounterPlugin failed; the previous build keeps serving:")
        #expect(lines[failure + 1].hasPrefix("  \(Self.view):"), "file:line relative to the package: \(lines[failure + 1])")
        #expect(lines[failure + 1].hasSuffix(": cannot convert value of type 'String' to specified type 'Int'"))
        #expect(!viper.printed.contains("probe: libCounterPlugin.so"), "a failed build leaves the .so alone")
        viper.send("open counter")
        try viper.waitFor("Nothing here yet")
        // Fixed: the next build succeeds and rewrites the plugin, which the shell's watcher sees.
        try Self.edit(package, Self.view) { $0.replacingOccurrences(of: "\nlet broken: Int = \"text\"\n", with: "") }
        try Self.poke(viper, until: "probe: libCounterPlugin.so changed")
        #expect(viper.printed.contains("built CounterPlugin in "))
        let (status, _) = try viper.finish()
        #expect(status == 0)
    }

    /// Needs the reload engine (`HostRuntime.reload(changed:)` and its conformance to
    /// `PluginReloading`): without it the notice says viper cannot reload.
    @Test(.enabled(if: LiveReloadEngine.present, "needs HostRuntime's reload engine and its PluginReloading conformance"))
    func anEditToTheViewTextShowsInTheShellWithoutRestarting() throws {
        let package = try Self.newCounter()
        let viper = try Self.start(package, ["--open", "counter"])
        try viper.waitFor("Nothing here yet: type 'add TEXT' to add an entry.", seconds: 300)
        try Self.edit(package, Self.presenter) { $0.replacingOccurrences(of: "Nothing here yet:", with: "Still nothing:") }
        try Self.poke(viper, until: "Still nothing: type 'add TEXT' to add an entry.")
        #expect(!viper.printed.contains("cannot reload"), "\(viper.printed)")
        let (status, _) = try viper.finish()
        #expect(status == 0)
    }

    @Test func aFolderThatIsNotAPluginPackageSaysWhatToDo() throws {
        let empty = try TemporaryFolder.make("dev-empty")
        let notPackage = try ViperProcess().run(["dev", empty])
        #expect(notPackage.status == 1)
        #expect(notPackage.stderr == "viper: \(empty) is not a SwiftPM package (it has no Package.swift); run 'viper dev' in the folder 'viper new NAME' made, or give its path: 'viper dev ~/src/Counter'\n")

        let missing = try ViperProcess().run(["dev", empty + "/nowhere"])
        #expect(missing.stderr == "viper: \(empty)/nowhere: no such folder; run 'viper dev' in a plugin package (one 'viper new NAME' made) or give its path\n")

        try FileManager.default.createDirectory(atPath: empty + "/Sources/Tool", withIntermediateDirectories: true)
        try Data("let x = 1\n".utf8).write(to: URL(fileURLWithPath: empty + "/Sources/Tool/Tool.swift"))
        try Data("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Tool", products: [.library(name: "Tool", targets: ["Tool"])], targets: [.target(name: "Tool")])

            """.utf8).write(to: URL(fileURLWithPath: empty + "/Package.swift"))
        let noPlugin = try ViperProcess().run(["dev", empty])
        #expect(noPlugin.status == 1)
        #expect(noPlugin.stderr.hasPrefix("viper: the package in \(empty) has no plugin product: a plugin is a dynamic library product"), "\(noPlugin.stderr)")
    }

    @Test func devHelpSaysWhatTheLoopDoes() throws {
        let result = try ViperProcess().run(["dev", "--help"])
        #expect(result.stdout.hasPrefix("""
            viper dev: Build a plugin package, open the shell with it, and rebuild and reload it on every change

            Usage: viper [OPTIONS] dev [PATH] [--open]

            In the package folder PATH (default: the current folder) of a plugin made by 'viper new', runs
            'swift build', then opens the shell with the bundled plugins and the one just built.
            """), "\(result.stdout)")
        #expect(result.stdout.contains("\nOptions:\n  --open ROUTE  Open ROUTE at start and again after each reload (in place of the open modules)\n"))
        #expect(result.stdout.contains("\n  --watch                   Watch the plugin folders in -c or piped sessions too, reloading plugins that change\n"))
        #expect(result.stdout.contains("\n  --no-watch                Do not watch the plugin folders (an interactive shell and 'viper dev' do by default)\n"))
        let misplaced = try ViperProcess().run(["--open", "counter"])
        #expect(misplaced.status == 64)
        #expect(misplaced.stderr == "viper: option '--open' belongs to 'viper dev'\n")
    }

    @Test func buildErrorsAreShortRelativeAndCounted() {
        let output = """
            [1/3] Compiling CounterPlugin CounterView.swift
            /p/Counter/Sources/A.swift:3:9: error: first
            /p/Counter/Sources/A.swift:3:9: error: first
            /p/Counter/Sources/B.swift:10:1: error: second
            /p/Counter/Sources/B.swift:11:1: warning: not an error
            /p/Counter/Sources/C.swift:1:1: error: third
            /p/Counter/Sources/D.swift:2:2: error: fourth
            /p/Counter/Sources/E.swift:2:2: error: fifth
            """
        #expect(DevPackage.buildErrors(output, package: "/p/Counter") == [
            "Sources/A.swift:3: first", "Sources/B.swift:10: second", "Sources/C.swift:1: third",
            "and 2 more errors: run 'swift build' in /p/Counter to see them all",
        ])
        #expect(DevPackage.buildErrors("error: no such product 'X'\n", package: "/p") == ["no such product 'X'"])
    }
}

struct DevTimeout: Error, CustomStringConvertible {
    let description: String
}

/// Whether this viper has the reload engine: its shell has the `reload` command, which comes with
/// `HostRuntime.reload(changed:)`; the test that needs it is then enabled.
enum LiveReloadEngine {
    static var present: Bool {
        ((try? ViperProcess().run(["-c", "help reload"]))?.status ?? 1) == 0
    }
}
