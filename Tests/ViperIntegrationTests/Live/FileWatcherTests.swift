import Foundation
import Testing
import ViperLoading
import ViperRuntime
import ViperTestSupport

/// The inotify watcher under the shell's plugin watching and `viper dev`: each kind of change
/// a build or a copy makes is reported once, and nothing is reported for files it does not
/// count. The timing rule (quiet period, batches) is ``ChangeCoalescer``'s, tested on exact
/// times in `ChangeCoalescerTests`; these tests wait for the reports, never for a time.
@Suite struct FileWatcherTests {
    static let quiet = 0.25

    private func watcher(_ folder: String, origin: PluginOrigin = .flag) throws -> FileWatcher {
        try FileWatcher.plugins(in: [PluginFolder(path: folder, origin: origin)], quietPeriod: Self.quiet)
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The next batch of changes; empty if none came within a deadline far longer than any
    /// report takes (a generous bound for a loaded machine, not a timing claim).
    private func next(_ watcher: FileWatcher) -> [String] {
        watcher.waitForChanges(seconds: 30)
    }

    /// Makes one more change and checks that the next report is that change alone: a second
    /// report of an earlier change would come before it or with it.
    private func expectNothingElseBefore(_ watcher: FileWatcher, in folder: String, _ what: Comment) throws {
        try write("witness", to: folder + "/libWitness.so")
        #expect(next(watcher) == [folder + "/libWitness.so"], what)
    }

    @Test func aNewPluginFileIsReportedOnce() throws {
        let folder = try TemporaryFolder.make("watch-new")
        let watcher = try watcher(folder)
        defer { watcher.stop() }
        try write("v1", to: folder + "/libA.so")
        #expect(next(watcher) == [folder + "/libA.so"])
        try expectNothingElseBefore(watcher, in: folder, "one change, one report")
    }

    @Test func aMultiStepWriteIsOneChange() throws {
        let folder = try TemporaryFolder.make("watch-steps")
        let path = folder + "/libA.so"
        let watcher = try watcher(folder)
        defer { watcher.stop() }
        // A build writes the file in steps: create, several writes, close, chmod, each within
        // the quiet period of the one before (a build spread out in time is ChangeCoalescerTests').
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        for step in 0..<5 { handle.write(Data("part \(step)\n".utf8)) }
        try handle.close()
        chmod(path, 0o755)
        #expect(next(watcher) == [path])
        try expectNothingElseBefore(watcher, in: folder, "the steps made one report")
    }

    @Test func aFileRebuiltByRenameIntoPlaceIsReported() throws {
        let folder = try TemporaryFolder.make("watch-rename")
        try write("v1", to: folder + "/libA.so")
        let watcher = try watcher(folder)
        defer { watcher.stop() }
        try write("v2", to: folder + "/.libA.so.tmp")
        #expect(rename(folder + "/.libA.so.tmp", folder + "/libA.so") == 0)
        #expect(next(watcher) == [folder + "/libA.so"], "the hidden temporary file is not counted")
    }

    @Test func aFileCopiedOverInPlaceKeepsItsInodeAndIsReported() throws {
        let folder = try TemporaryFolder.make("watch-inplace")
        let path = folder + "/libA.so"
        try write("version one", to: path)
        var before = stat()
        stat(path, &before)
        let watcher = try watcher(folder)
        defer { watcher.stop() }
        let copy = try FixtureCompiler.run(["sh", "-c", "printf 'version two' > \(path)"])  // truncate and write: same inode
        #expect(copy.status == 0)
        var after = stat()
        stat(path, &after)
        #expect(after.st_ino == before.st_ino, "the test must write in place")
        #expect(next(watcher) == [path])
    }

    @Test func aRemovedFileAndADeleteThenCreateAreReported() throws {
        let folder = try TemporaryFolder.make("watch-remove")
        try write("v1", to: folder + "/libA.so")
        try write("v1", to: folder + "/libB.so")
        let watcher = try watcher(folder)
        defer { watcher.stop() }
        #expect(unlink(folder + "/libA.so") == 0)
        #expect(unlink(folder + "/libB.so") == 0)
        try write("v2", to: folder + "/libB.so")
        #expect(next(watcher) == [folder + "/libA.so", folder + "/libB.so"])
    }

    @Test func filesTheFolderDoesNotCountAreNotReported() throws {
        let folder = try TemporaryFolder.make("watch-ignore")
        let watcher = try watcher(folder, origin: .bundled)
        defer { watcher.stop() }
        try write("x", to: folder + "/notes.txt")
        try write("x", to: folder + "/libContracts.so")  // beside the executable only lib*Plugin.so count
        try write("x", to: folder + "/.libHidden.so")
        try write("x", to: folder + "/libOnePlugin.so")
        #expect(next(watcher) == [folder + "/libOnePlugin.so"])
    }

    @Test func aFolderCreatedLaterIsWatchedAndItsFilesAreNew() throws {
        let base = try TemporaryFolder.make("watch-later")
        let folder = base + "/viper/plugins"
        let watcher = try watcher(folder)
        defer { watcher.stop() }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("v1", to: folder + "/libA.so")
        #expect(next(watcher) == [folder + "/libA.so"])
        try write("v2", to: folder + "/libB.so")
        #expect(next(watcher) == [folder + "/libB.so"], "the new folder is watched from then on")
        try FileManager.default.removeItem(atPath: base + "/viper")
        #expect(next(watcher).sorted() == [folder + "/libA.so", folder + "/libB.so"], "removing the folder removes its files")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("v3", to: folder + "/libC.so")
        #expect(next(watcher) == [folder + "/libC.so"], "a folder made again is watched again")
        // Moved away, and another folder moved into its place: the new one is watched, its files are new.
        try FileManager.default.moveItem(atPath: folder, toPath: base + "/old")
        try FileManager.default.createDirectory(atPath: base + "/staged", withIntermediateDirectories: true)
        try write("v4", to: base + "/staged/libD.so")
        try FileManager.default.moveItem(atPath: base + "/staged", toPath: folder)
        #expect(next(watcher) == [folder + "/libD.so"])
        try write("v5", to: base + "/old/libE.so")
        try write("v5", to: folder + "/libF.so")
        #expect(next(watcher) == [folder + "/libF.so"], "the folder moved away is no longer watched")
    }

    @Test func aSingleFileGivenWithPluginsIsWatchedAloneAndSourcesRecursively() throws {
        let folder = try TemporaryFolder.make("watch-file")
        try write("v1", to: folder + "/libA.so")
        let watcher = try FileWatcher.plugins(in: [PluginFolder(path: folder + "/libA.so", origin: .flag)], quietPeriod: Self.quiet)
        defer { watcher.stop() }
        try write("x", to: folder + "/libB.so")
        try write("v2", to: folder + "/libA.so")
        #expect(next(watcher) == [folder + "/libA.so"])

        let sources = folder + "/Sources"
        try FileManager.default.createDirectory(atPath: sources + "/Counter", withIntermediateDirectories: true)
        let tree = try FileWatcher(targets: [.folder(sources, recursive: true)], quietPeriod: Self.quiet)
        defer { tree.stop() }
        try write("let a = 1", to: sources + "/Counter/View.swift")
        #expect(next(tree) == [sources + "/Counter/View.swift"])
        // Written at once: a file put in a subfolder before its watch is set is reported when the watch is.
        try FileManager.default.createDirectory(atPath: sources + "/Counter/New", withIntermediateDirectories: true)
        try write("let b = 2", to: sources + "/Counter/New/Model.swift")
        #expect(next(tree).contains(sources + "/Counter/New/Model.swift"), "a new subfolder is watched too")
    }
}
