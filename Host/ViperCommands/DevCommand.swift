import Foundation
import ViperCommandLine
import ViperKit
import ViperShell
import ViperSupervision

/// `viper dev [PATH] [--open ROUTE]`: builds the plugin package (or the workspace of a library
/// and its plugins), then opens the shell with the `.so` files added to the bundled plugins,
/// rebuilding on every change to the sources (see `DevSession`, `DevWorkspace`).
package struct DevCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["dev"], abstract: "Build a plugin package, open the shell with it, and rebuild and reload it on every change",
        discussion: """
            In the package folder PATH (default: the current folder) of a plugin made by 'viper new', runs
            'swift build', then opens the shell with the bundled plugins and the one just built. While the
            shell runs, a change to the package's Sources or Package.swift builds it again: a build that
            succeeds replaces the plugin in the running shell (modules on screen keep their code until they
            close); a build that fails is shown in a few lines above the prompt, and the previous build
            keeps serving. With --open, the route is opened at start and again after each reload.
            A PATH that holds packages (a contract library and the plugins that use it) is a workspace:
            libraries build first, and a change to one rebuilds it, then the plugins that depend on it.
            """,
        arguments: "[PATH]", maximumArguments: 1,
        options: [CommandOption("--open", value: "ROUTE", help: "Open ROUTE at start and again after each reload (in place of the open modules)")])

    let path: String
    let openRoute: String?
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        path = parsed.positional.first ?? "."
        openRoute = parsed.value("--open")
        context = parsed.context
    }

    package func run() -> Int32 {
        // Supervised like any shell: the supervisor forks before the build and the watcher start
        // threads, and each worker builds (the first) or resumes (a restart) and watches.
        if ShellCommand.supervises(environment: context.environment) {
            return ShellCommand.supervised(context) { run() }
        }
        let session: any DevBuilding
        do {
            session = try devSession()
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
        defer { session.stop() }
        if context.globals.watch != false {
            do {
                try session.startWatching()
            } catch {
                ViperTool.printError("warning: \(error); the package is not rebuilt on changes this session")
            }
        }
        var shell = context
        shell.globals.pluginFlags += session.libraries
        shell.globals.preferredLibraryFolders += session.preferredLibraryFolders
        return ShellCommand.session(shell) { runtime in
            LiveSetup(reloader: runtime, notices: session.takeNotices, reopenRoute: openRoute, watchesByDefault: true)
        }
    }

    /// The dev session of this worker: the first builds the package; one that replaces a crashed
    /// worker finds the build the first made (and the watcher rebuilds on the next change).
    private func devSession() throws -> any DevBuilding {
        if WorkerLaunch.current?.isRestart == true {
            return try DevTarget.resume(path: path) { ViperTool.printError($0) }
        }
        return try DevTarget.prepare(path: path) { ViperTool.printError($0) }
    }
}
