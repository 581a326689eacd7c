import Foundation

extension PluginScanner {
    /// How many scanners a cold start over `files` new plugins runs at once on `cores` cores:
    /// the rule ``batches(_:cores:limit:pinned:)`` splits by, for `viper-bench`'s baselines, which load the
    /// same files on as many processes.
    package static func scannerCount(files: Int, cores: Int) -> Int {
        max(1, min(maximumWorkers, cores, files / filesPerExtraWorker))
    }

    /// The most plugins one scanner loads before the next files go to a new scanner. glibc's
    /// `dlopen` compares each new name with every library the process has loaded and rebuilds a
    /// table of them (`_dl_find_object_update`), so one process that loads k plugins pays a term
    /// that grows as k²; a new scanner costs its start instead. The bound is where the two
    /// balance on the bench plugins (the measurement is in docs/benchmarks).
    package static let filesPerScanner = 500

    /// How many batches ``batches(_:cores:limit:pinned:)`` makes of `files`: one per scanner run at once
    /// (``scannerCount(files:cores:)``), or more, run in turn, so that none holds more than `limit`.
    package static func batchCount(files: Int, cores: Int, limit: Int = filesPerScanner) -> Int {
        max(scannerCount(files: files, cores: cores), (files + max(1, limit) - 1) / max(1, limit))
    }

    /// `files` in contiguous batches of at most `limit` files: one per scanner started at once
    /// (as many as there are cores, at most ``maximumWorkers``, when there are enough files to
    /// pay for them), and more, run in turn, when those would load more than `limit` each; or,
    /// `pinned`, that many of even size, or more of at most `limit` (``pinnedBatches(_:count:)``).
    package static func batches(
        _ files: [PluginFile], cores: Int = ProcessInfo.processInfo.activeProcessorCount, limit: Int = filesPerScanner,
        pinned: Int? = nil
    ) -> [[PluginFile]] {
        guard !files.isEmpty else { return [] }
        // On one core ``batchCount(files:cores:limit:)`` is the batches the cap alone asks for.
        if let pinned { return pinnedBatches(files, count: max(pinned, batchCount(files: files.count, cores: 1, limit: limit))) }
        let count = batchCount(files: files.count, cores: cores, limit: limit)
        let size = (files.count + count - 1) / count
        return stride(from: 0, to: files.count, by: size).map { Array(files[$0..<min($0 + size, files.count)]) }
    }
}
