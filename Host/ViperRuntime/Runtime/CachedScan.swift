import Foundation
import ViperCore
import ViperLoading

/// What the isolated start-up knows of each plugin file before validation: the trust
/// checks by path, the descriptor cache, and a scan in a child process of what the
/// cache cannot answer; the cache is saved when that changed it.
///
/// Invariants:
/// - Every file that exists gets one result: untrusted (without being scanned), cached,
///   or scanned now. A file that vanished gets none (``ScanTriage`` reports it).
/// - What is reported and what the cache keeps differ on purpose: a refusal by the lock
///   is not a verdict on the file (the cached scan stays for later), and an untrusted
///   file is never cached, so a cached verdict cannot outlive a `chmod`; nor is a file viper
///   could not look at (out of open files, a scanner that could not start), which is no verdict.
/// - The trust check of a folder runs once per folder, not once per plugin in it.
struct CachedScan {
    let files: [PluginFile]
    /// The `viper` executable that scans.
    let executable: String
    let options: RuntimeOptions
    let dataFolder: String
    let lockState: LockState
    let libraries: ContractLibraryCatalog
    let logger: FileLogger
    /// The cache file when start-up already read it (else ``run()`` reads it).
    var preloaded: DescriptorCache.Read?
    /// The signed-plugin check (nil: the lock cannot be read, and the runtime reports that).
    var signatures: SignatureCheck?
    /// What discovery's look at each file found, by index into `files` (when empty, each file is `stat`ed here).
    var infos: [PluginDiscovery.FileInfo?] = []

    /// What ``run()`` found.
    struct Scanned {
        /// What each file is reported as, by index into the files (nil: it vanished).
        var results: [ScanResult?] = []
        /// The SHA-256 of each file whose scan succeeded, by index into the files.
        var digests: [KnownDigest?] = []
        /// Whether any file has a digest (none at a warm start without a lock: then no slot is read).
        var anyDigest = false
        /// The stamp of file `index`'s result (nil: it vanished), read from the result when asked.
        func stamp(at index: Int) -> FileStamp? {
            index < results.count ? results[index]?.stamp : nil
        }
        /// The scanner, to scan a file again that changed before its first use.
        var scanner: PluginScanner
        /// The host identity the cache was read under (part of the kept graph's key).
        var host = ""
        /// The cache as an index whose record for each file with a result holds that result (its
        /// stamp and line), but for the files in ``unindexed``: it keys the kept graph by its
        /// header's digest, and answers live reloading's stamps. Nil when it could not be made.
        var index: DescriptorCache?
        /// The files (by index into the files) whose result is not their record's: refused as untrusted.
        var unindexed: [Int] = []
        /// The wall time of the scan of new and changed files (nil: nothing was scanned).
        var scanPhase: Double?
        /// Each scanned file's time in its scanner, by path.
        var scanSeconds: [String: Double] = [:]
        /// The same less the time its scanner waited for a CPU meanwhile, where known.
        var scanOwnSeconds: [String: Double] = [:]
        /// Each scanned file's share of ``scanPhase``, by path: its scanner's time for it, scaled
        /// down when scanners ran side by side so the shares never add up to more than the phase.
        var scanShares: [String: Double] = [:]
    }

    func run() -> Scanned {
        let host = DescriptorCache.hostIdentity(executable: executable) + libraries.identity
        var (cache, note) = preloaded.map { DescriptorCache.accept($0, host: host) } ?? DescriptorCache.load(folder: dataFolder, host: host)
        if let note { logger.log(.warning, note, source: "cache") }
        var triage = triageFiles(cache)
        var scanned = Scanned(scanner: makeScanner(), host: host)
        var fresh: [(index: Int, result: ScanResult)] = []
        if !triage.toScan.isEmpty {
            // The scanner answers by path; only the files it scanned are looked up.
            var positions: [String: Int] = [:]
            positions.reserveCapacity(triage.toScan.count)
            for index in triage.toScan { positions[files[index].path] = index }
            let tally = ScannerTally()
            scanned.scanner.tally = tally
            let began = PluginClock.now()
            let results = scanned.scanner.scan(triage.toScan.map { files[$0] })
            let phase = Double(PluginClock.now() - began) / 1e9
            scanned.scanPhase = phase
            scanned.scanSeconds = tally.seconds
            scanned.scanOwnSeconds = tally.ownSeconds
            scanned.scanShares = Self.shares(tally.seconds, within: phase)
            for (path, result) in results {
                guard let index = positions[path] else { continue }
                triage.set(result, at: index)
                // Neither an untrusted file nor one viper could not look at now gets a cached verdict.
                if result.code != .untrusted && result.code != .unavailable {
                    fresh.append((index, result))
                } else {
                    triage.untrusted.append(index)
                }
            }
            logger.log(.info, Self.scanLine(files: triage.toScan.count, tally: tally, pinned: scanned.scanner.pinned), source: "scan")
        }
        scanned.anyDigest = !triage.digests.isEmpty
        scanned.digests = triage.digests
        scanned.results = triage.results
        // Everything kept from the cache is the cache's own entry: it changes only when something
        // was scanned or an entry is no longer kept (its file vanished, changed or lost trust).
        if !triage.toScan.isEmpty || triage.kept.count != cache.count {
            var entries: [String: ScanResult] = [:]
            entries.reserveCapacity(triage.kept.count + fresh.count)
            for index in triage.kept {
                entries[files[index].path] = cache.entry(at: files[index].path, near: index)
            }
            for (index, result) in fresh { entries[files[index].path] = result }
            cache.entries = entries
            do {
                try cache.saveIndexed(folder: dataFolder)
            } catch {
                logger.log(.warning, "\(error)", source: "cache")
            }
        }
        // Unchanged, the cache is the file as read; rewritten, it was read back from the bytes written.
        scanned.index = cache.indexDigest == nil ? nil : cache
        scanned.unindexed = triage.untrusted
        return scanned
    }

