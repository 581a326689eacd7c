import Foundation
import ViperELF
import ViperLoading

/// A suite library links its own copy of ConformanceKit, and viper check hands it a request laid
/// out by viper's kit and reads back what its kit sends: a library built with another kit could do
/// anything, crash included. Each kit states its version in a `viper_conformance_kit` record
/// ("VCKT", major, minor), read from the suite's file before its `dlopen` and compared with the
/// record in viper's own file (the kit linked into it); a suite with another record, or none, is
/// refused with one line saying what was found, what is needed and how to rebuild it.
extension CheckSuites {
    /// A kit's record: its version as `major.minor`.
    struct KitRecord: Equatable, CustomStringConvertible {
        let major: UInt32
        let minor: UInt32

        var description: String { "\(major).\(minor)" }

        /// The record's section and magic word ("VCKT").
        static let section = "viper_conformance_kit"
        static let magic: UInt32 = 0x5643_4B54

        /// The record in the file at `path`; nil when the file has none or a malformed one.
        static func read(_ path: String) -> KitRecord? {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, let file = ELFSections(descriptor: descriptor, size: UInt64(info.st_size)),
                let index = file.index(of: section, names: file.names())
            else { return nil }
            let bytes = file.contents(index, limit: 12)
            guard bytes.count == 12, UInt32(littleEndian: bytes, at: 0) == magic else { return nil }
            return KitRecord(major: UInt32(littleEndian: bytes, at: 4), minor: UInt32(littleEndian: bytes, at: 8))
        }

        /// The kit linked into this viper, read from its own file once.
        static let own: KitRecord? = read("/proc/self/exe")
    }

    /// Why `suite` must not run in this viper, or nil: it was built with another ConformanceKit.
    static func kitProblem(_ suite: Found, own: KitRecord? = KitRecord.own) -> String? {
        guard let own, FileManager.default.fileExists(atPath: suite.path) else { return nil }
        let found = KitRecord.read(suite.path)
        guard found != own else { return nil }
        let built = found.map { "ConformanceKit \($0)" } ?? "a ConformanceKit older than this one (it has no \(KitRecord.section) record)"
        return "was built with \(built), and this viper's is ConformanceKit \(own): not run, as a suite library must be built with "
            + "the ConformanceKit of the viper that runs it; rebuild it with this viper's ConformanceKit (its package's dependency on "
            + "the Contracts folder 'viper sdk' prints, then swift build) and install it again"
    }
}
