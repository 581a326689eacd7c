import Foundation
import Testing
@testable import ViperCore
@testable import ViperLoading
import ViperTestSupport
@testable import ViperRuntime

/// `config.json` and `plugins.lock` are read without following a link. A link there
/// is one error line naming it, where it points and what to do; the link and the file it points
/// at stay as they were, and a lock behind a link lets nothing load.
@Suite struct DataFolderLinkReadTests {
    /// A data folder whose `name` is a link to a file elsewhere holding `text`; the target's path.
    private func linked(_ name: String, holding text: String) throws -> (folder: String, target: String) {
        let folder = try TemporaryFolder.make("data")
        let elsewhere = try TemporaryFolder.make("elsewhere")
        try TemporaryFolder.write(Array(text.utf8), to: name, in: elsewhere)
        let target = elsewhere + "/" + name
        try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: target)
        return (folder, target)
    }

    @Test func aConfigLinkIsRefusedWithTheFixAndNothingIsLost() throws {
        let text = #"{"allowIntercept": ["evil"]}"#
        let (folder, target) = try linked("config.json", holding: text)
        let error = try #require(throws: HostError.self) { try ViperConfig.load(folder: folder) }
        #expect(error.message == "\(folder)/config.json: the config is a symbolic link (to \(target)), and viper reads it only from a "
            + "regular file in the data folder, because a link could point it at a file someone else controls; "
            + "replace it with a copy of the file you mean; it is ignored until then")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == text)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/config.json") == target)
    }

    @Test func aLockLinkLetsNothingLoadAndSaysWhy() throws {
        let (folder, target) = try linked(PluginLock.fileName, holding: #"{"format": 1, "plugins": {}}"#)
        guard case .unusable(let reason) = LockState.read(folder: folder) else {
            Issue.record("a lock behind a link was used")
            return
        }
        #expect(reason == "\(folder)/plugins.lock: the plugin lock is a symbolic link (to \(target)), and viper reads it only from a "
            + "regular file in the data folder, because a link could point it at a file someone else controls; no plugin loads until "
            + "you replace it with a copy of the file you mean, or remove it and run 'viper plugins --lock'")
        #expect(FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/plugins.lock") == target)
    }

    @Test func aConfigThatIsAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TemporaryFolder.make("data")
        #expect(mkfifo(folder + "/config.json", 0o600) == 0)
        let error = try #require(throws: HostError.self) { try ViperConfig.load(folder: folder) }
        #expect(error.message == "\(folder)/config.json: the config is not a regular file; replace it with a copy of the file you mean; it is ignored until then")
    }

    @Test func aLinkToAFolderIsRefusedToo() throws {
        let folder = try TemporaryFolder.make("data")
        try FileManager.default.createSymbolicLink(atPath: folder + "/config.json", withDestinationPath: folder)
        let error = try #require(throws: HostError.self) { try ViperConfig.load(folder: folder) }
        #expect(error.message.hasPrefix("\(folder)/config.json: the config is a symbolic link (to \(folder)),"))
    }
}
