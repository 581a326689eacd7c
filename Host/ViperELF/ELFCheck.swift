import Foundation

// The ELF readers: what viper learns from a plugin or contract library file without running any
// of it. The readers work on an open descriptor and the file's size, read through
// ``ELFCheck/read(_:offset:count:)`` (`pread`, or the bytes `ELFCheck+Contents` holds when the
// file is read once for every check), check each offset and size against the size, and answer
// nil or a one-line problem for a malformed file, never a trap: the file is untrusted input.
// Only 64-bit little-endian files are read.
//
// How the pieces fit: ``ELFCheck`` (every loadable segment inside the file) runs first, on the
// descriptor that will be loaded; ``ELFSegments`` and ``ELFSections`` are the one reader each of
// the program and section headers; on them sit ``ELFLinkage`` (what the file links, whether it
// carries its own Contracts), ``ABISection`` (the declared Contracts version),
// ``ContractLibraryELF`` (contract-library records), ``ELFRunPaths`` (the run paths the sandbox
// must allow) and ``ProtocolRequirementTable`` (a library's protocol requirements). ``ELFFile``
// opens a file only to read it.

/// Checks a file's ELF headers before `dlopen` sees it. The dynamic loader maps a
/// truncated library without complaint and then dies with SIGBUS when it touches
/// the missing pages (measured: the first 5,000 bytes of a plugin crash the host),
/// so every segment must lie inside the file before the file is opened for real.
package enum ELFCheck {
    /// What is wrong with the file, as the message of a ``PluginLoadError``, or nil when it can be handed to `dlopen`.
    package static func problem(at path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return "cannot be read (\(String(cString: strerror(errno)))); check its permissions"
        }
        defer { close(descriptor) }
        return problem(descriptor: descriptor)
    }

    /// The same checks on a file that is already open (the one that will be loaded).
    package static func problem(descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return "cannot be read (\(String(cString: strerror(errno)))); check its permissions"
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return "not a plugin: not a regular file; remove it from the plugin folder"
        }
        let size = UInt64(info.st_size)
        guard size > 0 else {
            return "not a plugin: the file is empty; rebuild the plugin or remove the file"
        }
        let header = read(descriptor, offset: 0, count: 64)
        guard header.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else {
            return "not a plugin: not an ELF shared library; remove it from the plugin folder"
        }
        guard header.count >= 64 else {
            return truncated(size: size, needed: 64)
        }
        guard header[4] == 2 else {
            return "cannot load: built for a 32-bit platform, and this viper is 64-bit; rebuild the plugin on this machine"
        }
        guard header[5] == 1 else {
            return "cannot load: built for a big-endian platform; rebuild the plugin on this machine"
        }
        if let problem = kindProblem(header) {
            return problem
        }
        return extentProblem(descriptor: descriptor, header: header, size: size)
    }

    /// Whether the 64-byte header names a shared library for this machine.
    private static func kindProblem(_ header: [UInt8]) -> String? {
        let type = UInt16(littleEndian: header, at: 16)
        guard type == 3 else {
            let kind = [1: "an object file", 2: "an executable", 4: "a core dump"][Int(type)] ?? "an ELF file of type \(type)"
            return "not a plugin: \(kind), not a shared library; build the plugin as a shared library (a .dynamic product, or swiftc -emit-library)"
        }
        let machine = UInt16(littleEndian: header, at: 18)
        if let host = hostMachine, machine != host {
            return "cannot load: built for \(machineName(machine)), and this viper runs on \(machineName(host)); rebuild the plugin on this machine"
        }
        return nil
    }

    /// Whether the header tables and every loadable segment lie inside the file's `size` bytes.
    private static func extentProblem(descriptor: Int32, header: [UInt8], size: UInt64) -> String? {
        let programOffset = UInt64(littleEndian: header, at: 32)
        let sectionOffset = UInt64(littleEndian: header, at: 40)
        let programEntrySize = UInt64(UInt16(littleEndian: header, at: 54))
        let programCount = UInt64(UInt16(littleEndian: header, at: 56))
        let sectionEntrySize = UInt64(UInt16(littleEndian: header, at: 58))
        let sectionCount = UInt64(UInt16(littleEndian: header, at: 60))

        var needed = end(programOffset, programEntrySize * programCount)
        if sectionOffset != 0 {
            needed = max(needed, end(sectionOffset, sectionEntrySize * sectionCount))
        }
        guard needed <= size else {
            return truncated(size: size, needed: needed)
        }
        guard programEntrySize >= UInt64(ELFSegment.headerSize) else {
            return "not a plugin: its ELF program headers are malformed; rebuild the plugin"
        }
        for segment in ELFSegment.table(descriptor, head: header) where segment.type == ELFSegment.loadable {
            let segmentEnd = end(segment.offset, segment.fileSize)
            if segmentEnd > size {
                return truncated(size: size, needed: segmentEnd)
            }
        }
        return nil
    }

    /// `offset + count`, saturated: a corrupt header must not trap on overflow.
    package static func end(_ offset: UInt64, _ count: UInt64) -> UInt64 {
        let (sum, overflow) = offset.addingReportingOverflow(count)
        return overflow ? .max : sum
    }

    private static func truncated(size: UInt64, needed: UInt64) -> String {
        "not a plugin: the file is truncated (\(size) bytes, but its ELF headers describe at least \(needed)); rebuild the plugin or copy it again"
    }

    /// `e_machine` of the platform this viper was built for; nil skips the check.
    package static var hostMachine: UInt16? {
        #if arch(x86_64)
            return 62
        #elseif arch(arm64)
            return 183
        #else
            return nil
        #endif
    }

    package static func machineName(_ machine: UInt16) -> String {
        switch machine {
        case 3: return "x86 (32-bit)"
        case 40: return "ARM (32-bit)"
        case 62: return "x86_64"
        case 183: return "aarch64"
        case 243: return "RISC-V"
        default: return "machine type \(machine)"
        }
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    package static func read(_ descriptor: Int32, offset: UInt64, count: Int) -> [UInt8] {
        guard count > 0, offset <= UInt64(Int64.max) - UInt64(count) else { return [] }
        if let held = heldBytes(descriptor, offset: offset, count: count) { return held }
        // Not zeroed first, and not copied after: a plugin's symbol tables are read whole, for every plugin scanned.
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var filled = 0
            while filled < count {
                let got = pread(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled, off_t(offset) + off_t(filled))
                if got <= 0 { break }
                filled += got
            }
            initialized = filled
        }
    }
}

extension FixedWidthInteger {
    /// Reads a little-endian integer from `bytes` at `offset`; missing bytes read as zero.
    package init(littleEndian bytes: [UInt8], at offset: Int) {
        if offset >= 0, offset <= bytes.count - MemoryLayout<Self>.size {
            // One load where the bytes are all there (nearly always): the loop below is many
            // times slower, and the scanner reads thousands of integers a plugin.
            self = bytes.withUnsafeBytes { Self(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Self.self)) }
            return
        }
        var value: Self = 0
        for index in 0..<(Self.bitWidth / 8) where offset + index < bytes.count {
            value |= Self(truncatingIfNeeded: bytes[offset + index]) << (8 * index)
        }
        self = value
    }
}
