import Foundation

/// Repairs a feed that uses HTML's named entities (`&nbsp;`, `&eacute;`) without declaring them,
/// which XML refuses: each becomes its number (`&#160;`), and an `&` that starts no entity at all
/// becomes `&amp;`, so the feed reads as a browser would have read it.
enum HTMLEntitiesInXML {
    /// `data` repaired; nil when it has nothing to repair.
    static func numbered(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard bytes.contains(0x26) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        var changed = false
        while index < bytes.count {
            guard bytes[index] == 0x26 else {
                out.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index <= 32, bytes[end] != 0x3B, bytes[end] != 0x26, bytes[end] != 0x3C,
                  bytes[end] > 0x20 {
                end += 1
            }
            let name = end < bytes.count && bytes[end] == 0x3B ? String(decoding: bytes[(index + 1)..<end], as: UTF8.self) : nil
            if let name, name.hasPrefix("#") || ["amp", "lt", "gt", "quot", "apos"].contains(name) {
                out += bytes[index...end]
            } else if let name, let value = HTMLText.named[name] {
                out += Array(value.unicodeScalars.map { "&#\($0.value);" }.joined().utf8)
                changed = true
            } else {
                out += Array("&amp;".utf8)
                changed = true
                index += 1
                continue
            }
            index = end + 1
        }
        return changed ? Data(out) : nil
    }
}
