import Foundation

/// Confirming what a batch says against a file: a plugin's constructors run in its scanner's
/// process, so a plugin that reads the scanner's secret from memory (``ScanSeal`` cannot stop
/// that) can write sealed results for the files after it in its batch, or begin one of them and
/// crash or hang so the parent blames it. A verdict that disables a file is therefore believed
/// only when no drop-in was loaded before it in its scanner (the bundled plugins load first,
/// and are part of viper), or when a second scan with the suspects in reverse order agrees, or
/// as a fresh scanner given that file alone says.
///
/// Invariants:
/// - Every ``ScanResult/Outcome`` other than `ok` about a file loaded after a drop-in in its
///   scanner is kept only when a scan of the suspects in reverse order agrees; otherwise it is
///   replaced by the verdict of a scanner that loads that file alone.
/// - When the lone scan disagrees (another kind of outcome, or another refusal), or the batch's
///   scanner was caught writing out of turn (``ScanWorker/tampered``), nothing that scanner
///   reported is kept: each of its other files is scanned alone too. Only the culprit of a caught
///   scanner keeps its verdict, and only when no drop-in was loaded before it.
/// - The confirming scans are never confirmed again (they run with `confirming: false`).
extension PluginScanner {
    /// What one finished scanner answered for: its files in the order it loaded them (without the
    /// ones handed on or left for another scanner), and whether it was caught tampering.
    struct Batch {
        let files: [PluginFile]
        let tampered: Bool
        /// The file the parent blamed for the tampering, if caught.
        let culprit: String?

        /// Where the first drop-in is in ``files`` (``files``' count when there is none).
        private let firstDropIn: Int

        init(files: [PluginFile], tampered: Bool, culprit: String?) {
            self.files = files
            self.tampered = tampered
            self.culprit = culprit
            firstDropIn = files.firstIndex { !$0.folder.origin.isBundled } ?? files.count
        }

        /// Whether what the scanner said of its file at `index` is its own: no drop-in was
        /// loaded before it there.
        func isTrusted(_ index: Int) -> Bool { index <= firstDropIn }
    }

    /// The files of `batch` whose verdict in `results` needs confirming: any verdict but `ok`
    /// about a file loaded after a drop-in in the same scanner (only a drop-in's code could have
    /// written it; the bundled plugins, loaded first, are part of viper).
    static func suspects(of batch: Batch, in results: [String: ScanResult]) -> [PluginFile] {
        batch.files.enumerated().filter { index, file in
            guard !batch.isTrusted(index), let result = results[file.path] else { return false }
            if case .ok = result.outcome { return false }
            return true
        }.map(\.element)
    }

    /// `results` with every suspect verdict of `batches` confirmed, and every file of a batch
    /// shown to lie scanned alone.
    ///
    /// The suspects are first scanned again together, in reverse order (one scanner per batch, as
    /// a scan makes them): a plugin can forge the verdicts of the files after it, so a file after
    /// its forger before comes before it now, and one forger cannot make both verdicts. A verdict
    /// both scans agree on is kept. Each file they disagree on is scanned alone; when that lone
    /// verdict differs from its batch's, the batch lied, and every other file it answered for is
    /// scanned alone too.
    func confirmed(_ results: [String: ScanResult], batches: [Batch]) -> [String: ScanResult] {
        var results = results
        let suspects = batches.flatMap { Self.suspects(of: $0, in: results) }
        guard !suspects.isEmpty || batches.contains(where: \.tampered) else { return results }
        var again = self
        again.pinned = nil
        let reversed = suspects.isEmpty ? [:] : again.scan(Array(suspects.reversed()), confirming: false)
        let disputed = suspects.filter { file in reversed[file.path].map { !Self.agree(results[file.path], $0) } ?? true }
        var alone = again
        alone.filesPerScanner = 1
        let lone = alone.scanAlone(disputed)
        var distrusted: [Batch] = batches.filter(\.tampered)
        for batch in batches where !batch.tampered {
            let lied = Self.suspects(of: batch, in: results).contains { file in
                lone[file.path].map { !Self.agree(results[file.path], $0) } ?? false
            }
            if lied { distrusted.append(batch) }
        }
        results.merge(lone) { _, new in new }
        // A batch shown to lie: scan every file it answered for again, alone (but those just scanned).
        let rest = distrusted.flatMap { batch in
            batch.files.enumerated().filter { index, file in
                lone[file.path] == nil && !(batch.isTrusted(index) && file.path == batch.culprit)
            }.map(\.element)
        }
        results.merge(alone.scanAlone(rest)) { _, new in new }
        return results
    }

    /// Scans each of `files` in a scanner of its own.
    private func scanAlone(_ files: [PluginFile]) -> [String: ScanResult] {
        files.isEmpty ? [:] : scan(files, confirming: false)
    }

    /// Whether a batch's verdict and a lone scan's say the same of a file: the same kind of
    /// outcome, and for a refusal the same reason (a crash or hang may be worded apart).
    static func agree(_ batch: ScanResult?, _ lone: ScanResult) -> Bool {
        switch (batch?.outcome, lone.outcome) {
        case (.ok?, .ok), (.broken?, .broken): return true
        case (.failed(let said)?, .failed(let found)): return said == found
        default: return false
        }
    }
}
