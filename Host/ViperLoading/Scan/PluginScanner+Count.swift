extension PluginScanner {
    /// How many scanners a cold start over `files` new plugins runs at once on `cores` cores:
    /// the rule ``batches(_:cores:)`` splits by, for `viper-bench`'s baselines, which load the
    /// same files on as many processes.
    package static func scannerCount(files: Int, cores: Int) -> Int {
        max(1, min(maximumWorkers, cores, files / filesPerExtraWorker))
    }
}
