import Contracts
import Foundation

/// The descriptor cache's file (`plugin-cache`): a binary index a warm start reads without
/// reading text per plugin. One fixed-size record per plugin file, in the byte order of the
/// paths, then the bytes the records point into.
///
/// Layout (integers little-endian; offsets from the start of the file):
///
/// | bytes | what |
/// | --- | --- |
/// | 0..<8 | ``magic`` |
/// | 8..<12 | format (``DescriptorCache/formatVersion``) |
/// | 12..<16 | the number of records |
/// | 16..<20 | ``recordSize`` |
/// | 20..<24 | the host identity's length; its bytes start the data, at the end of the records |
/// | 24..<32 | the file's length |
/// | 32..<64 | the digest (``DigestStream``, 32 hex digits) of bytes 0..<32 and 64..<end |
/// | 64... | the records, then the data |
///
/// A record: size, modified, inode, device and changed times of the file's stamp (8 bytes each),
/// then pairs of offset and length (4 bytes each) of its path, its result's ``RecordCodec`` line,
/// the descriptor's part of that line, the plugin's name (or the failure's message), its SHA-256
/// and its failure code (length ``absent`` for nil); then the outcome (1 byte); the rest of the
/// record is zero.
///
/// Invariants:
/// - A file is believed whole or not at all: the digest covers every byte but its own, and
///   every record's offsets are checked against the file's length when it is read. A damaged,
///   truncated or foreign file is a note in the log and a rescan, never a crash.
/// - The line of a record encodes its result exactly (it is the scanner's line): the descriptor
///   is decoded from it only when something asks (``ScannedDescriptor``), by the scanner's own
///   decoder, so the index adds no second reading of descriptors.
/// - The paths are in the order of their UTF-8 bytes, each once (the writer sorts them so);
///   lookups search them so.
package struct DescriptorIndex {
    /// The first eight bytes of an index.
    package static let magic: [UInt8] = Array("viperidx".utf8)
    package static let headerSize = 64
    package static let recordSize = 96
    /// The length that stands for nil.
    static let absent = UInt32.max

    /// What the outcome byte of a record says.
    enum Kind: UInt8 {
        case ok = 1
        case failed = 2
        case broken = 3
    }

    /// Where each field of a record is, from the record's start.
    enum Field: Int {
        case size = 0
        case modified = 8
        case inode = 16
        case device = 24
        case changed = 32
        case path = 40
        case line = 48
        case descriptor = 56
        case name = 64
        case sha256 = 72
        case code = 80
        case kind = 88
    }

    /// The whole file.
    package let bytes: [UInt8]
    package let count: Int
    package let format: Int
    package let host: String

    /// Why a file was not read as an index.
    package enum Refusal: Error, Equatable {
        /// It is not an index at all, or an index of another format: stale, not damaged.
        case otherFormat
        /// It is damaged: what is wrong.
        case damaged(String)
    }

    /// Reads `bytes` as an index: the header, the digest, and every record's offsets.
    package static func read(_ bytes: [UInt8]) -> Result<DescriptorIndex, Refusal> {
        guard bytes.count >= headerSize, bytes[0..<8].elementsEqual(magic) else {
            return .failure(bytes.starts(with: Array("viper-plugin-cache".utf8)) ? .otherFormat : .damaged("not a plugin cache"))
        }
        let format = Int(word32(bytes, 8))
        guard format == DescriptorCache.formatVersion else { return .failure(.otherFormat) }
        let count = Int(word32(bytes, 12)), hostLength = Int(word32(bytes, 20))
        guard word32(bytes, 16) == UInt32(recordSize), word64(bytes, 24) == UInt64(bytes.count) else {
            return .failure(.damaged("its length is not the one it was written with"))
        }
        let dataStart = headerSize + count * recordSize
        guard count <= (bytes.count - headerSize) / recordSize, dataStart + hostLength <= bytes.count else {
            return .failure(.damaged("it is shorter than its records"))
        }
        guard digest(bytes) == String(decoding: bytes[32..<64], as: UTF8.self) else {
            return .failure(.damaged("its checksum does not match"))
        }
        let host = String(decoding: bytes[dataStart..<(dataStart + hostLength)], as: UTF8.self)
        let index = DescriptorIndex(bytes: bytes, count: count, format: format, host: host)
        for record in 0..<count where !index.isWhole(record) {
            return .failure(.damaged("record \(record + 1) points outside the file or holds an outcome this format does not define"))
        }
        return .success(index)
    }

    /// The digest in the header (checked by ``read(_:)``): of every other byte of the file.
    package var headerDigest: String { String(decoding: bytes[32..<64], as: UTF8.self) }

    /// The digest the header carries: of every byte but the digest's own.
    static func digest(_ bytes: [UInt8]) -> String {
        let stream = DigestStream()
        stream.add(bytes[0..<32])
        stream.add(bytes[headerSize...])
        return stream.finish() ?? ""
    }

    /// Whether every range of record `record` is inside the file and its outcome is known.
    private func isWhole(_ record: Int) -> Bool {
        let limit = UInt64(bytes.count)
        func inside(_ field: Field, optional: Bool = false) -> Bool {
            let (offset, length) = pair(record, field)
            if optional, length == Self.absent { return true }
            return UInt64(offset) + UInt64(length) <= limit
        }
        guard let kind = Kind(rawValue: bytes[recordStart(record) + Field.kind.rawValue]),
            inside(.path), inside(.line), inside(.name), inside(.sha256, optional: true), inside(.code, optional: true)
        else { return false }
        guard kind == .ok else { return true }
        // The descriptor's part is the end of the line.
        let line = pair(record, .line), descriptor = pair(record, .descriptor)
        return descriptor.offset >= line.offset && UInt64(descriptor.offset) + UInt64(descriptor.length) == UInt64(line.offset) + UInt64(line.length)
    }

    // MARK: Records

    private func recordStart(_ record: Int) -> Int { Self.headerSize + record * Self.recordSize }

    private func pair(_ record: Int, _ field: Field) -> (offset: UInt32, length: UInt32) {
        let start = recordStart(record) + field.rawValue
        return (Self.word32(bytes, start), Self.word32(bytes, start + 4))
    }

    private func integer(_ record: Int, _ field: Field) -> UInt64 {
        Self.word64(bytes, recordStart(record) + field.rawValue)
    }

    /// Whether record `record`'s path is `path`, byte for byte.
    package func path(_ record: Int, is path: String) -> Bool {
        let (offset, length) = pair(record, .path)
        var path = path
        return path.withUTF8 { utf8 in
            utf8.count == Int(length)
                && bytes.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress, let other = utf8.baseAddress else { return length == 0 }
                    return memcmp(base + Int(offset), other, utf8.count) == 0
                }
        }
    }

    /// How record `record`'s path orders against `path` (by UTF-8 bytes): negative when it comes first.
    private func compare(_ record: Int, _ path: String) -> Int {
        let (offset, length) = pair(record, .path)
        var path = path
        return path.withUTF8 { utf8 in
            bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress, let other = utf8.baseAddress else { return Int(length) - utf8.count }
                let common = min(Int(length), utf8.count)
                let order = Int(memcmp(base + Int(offset), other, common))
                return order != 0 ? order : Int(length) - utf8.count
            }
        }
    }

    /// Where the record of `path` is: at `near` when it is there, else by a binary search.
    package func position(of path: String, near: Int) -> Int? {
        if near >= 0, near < count, self.path(near, is: path) { return near }
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let order = compare(middle, path)
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Whether record `record`'s stamp is `stamp` but for the path (the caller found it by its path).
    package func stampMatches(_ record: Int, _ stamp: FileStamp) -> Bool {
        Int64(bitPattern: integer(record, .size)) == stamp.size && Int64(bitPattern: integer(record, .modified)) == stamp.modifiedNanoseconds
            && integer(record, .inode) == stamp.inode && integer(record, .device) == stamp.device
            && Int64(bitPattern: integer(record, .changed)) == stamp.changedNanoseconds
    }

    private func text(_ record: Int, _ field: Field) -> String? {
        let (offset, length) = pair(record, field)
        guard length != Self.absent else { return nil }
        return String(decoding: bytes[Int(offset)..<(Int(offset) + Int(length))], as: UTF8.self)
    }

    /// Record `record`'s stamp, with `path` when the caller has it already (else read from the record).
    package func stamp(_ record: Int, path: String? = nil) -> FileStamp {
        FileStamp(
            path: path ?? text(record, .path) ?? "", size: Int64(bitPattern: integer(record, .size)),
            modifiedNanoseconds: Int64(bitPattern: integer(record, .modified)), inode: integer(record, .inode),
            device: integer(record, .device), changedNanoseconds: Int64(bitPattern: integer(record, .changed)))
    }

    /// Record `record` as a scan result; its stamp is `stamp` when the caller matched it already.
    /// Nil only for a failure code this host does not know (a file another viper wrote).
    package func result(_ record: Int, stamp: FileStamp? = nil) -> ScanResult? {
        var code: PluginLoadError.Code?
        if let raw = text(record, .code) {
            guard let known = PluginLoadError.Code(rawValue: raw) else { return nil }
            code = known
        }
        let line = pair(record, .line)
        let name = text(record, .name) ?? ""
        let outcome: ScanResult.Outcome
        switch Kind(rawValue: bytes[recordStart(record) + Field.kind.rawValue]) {
        case .ok?:
            let descriptor = pair(record, .descriptor)
            let line = RecordLine(bytes, Int(descriptor.offset)..<(Int(descriptor.offset) + Int(descriptor.length)))
            outcome = .ok(ScannedDescriptor(name: name, line: line))
        case .failed?: outcome = .failed(name)
        case .broken?, nil: outcome = .broken(name)
        }
        return ScanResult(
            stamp: stamp ?? self.stamp(record), outcome: outcome, code: code, sha256: text(record, .sha256),
            line: RecordLine(bytes, Int(line.offset)..<(Int(line.offset) + Int(line.length))))
    }

    // MARK: Bytes

    static func word32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    static func word64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }
}
