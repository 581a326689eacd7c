import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport

/// The plugin files the scanner's prescan keeps open for the loader (the box's cost):
/// each handed out once, only while it is still open on the same file; a plain file is kept, a
/// file reached through a link is not. Files only, no process.
@Suite struct PreopenedFilesTests {
    /// A folder with two small files, `a.so` and `b.so`, and a link `link.so` to `a.so`.
    private func folder() throws -> String {
        let folder = try TemporaryFolder.make("preopened")
        try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/a.so"))
        try Data("b".utf8).write(to: URL(fileURLWithPath: folder + "/b.so"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.so", withDestinationPath: folder + "/a.so")
        return folder
    }

    private func identity(_ descriptor: Int32) -> UInt64? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    private func inode(_ path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    @Test func thePrescanKeepsPlainFilesOpenAndEachIsHandedOutOnce() throws {
        let folder = try folder()
        let kept = PreopenedFiles(limit: 10)
        _ = Sandbox.loadingFolders(of: [folder + "/a.so", folder + "/link.so", folder + "/missing.so"], keeping: kept)
        #expect(kept.count == 1, "a link is opened through its real path and not kept")
        let descriptor = try #require(kept.take(folder + "/a.so"))
        defer { close(descriptor) }
        #expect(identity(descriptor) == inode(folder + "/a.so"))
        #expect(kept.take(folder + "/a.so") == nil)
        #expect(kept.take(folder + "/link.so") == nil)
    }

    @Test func filesAreHandedOutInTheOrderKeptAndOneAskedOutOfTurnIsOpenedByPath() throws {
        let folder = try folder()
        let kept = PreopenedFiles(limit: 10)
        _ = Sandbox.loadingFolders(of: [folder + "/a.so", folder + "/b.so"], keeping: kept)
        #expect(kept.take(folder + "/b.so") == nil, "b is not next: the loader opens it by its path")
        let a = try #require(kept.take(folder + "/a.so"))
        defer { close(a) }
        let b = try #require(kept.take(folder + "/b.so"))
        defer { close(b) }
        #expect(identity(a) == inode(folder + "/a.so"))
        #expect(identity(b) == inode(folder + "/b.so"))
        #expect(kept.count == 0)
    }

    @Test func noMoreThanTheLimitIsKept() throws {
        let folder = try folder()
        let kept = PreopenedFiles(limit: 1)
        _ = Sandbox.loadingFolders(of: [folder + "/a.so", folder + "/b.so"], keeping: kept)
        #expect(kept.count == 1)
        #expect(kept.take(folder + "/b.so") == nil)
    }

    @Test func aDescriptorReplacedWithAnotherFileIsNotHandedOut() throws {
        let folder = try folder()
        let kept = PreopenedFiles(limit: 10)
        _ = Sandbox.loadingFolders(of: [folder + "/a.so", folder + "/b.so"], keeping: kept)
        // What a plugin's constructor could do to the next plugin's descriptor: put another file
        // at its number. Found by trying the numbers, as the plugin would list /proc/self/fd.
        let other = open(folder + "/b.so", O_RDONLY | O_CLOEXEC)
        defer { close(other) }
        let aInode = inode(folder + "/a.so")
        let aDescriptor = try #require((3..<4096).map(Int32.init).first { $0 != other && identity($0) == aInode })
        #expect(dup2(other, aDescriptor) == aDescriptor)
        defer { close(aDescriptor) }
        #expect(kept.take(folder + "/a.so") == nil, "the loader opens the path instead")
    }

    @Test func aClosedDescriptorIsNotHandedOut() throws {
        let folder = try folder()
        let kept = PreopenedFiles(limit: 10)
        _ = Sandbox.loadingFolders(of: [folder + "/b.so"], keeping: kept)
        let bInode = inode(folder + "/b.so")
        let descriptor = try #require((3..<4096).map(Int32.init).first { identity($0) == bInode })
        close(descriptor)
        #expect(kept.take(folder + "/b.so") == nil)
    }

    @Test func aHandedOutDescriptorMovesToALowerFreeNumberAsAnOpenWouldGive() throws {
        let folder = try folder()
        let opened = open(folder + "/a.so", O_RDONLY | O_CLOEXEC)
        try #require(opened >= 0)
        // Far above anything the tests open (and under the usual soft limit of 1,024): some
        // number below it is free.
        let high = fcntl(opened, F_DUPFD_CLOEXEC, 1000)
        close(opened)
        try #require(high >= 1000)
        let lowered = PreopenedFiles.lowered(high)
        defer { close(lowered) }
        #expect(lowered < 1000)
        #expect(identity(lowered) == inode(folder + "/a.so"))
        #expect(fcntl(high, F_GETFD) == -1 && errno == EBADF, "the high number is closed")
        #expect(fcntl(lowered, F_GETFD) & FD_CLOEXEC == FD_CLOEXEC, "closed on exec, as the prescan opened it")
    }
}
