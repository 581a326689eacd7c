import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport
@testable import ViperRuntime

/// The SHA-256 behind `viper plugins --lock`, against the FIPS 180-4 examples
/// (NIST's "SHA-256" example values and the long messages of FIPS 180-2 appendix B).
@Suite struct SHA256Tests {
    static let vectors: [(message: String, digest: String)] = [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ]
    static let millionA = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"

    @Test func theFIPSExamplesHashToTheirPublishedDigests() {
        for vector in Self.vectors {
            #expect(SHA256.hex(of: Array(vector.message.utf8)) == vector.digest, "\"\(vector.message)\"")
        }
        #expect(SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000)) == Self.millionA)
    }

    @Test func aFileIsHashedWholeAcrossReadsAndFromItsStartWhateverItsOffset() throws {
        let folder = try TemporaryFolder.make("sha256")
        // One million 'a' (the FIPS long message) in one read; three million take three 1 MiB reads.
        let path = try TemporaryFolder.write([UInt8](repeating: 0x61, count: 1_000_000), to: "a.bin", in: folder)
        let big = try TemporaryFolder.write([UInt8](repeating: 0x61, count: 3_000_000), to: "big.bin", in: folder)
        let empty = try TemporaryFolder.write([], to: "empty.bin", in: folder)
        for (file, digest) in [(path, Self.millionA), (empty, Self.vectors[1].digest),
                               (big, SHA256.hex(of: [UInt8](repeating: 0x61, count: 3_000_000)) ?? "")] {
            let descriptor = open(file, O_RDONLY)
            defer { close(descriptor) }
            lseek(descriptor, 12_345, SEEK_SET)
            #expect(SHA256.hex(ofFile: descriptor) == digest, "\(file)")
        }
        #expect(SHA256.hex(ofFile: -1) == nil)
    }
}