    /// Each file's result so far, the files whose cache entry stays, and those that must be scanned (by index into `files`).
    private struct Triage {
        /// Set through ``set(_:at:)`` only, which keeps `digests` with them.
        var results: [ScanResult?] = []
        /// The digest of each result that succeeded and has one, by index; empty while none has
        /// (a warm start without a lock: then no slot is made, read or copied).
        var digests: [KnownDigest?] = []
        var kept: [Int] = []
        var toScan: [Int] = []
        /// Refused as untrusted, or not looked at (``PluginLoadError/Code/unavailable``): their results are not the cache's.
        var untrusted: [Int] = []

        /// Takes `result` for file `index` (moved in, not copied).
        mutating func set(_ result: consuming ScanResult, at index: Int) {
            if case .ok = result.outcome, let known = result.knownDigest {
                if digests.isEmpty { digests = Array(repeating: nil, count: results.count) }
                digests[index] = known
            } else if !digests.isEmpty {
                digests[index] = nil
            }
            results[index] = result
        }
    }

    private func triageFiles(_ cache: DescriptorCache) -> Triage {
        var triage = Triage()
        triage.results = Array(repeating: nil, count: files.count)
        triage.kept.reserveCapacity(files.count)
        var trust = TrustMemo()
        for (index, file) in files.enumerated() {
            var info = stat()
            let known = index < infos.count ? infos[index] : nil
            if let known {
                info = known.info
            } else {
                guard stat(file.path, &info) == 0 else { continue }
            }
            let stamp = FileStamp(path: file.path, info: info)
            // Checked here by path so a cached verdict cannot outlive a chmod; the loader
            // checks the open file again before anything of it runs.
            if !options.allowInsecurePlugins, let problem = trust.problem(file, info: info, isLink: known?.isLink) {
                triage.set(ScanResult(stamp: stamp, outcome: .failed(problem), code: .untrusted), at: index)
                triage.untrusted.append(index)
                continue
            }
            guard !options.rescan, let cached = cache.result(for: stamp, near: index) else {
                triage.toScan.append(index)
                continue
            }
            use(cached, for: index, stamp: stamp, &triage)
        }
        return triage
    }

    /// Takes the cached result for file `index`, or queues it for a scan when the cache cannot answer under the lock.
    private func use(_ cached: ScanResult, for index: Int, stamp: FileStamp, _ triage: inout Triage) {
        // A signed plugin verified at an earlier start: its key may have been revoked or its pin changed since.
        if case .ok = cached.outcome, let signatures, let refusal = signatures.recheck(files[index].path) {
            triage.set(ScanResult(stamp: stamp, outcome: .failed(refusal), code: .untrusted), at: index)
            triage.untrusted.append(index)
            return
        }
        switch (cached.outcome, cached.code) {
        case (_, .notPinned?), (.ok, _):
            if case .ok = cached.outcome, !lockState.isLocked {
                triage.set(cached, at: index)
            } else if lockState.isLocked, cached.sha256 != nil,
                let refusal = lockState.refusal(path: files[index].path, sha256: cached.sha256)
            {
                // Refused by the lock without running anything; the cached scan stays for later.
                triage.set(ScanResult(stamp: stamp, outcome: .failed(refusal), code: .notPinned, sha256: cached.sha256), at: index)
            } else if case .ok = cached.outcome, cached.sha256 != nil {
                triage.set(cached, at: index)
            } else {
                triage.toScan.append(index)  // no digest yet, or refused by a lock that now pins it: scan it
                return
            }
            triage.kept.append(index)
        default:
            triage.set(cached, at: index)
            triage.kept.append(index)
        }
    }

    /// `seconds` by file, scaled so that they add up to `phase` at most (scanners that ran at
    /// the same time each counted the same wall time).
    static func shares(_ seconds: [String: Double], within phase: Double) -> [String: Double] {
        let sum = seconds.values.reduce(0, +)
        guard sum > phase, sum > 0 else { return seconds }
        let scale = phase / sum
        return seconds.mapValues { $0 * scale }
    }

    private func makeScanner() -> PluginScanner {
        let timeout = options.environment["VIPER_SCAN_TIMEOUT"].flatMap(Double.init) ?? options.scanTimeout
        var scanner = PluginScanner(executable: executable, timeout: timeout)
        scanner.pinned = PluginScanner.pinnedScanners(environment: options.environment)
        scanner.allowInsecure = options.allowInsecurePlugins
        scanner.lockFolder = lockState.isLocked ? dataFolder : nil
        scanner.signatures = signatures
        scanner.libraries = libraries.foundFiles
        if let batch = options.environment["VIPER_SCAN_BATCH"].flatMap(Int.init), batch > 0 { scanner.filesPerScanner = batch }
        return scanner
    }
}

extension CachedScan.Scanned {
    /// Adds the digest of each of `files` that has one to `digests`, by path (none at a warm
    /// start without a lock). The stamps live reloading compares with are ``reloadStamps(_:)``.
    func keep(_ files: [PluginFile], digests: inout [String: KnownDigest]) {
        guard anyDigest else { return }
        for (index, file) in files.enumerated() {
            if let known = self.digests[index] { digests[file.path] = known }
        }
    }
}
