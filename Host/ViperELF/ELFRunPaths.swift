import Foundation

/// The run paths (`DT_RUNPATH`, `DT_RPATH`) of a 64-bit little-endian ELF file, found the way
/// the dynamic loader finds them: through the program headers' dynamic segment, not the section
/// headers. The scanner's sandbox (``Sandbox/loadingFolders(of:)``) reads them for every plugin
/// before its box closes, so this reads little: the first KiB (the ELF header and, in the files
/// linkers write, the program headers), the dynamic segment, and each run path's string
/// (three reads, about 2 KiB, where ``ELFLinkage`` reads every section header, the section names
/// and the whole dynamic string table, tens of KiB for a Swift plugin).
///
/// Invariants: every offset and size is checked against what was read and the file's size;
/// anything malformed or not ELF reads as no run paths, never as a crash. The folders are those
/// ``ELFLinkage/runPaths`` gives for the same file (`ELFRunPathsTests` holds it to that).
package enum ELFRunPaths {
    /// The run path folders of the open file `descriptor` of `size` bytes, in order
    /// (``ELFRunPathReader``'s, as strings).
    package static func read(_ descriptor: Int32, size: UInt64) -> [String] {
        var folders: [String] = []
        ELFRunPathReader().forEachRunPath(descriptor, size: size) { folders.append(String(decoding: $0, as: UTF8.self)) }
        return folders
    }
}
