import Foundation

/// How the parent starts a scanner: as a copy of itself made with `fork`, or as
/// `viper __scan` through `posix_spawn` and `exec`.
///
/// A copy saves what `exec` costs a Swift program (the runtime and Foundation loaded and
/// relocated again: about 20 ms, most of a cold start with a few new plugins).
/// It judges files exactly as a fresh scanner does only while three things hold, checked
/// when a scan begins: the scanner to run is this very program, this process has opened no
/// plugin or contract library yet (``LoadedImages``), and it runs a single thread. That is
/// the start-up; a reload in a running shell, a test process and `VIPER_SCAN_EXEC=1` use `exec`.
package enum ScannerLaunch: Equatable, Sendable {
    case fork
    case exec

    /// The launch for a scan by `executable` now.
    package static func choose(executable: String) -> ScannerLaunch {
        if let forced = getenv("VIPER_SCAN_EXEC"), String(cString: forced) == "1" { return .exec }
        guard !LoadedImages.any, isThisProgram(executable), ChildProcess.isAlone else { return .exec }
        return .fork
    }

    /// Whether `executable` is the file this process runs.
    package static func isThisProgram(_ executable: String) -> Bool {
        var mine = stat(), theirs = stat()
        guard stat("/proc/self/exe", &mine) == 0, stat(executable, &theirs) == 0 else { return false }
        return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
    }
}
