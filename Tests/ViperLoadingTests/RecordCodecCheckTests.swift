import Contracts
import Foundation
import Testing
import ViperCoreTestSupport
@testable import ViperLoading

/// The descriptor cache's file is read with one `open`, `fstat` and `read` (its lines were checked
/// here by a second decoder before the cache became a binary index: see DescriptorIndexTests).
@Suite struct RecordCodecCheckTests {
    @Test func aFileIsReadWholeWhateverItsSize() throws {
        let folder = NSTemporaryDirectory() + "viper-read-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for size in [0, 1, 4095, 4096, 65_537, 300_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = folder + "/f\(size)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(DescriptorCache.readFile(path) == bytes, "\(size) bytes")
        }
        #expect(DescriptorCache.readFile(folder) == nil, "a folder is no file")
        #expect(DescriptorCache.readFile(folder + "/missing") == nil)
    }
}
