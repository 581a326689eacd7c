import ViperLoading

extension CachedScan {
    /// The log line a scan at start-up leaves in `viper.log` (level info, source `scan`): how
    /// many files it scanned with how many scanners, and whether `VIPER_SCANNERS` fixed the
    /// count. `viper-bench --sandbox` reads it to print the scanners each side of its row ran.
    static func scanLine(files: Int, tally: ScannerTally, pinned: Int?) -> String {
        let how = pinned.map { "pinned at \($0) by \(PluginScanner.pinnedScannersVariable)" } ?? "as viper chose"
        return "scanned \(files) file\(files == 1 ? "" : "s") with \(tally.started) scanner\(tally.started == 1 ? "" : "s") (\(how))"
    }
}
