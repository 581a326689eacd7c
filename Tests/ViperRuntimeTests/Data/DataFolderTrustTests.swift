import Foundation
import Testing
@testable import ViperCore
import ViperCoreTestSupport
@testable import ViperLoading
import ViperTestSupport
@testable import ViperRuntime

/// The data folder is checked like a plugin folder. When another account
/// owns it or may write it, `plugins.lock` (a lock others can delete is no lock) and
/// `config.json` from it are not used, and the reason says what to run.
@Suite struct DataFolderTrustTests {
    @Test func aTrustedDataFolderHasNoProblem() throws {
        let folder = try TemporaryFolder.make("data")
        #expect(PluginTrust.dataFolderProblem(folder) == nil)
    }

    @Test func aLockInAFolderEveryoneCanWriteIsNotUsed() throws {
        let folder = try Self.folder(mode: 0o777)
        try TemporaryFolder.write(Array(#"{"format": 1, "plugins": {}}"#.utf8), to: PluginLock.fileName, in: folder)
        guard case .unusable(let reason) = LockState.read(folder: folder) else {
            Issue.record("a lock in a folder everyone can write was used")
            return
        }
        #expect(reason == "\(folder)/plugins.lock: the data folder \(folder) cannot be trusted, so viper does not use plugins.lock "
            + "or config.json from it: it can be written by its group and everyone (mode 777), so another account could delete or replace them; "
            + "run 'chmod go-w \(folder)'")
    }

    @Test func aConfigInAFolderAnotherAccountOwnsIsIgnored() throws {
        let folder = try Self.folder(mode: 0o755)
        try TemporaryFolder.write(Array(#"{"providers": {"Contracts.NoteEditing": "evil"}}"#.utf8), to: "config.json", in: folder)
        #expect(chown(folder, 4242, 4242) == 0)
        let error = try #require(throws: HostError.self) { try ViperConfig.load(folder: folder) }
        #expect(error.message.hasPrefix("\(folder)/config.json is ignored: the data folder \(folder) cannot be trusted"))
        #expect(error.message.contains("it belongs to uid 4242, not to you"))
        #expect(error.message.hasSuffix("or choose a data folder of your own with --data DIR"))
    }

    @Test func viperWillNotWriteALockIntoAFolderOthersCanWrite() throws {
        let folder = try Self.folder(mode: 0o775)
        let error = try #require(throws: HostError.self) { try PluginLock().save(folder: folder) }
        #expect(error.message.hasPrefix("not writing \(folder)/plugins.lock: the data folder \(folder) cannot be trusted"))
        #expect(error.message.contains("can be written by its group (mode 775)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/plugins.lock"))
    }

    @Test func aLockAndConfigInATrustedFolderAreUsed() throws {
        let folder = try Self.folder(mode: 0o755)
        try PluginLock().save(folder: folder)
        guard case .locked = LockState.read(folder: folder) else {
            Issue.record("the lock in a trusted folder was not used")
            return
        }
        try TemporaryFolder.write(Array(#"{"providers": {"Contracts.NoteEditing": "plain"}}"#.utf8), to: "config.json", in: folder)
        #expect(try ViperConfig.load(folder: folder).providers == ["Contracts.NoteEditing": "plain"])
    }

    static func folder(mode: mode_t) throws -> String {
        let folder = try TemporaryFolder.make("data")
        #expect(chmod(folder, mode) == 0)
        return folder
    }
}
