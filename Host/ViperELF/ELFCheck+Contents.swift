import Foundation

/// A plugin file read once for all the checks before its `dlopen`: the ELF headers
/// (``ELFCheck``), what it links (``ELFLinkage``) and its contract libraries
/// (``ContractLibraryELF``) each read the header, the section table and several sections,
/// sixteen `pread`s a plugin, for every plugin a scanner loads. While
/// ``withContents(descriptor:size:_:)`` runs, ``read(_:offset:count:)`` on that descriptor
/// answers from the bytes read once, exactly as a `pread` of the same range would.
extension ELFCheck {
    /// Larger files are read in parts, as before: their symbol tables are not the whole file.
    package static let wholeFileLimit: UInt64 = 4 << 20

    /// The files read whole for checks in progress, by descriptor (lazy loads may check on several threads at once).
    nonisolated(unsafe) private static var contents: [Int32: [UInt8]] = [:]
    private static let contentsLock = NSLock()

    /// Runs `body` with the file open as `descriptor` (`size` bytes, from `fstat`) read once.
    package static func withContents<Value, Failure: Error>(
        descriptor: Int32, size: UInt64,
        _ body: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        guard size > 0, size <= wholeFileLimit else { return try body() }
        let bytes = read(descriptor, offset: 0, count: Int(size))
        contentsLock.withLock { contents[descriptor] = bytes }
        defer { contentsLock.withLock { _ = contents.removeValue(forKey: descriptor) } }
        return try body()
    }

    /// The bytes a `pread` of `count` at `offset` would give, when the file is held by ``withContents(descriptor:size:_:)``.
    package static func heldBytes(_ descriptor: Int32, offset: UInt64, count: Int) -> [UInt8]? {
        contentsLock.withLock {
            guard let bytes = contents[descriptor] else { return nil }
            guard offset < UInt64(bytes.count) else { return [] }
            let start = Int(offset)
            return Array(bytes[start..<start + min(count, bytes.count - start)])
        }
    }
}
