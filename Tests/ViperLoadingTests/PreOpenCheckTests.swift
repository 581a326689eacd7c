import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport

/// The one check before `dlopen` that plugins and contract libraries share: each refusal as each
/// kind sees it, on the descriptor (files only, no process).
@Suite struct PreOpenCheckTests {
    private func file(_ name: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws -> (folder: String, path: String) {
        let folder = try TemporaryFolder.make("preopen")
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return (folder, path)
    }

    private func check(_ path: String, folder: String, noun: String, lock: LockState = .none) -> Result<PreOpenCheck.File, PreOpenCheck.Refusal> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        defer { close(descriptor) }
        do throws(PreOpenCheck.Refusal) {
            return .success(try PreOpenCheck.file(path, folder: folder, descriptor: descriptor, noun: noun, allowInsecure: false, lock: lock))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: ["plugin", "contract library"])
    func aFileOthersMayWriteIsRefusedAsUntrusted(noun: String) throws {
        let (folder, path) = try file("libX.so", Array("x".utf8), mode: 0o666)
        guard case .failure(let refusal) = check(path, folder: folder, noun: noun) else {
            Issue.record("a world-writable \(noun) passed")
            return
        }
        #expect(refusal.check == .untrusted)
    }

    @Test(arguments: ["plugin", "contract library"])
    func aFolderIsNotARegularFileAndTheLineNamesTheKind(noun: String) throws {
        let folder = try TemporaryFolder.make("preopen")
        try FileManager.default.createDirectory(atPath: folder + "/libY.so", withIntermediateDirectories: false)
        guard case .failure(let refusal) = check(folder + "/libY.so", folder: folder, noun: noun) else {
            Issue.record("a folder passed as a \(noun)")
            return
        }
        #expect(refusal.check == .notRegular)
        #expect(refusal.message == "not a \(noun): not a regular file; remove it from the plugin folder")
    }

    @Test func aFileTheLockDoesNotPinIsRefusedWithItsDigestComputedFromTheDescriptor() throws {
        let (folder, path) = try file("libZ.so", Array("z".utf8))
        let lock = PluginLock(plugins: [path: PluginLock.Entry(name: "z", sha256: String(repeating: "0", count: 64))])
        guard case .failure(let refusal) = check(path, folder: folder, noun: "plugin", lock: .locked(lock, path: folder + "/plugins.lock")) else {
            Issue.record("a file whose digest is not the pinned one passed")
            return
        }
        #expect(refusal.check == .notPinned)
        guard case .success(let passed) = check(path, folder: folder, noun: "plugin") else {
            Issue.record("the same file without a lock was refused")
            return
        }
        #expect(passed.sha256 == nil, "no lock, no digest asked for")
    }

    @Test func aTruncatedImageIsRefusedBeforeDlopenCouldMapIt() throws {
        let (_, path) = try file("libT.so", [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1])
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(throws: PreOpenCheck.Refusal.self) { try PreOpenCheck.image(descriptor: descriptor, size: 7) }
    }
}
