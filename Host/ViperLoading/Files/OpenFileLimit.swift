import Foundation

/// The words for a file viper could not open because this process (EMFILE) or the system
/// (ENFILE) had no open file to spare: nothing is wrong with the file, the fix is the limit, and
/// nothing viper keeps may record it as the file's fault.
package enum OpenFileLimit {
    /// Whether `code` (an `errno` of `open`) means no open file was to spare.
    package static func ranOut(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE
    }

    /// What to do for `code` (EMFILE or ENFILE), without the final "start viper again".
    package static func fix(_ code: Int32) -> String {
        if code == ENFILE { return "the system's table of open files is full; close programs that hold many files" }
        var limit = rlimit()
        let allowed = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 ? " (this viper may open \(limit.rlim_cur))" : ""
        return "viper ran out of open files\(allowed); \(raise)"
    }

    /// The advice for the per-process limit, as a person's shell takes it.
    package static let raise = "raise the limit of open files ('ulimit -n 1024' in the shell that starts viper)"

    /// `cannot be opened now (Too many open files), which says nothing of SUBJECT: FIX, then start viper again`.
    package static func line(_ code: Int32, subject: String) -> String {
        "cannot be opened now (\(String(cString: strerror(code)))), which says nothing of \(subject): \(fix(code)), then start viper again"
    }
}
