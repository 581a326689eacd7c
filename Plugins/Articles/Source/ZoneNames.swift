import Foundation

/// The names a time zone gives its offsets (`CET` for +01:00 and `CEST` for +02:00 in
/// Europe/Berlin), read from the system's zone file: Foundation on Linux names them only
/// `GMT+1`. A zone file is TZif (RFC 8536): a header of counts, then transition times, type
/// indices, the types (offset, daylight flag, index of the name) and the names; a later type
/// with the same offset wins (the current name, not a historical one).
enum ZoneNames {
    nonisolated(unsafe) private static var known: [String: [Int: String]] = [:]
    private static let lock = NSLock()

    static func names(of identifier: String) -> [Int: String] {
        lock.withLock {
            if let names = known[identifier] { return names }
            let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
            let names = identifier.contains("..") ? [:] : FileManager.default.contents(atPath: folder + "/" + identifier).map(read) ?? [:]
            known[identifier] = names
            return names
        }
    }

    private static func read(_ data: Data) -> [Int: String] {
        let bytes = [UInt8](data)
        guard bytes.count >= 44, bytes[0] == 0x54, bytes[1] == 0x5A, bytes[2] == 0x69, bytes[3] == 0x66 else { return [:] }
        func count(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        let (leap, times, types, chars) = (count(28), count(32), count(36), count(40))
        let typesStart = 44 + times * 5
        let charsStart = typesStart + types * 6
        guard charsStart + chars <= bytes.count, leap >= 0 else { return [:] }
        var names: [Int: String] = [:]
        for index in 0..<types {
            let at = typesStart + index * 6
            let offset = Int(Int32(bitPattern: UInt32(count(at))))
            let nameAt = charsStart + Int(bytes[at + 5])
            guard nameAt < charsStart + chars else { continue }
            let name = String(decoding: bytes[nameAt..<(charsStart + chars)].prefix { $0 != 0 }, as: UTF8.self)
            if name != "LMT", !name.isEmpty { names[offset] = name }
        }
        return names
    }
}
