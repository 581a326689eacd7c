import Contracts
import Foundation

extension DescriptorIndex {
    /// The bytes of an index of `results` under `host` (the layout is on ``DescriptorIndex``).
    /// Each result's line is copied as it was read when it has one, else encoded. A result whose
    /// line cannot be split where its descriptor starts (none this host writes) is left out, and
    /// so scanned again on the next start.
    package static func write(host: String, results: [ScanResult]) -> [UInt8] {
        var entries = results.compactMap(Entry.init)
        entries.sort { $0.path.lexicographicallyPrecedes($1.path) }
        entries = entries.enumerated().compactMap { index, entry in  // each path once: the last given wins
            index + 1 < entries.count && entries[index + 1].path == entry.path ? nil : entry
        }
        var total = headerSize + host.utf8.count
        entries = Array(
            entries.prefix { entry in  // offsets are 32 bits: past 4 GiB, the rest is scanned again
                total += recordSize + entry.size
                return total <= Int(UInt32.max)
            })
        let dataStart = headerSize + entries.count * recordSize
        var bytes = [UInt8](repeating: 0, count: dataStart)
        var data = Array(host.utf8)
        for (number, entry) in entries.enumerated() {
            let start = headerSize + number * recordSize
            func put(_ field: Field, _ value: UInt64) { store(value, at: start + field.rawValue, in: &bytes) }
            func put(_ field: Field, _ piece: [UInt8]?) {
                guard let piece else {
                    store(UInt32(0), at: start + field.rawValue, in: &bytes)
                    store(absent, at: start + field.rawValue + 4, in: &bytes)
                    return
                }
                store(UInt32(dataStart + data.count), at: start + field.rawValue, in: &bytes)
                store(UInt32(piece.count), at: start + field.rawValue + 4, in: &bytes)
                data += piece
            }
            put(.size, UInt64(bitPattern: entry.stamp.size))
            put(.modified, UInt64(bitPattern: entry.stamp.modifiedNanoseconds))
            put(.inode, entry.stamp.inode)
            put(.device, entry.stamp.device)
            put(.changed, UInt64(bitPattern: entry.stamp.changedNanoseconds))
            put(.path, entry.path)
            put(.name, entry.name)
            put(.sha256, entry.sha256)
            put(.code, entry.code)
            let line = UInt32(dataStart + data.count)
            put(.line, entry.line)
            store(line + UInt32(entry.descriptorStart), at: start + Field.descriptor.rawValue, in: &bytes)
            store(UInt32(entry.line.count - entry.descriptorStart), at: start + Field.descriptor.rawValue + 4, in: &bytes)
            bytes[start + Field.kind.rawValue] = entry.kind.rawValue
        }
        bytes.replaceSubrange(0..<8, with: magic)
        store(UInt32(DescriptorCache.formatVersion), at: 8, in: &bytes)
        store(UInt32(entries.count), at: 12, in: &bytes)
        store(UInt32(recordSize), at: 16, in: &bytes)
        store(UInt32(host.utf8.count), at: 20, in: &bytes)
        bytes += data
        store(UInt64(bytes.count), at: 24, in: &bytes)
        bytes.replaceSubrange(32..<64, with: Array(digest(bytes).utf8))
        return bytes
    }

    /// What one record holds, taken from a result before the file is laid out.
    private struct Entry {
        let stamp: FileStamp
        let path: [UInt8]
        let line: [UInt8]
        /// Where the descriptor's fields start in ``line`` (its end for a failure).
        let descriptorStart: Int
        let name: [UInt8]
        let sha256: [UInt8]?
        let code: [UInt8]?
        let kind: Kind

        /// The bytes it adds to the data.
        var size: Int { path.count + line.count + name.count + (sha256?.count ?? 0) + (code?.count ?? 0) }

        init?(_ result: ScanResult) {
            stamp = result.stamp
            path = Array(result.stamp.path.utf8)
            line = result.line.map { Array($0.bytes) } ?? Array(RecordCodec.encode(result).utf8)
            sha256 = result.sha256.map { Array($0.utf8) }
            code = result.code.map { Array($0.rawValue.utf8) }
            switch result.outcome {
            case .ok(let scanned):
                kind = .ok
                name = Array(scanned.name.utf8)
                // R, path, five stamp numbers, code, digest, "ok": the descriptor follows the tenth tab.
                var tabs = 0
                guard
                    let tenth = line.firstIndex(where: { byte in
                        if byte == 0x09 { tabs += 1 }
                        return tabs == 10
                    })
                else { return nil }
                descriptorStart = tenth + 1
            case .failed(let message):
                kind = .failed
                name = Array(message.utf8)
                descriptorStart = line.count
            case .broken(let message):
                kind = .broken
                name = Array(message.utf8)
                descriptorStart = line.count
            }
        }
    }

    private static func store<Value: FixedWidthInteger>(_ value: Value, at offset: Int, in bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Value.self) }
    }
}
