/// What `viper dev` runs beside the shell: one plugin package (``DevSession``) or a workspace of
/// a contract library and the plugins that use it (``DevWorkspace``). It builds before the shell
/// opens, rebuilds on changes, and hands the shell its notices.
package protocol DevBuilding: AnyObject {
    /// The plugin libraries the shell adds to the bundled plugins.
    var libraries: [String] { get }
    /// Folders whose contract libraries the shell loads before any installed copy of the same name.
    var preferredLibraryFolders: [String] { get }
    /// Starts watching the sources; each batch of changes builds once.
    func startWatching() throws
    /// The notices since the last call, oldest first.
    func takeNotices() -> [String]
    /// Stops watching and ends a build that is running.
    func stop()
}

extension DevSession: DevBuilding {
    package var libraries: [String] { [library] }
    package var preferredLibraryFolders: [String] { [] }
}

/// Builds what `viper dev PATH` names: a workspace when PATH is a folder of packages, else one package.
package enum DevTarget {
    package static func prepare(path: String, log: (String) -> Void) throws -> any DevBuilding {
        DevWorkspace.isWorkspace(path) ? try DevWorkspace.prepare(path: path, log: log) : try DevSession.prepare(path: path, log: log)
    }

    /// The same target with its first builds kept, for a worker that replaces a crashed one.
    package static func resume(path: String, log: (String) -> Void) throws -> any DevBuilding {
        DevWorkspace.isWorkspace(path) ? try DevWorkspace.resumeLoading(path: path, log: log) : try DevSession.resume(path: path)
    }
}
