import Contracts
import Foundation
import ViperCore

/// The parent side of crash-isolated scanning (GStreamer's plugin scanner): runs
/// `viper __scan` in child processes over the files to scan. A plugin that crashes,
/// traps, hangs, forks, prints or closes standard output is recorded as broken with
/// what it did, and the scan goes on with the rest in a new child.
///
/// Each scanner leads its own process group, so what a plugin started ends with it.
/// A plugin that takes longer than ``handOffAfter`` keeps its full ``timeout``, but the
/// files after it go to a new scanner at once: hung plugins in one folder cost about
/// one time-out side by side, not one each after another.
///
/// How the pieces fit: ``ScannerLaunch`` starts each child (a `fork` of this process, or
/// `viper __scan`); the child's side is ``ScanMode``, which boxes itself (``Sandbox``) and
/// loads each file with a ``PluginLoader`` under ``ScanGuard``; each result is a
/// ``RecordCodec`` line sealed by ``ScanSeal`` and read by a ``ScanWorker``, and
/// `+Confirm` checks a batch's claims against the files. Results are kept in the
/// ``DescriptorCache`` by file stamp, so a warm start scans nothing; ``VerifiedLoader``
/// later loads in viper's process only what was scanned.
///
/// Longer than 300 lines on purpose: batches, hand-offs and the lone re-scan that confirms a
/// "broken" verdict share one bookkeeping of which file went to which scanner, read in one place.
package struct PluginScanner {
    /// The `viper` executable that has the scan mode.
    package let executable: String
    /// Seconds one plugin may take to load before it is called hung.
    package let timeout: Double
    /// The most files one scanner loads (``filesPerScanner``; `VIPER_SCAN_BATCH` sets it for a measurement).
    package var filesPerScanner = Self.filesPerScanner
    /// `--allow-insecure-plugins`, passed on to the scanner.
    package var allowInsecure = false
    /// The data folder whose plugins.lock the scanner must obey, if any.
    package var lockFolder: String?
    /// The installed contract libraries, passed on to the scanner.
    package var libraries: [PluginFile] = []
    /// Scanners running at once, at most.
    package static let maximumWorkers = 4
    /// The scanners to run at once, fixed (`VIPER_SCANNERS`, ``pinnedScanners(_:)``), or nil to choose.
    package var pinned: Int?
    /// Counts the scanners this scan starts, when set.
    package var tally: ScannerTally?
    /// The signed-plugin check each file passes here, in the parent, before the scanner loads it (nil: none).
    package var signatures: SignatureCheck?

    /// Seconds a plugin may load before the files after it are handed to another scanner.
    package var handOffAfter: Double { min(timeout / 4, 1) }

    /// Scans files given by path alone (each checked up to its own folder).
    package func scan(_ paths: [String]) -> [String: ScanResult] {
        scan(paths.map { PluginFile(path: $0, folder: PluginFolder(path: Paths.parent($0), origin: .flag)) })
    }

    /// Scans `files`, the bundled plugins first in every scanner; every verdict but `ok` that a
    /// scanner gave about a file it loaded after a drop-in is confirmed (``confirmed(_:batches:)``).
    /// A signed file is verified first (``SignatureCheck``) and goes to the scanner only
    /// when its signature holds, and its scan stands only when the scanner loaded the very file verified
    /// and found the plugin and version the signature names.
    package func scan(_ files: [PluginFile]) -> [String: ScanResult] {
        guard let signatures else { return scan(files, confirming: true) }
        var refused: [String: ScanResult] = [:]
        var verified: [String: (name: String, version: String?, stamp: FileStamp)] = [:]
        var toScan: [PluginFile] = []
        toScan.reserveCapacity(files.count)
        // One thread, on purpose: scanners are forked copies of viper only while one thread runs
        // (``ScannerLaunch``), and a worker pool started here would make every scanner an exec.
        let verdicts = files.map { signatures.verify($0.path) }
        for (file, verdict) in zip(files, verdicts) {
            switch verdict {
            case .unsigned:
                toScan.append(file)
            case .refused(let reason):
                refused[file.path] = ScanResult(stamp: FileStamp.read(file.path) ?? .missing(file.path), outcome: .failed(reason), code: .untrusted)
            case .verified(let name, let version, _, let stamp):
                verified[file.path] = (name, version, stamp)
                toScan.append(file)
            }
        }
        var results = scan(toScan, confirming: true)
        for (path, signed) in verified {
            guard let result = results[path] else { continue }
            var reason: String?
            if result.stamp != signed.stamp {
                reason = "refused: it changed while its signature was being checked; start viper again"
            } else if case .ok(let scanned) = result.outcome {
                let manifest = scanned.descriptor.manifest
                if manifest.name != signed.name || (signed.version.map { $0 != manifest.version } ?? false) {
                    reason =
                        "refused: its signature is for plugin '\(signed.name)' \(signed.version ?? ""), but the file is '\(manifest.name)' \(manifest.version); "
                        + "a signature of one plugin or version cannot stand for another"
                }
            }
            if let reason { results[path] = ScanResult(stamp: result.stamp, outcome: .failed(reason), code: .untrusted) }
        }
        results.merge(refused) { _, refusal in refusal }
        return results
    }

    func scan(_ files: [PluginFile], confirming: Bool) -> [String: ScanResult] {
        // The bundled plugins load first in every scanner: no drop-in's code has run in a scanner
        // by the time they are reported, so none can write their results (``confirmed(_:batches:)``
        // covers the drop-ins among themselves).
        let files = files.filter(\.folder.origin.isBundled) + files.filter { !$0.folder.origin.isBundled }
        var results: [String: ScanResult] = [:]
        var finished: [Batch] = []
        results.reserveCapacity(files.count)  // each worker's results are merged in: no table regrown on the way
        // How scanners start is decided once per scan (see ``ScannerLaunch``).
        let launch = ScannerLaunch.choose(executable: executable)
        // Read once: Foundation reads the cgroup files for it each time (two opens and reads).
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Planned batches run `atOnce` at a time (``filesPerScanner`` each at most; a pinned count
        // is that many at once); files a worker hands on (``waiting``) start at once, up to ``maximumWorkers``.
        var queued = Self.batches(files, cores: cores, limit: filesPerScanner, pinned: pinned)
        let atOnce = pinned.map { min($0, queued.count) } ?? Self.scannerCount(files: files.count, cores: cores)
        var waiting: [[PluginFile]] = []
        var workers: [ScanWorker] = []
        var lastRead: UInt64 = 0
        let sandbox = Self.makeSandboxFolder()
        defer { sandbox.map { try? FileManager.default.removeItem(atPath: $0) } }
        while !waiting.isEmpty || !queued.isEmpty || !workers.isEmpty {
            while workers.count < Self.maximumWorkers, !waiting.isEmpty || (workers.count < atOnce && !queued.isEmpty) {
                let batch = waiting.isEmpty ? queued.removeFirst() : waiting.removeFirst()
                do {
                    workers.append(try start(batch, launch: launch, sandbox: sandbox))
                    tally?.started += 1
                } catch {
                    fail(batch, "cannot start the scanner: \(error)", into: &results)
                }
            }
            poll(workers, lastRead: &lastRead)
            workers = workers.filter { worker in
                // Read before settling: the culprit of a scanner caught tampering is named from them.
                let culprit = worker.tampered.flatMap { _ in worker.current?.path ?? worker.lastBegun }
                guard let rest = settle(worker, into: &results) else { return true }
                tally?.seconds.merge(worker.seconds) { _, new in new }
                tally?.ownSeconds.merge(worker.ownSeconds) { _, new in new }
                if !rest.isEmpty { waiting.append(rest) }
                if confirming {
                    let left = Set(rest.map(\.path))
                    finished.append(Batch(files: worker.files.filter { !left.contains($0.path) }, tampered: worker.tampered != nil, culprit: culprit))
                }
                return false
            }
            for worker in workers where workers.count + waiting.count < Self.maximumWorkers && isSlow(worker) {
                let rest = worker.handOffRest()
                if !rest.isEmpty { waiting.append(rest) }
            }
            if queued.isEmpty { balance(workers, waiting: &waiting, cores: cores) }
        }
        guard confirming else { return results }
        defer { if sandbox != nil { CgroupLimit.sweep() } }  // the scanners' cgroups, now empty
        return confirmed(results, batches: finished)
    }

    /// Files scanned per scanner at least before a second scanner is worth its start-up (a few
    /// milliseconds, about what loading this many small plugins costs).
    package static let filesPerExtraWorker = 32

    /// When a core is free (a scanner finished first: the machine is shared, or its plugins were
    /// quicker) and another scanner has many files left, gives the later half of them to a new
    /// scanner, so one slow scanner does not hold up the start. Worth a scanner's start-up (its
    /// own few milliseconds, on the core that came free) only when each half is well above
    /// ``filesPerExtraWorker`` files.
    private func balance(_ workers: [ScanWorker], waiting: inout [[PluginFile]], cores: Int) {
        guard pinned == nil, waiting.isEmpty, workers.count < min(Self.maximumWorkers, max(1, cores)),
            let busiest = workers.max(by: { $0.remainingCount < $1.remainingCount }),
            busiest.remainingCount >= 4 * Self.filesPerExtraWorker
        else { return }
        let rest = busiest.handOffHalf()
        if !rest.isEmpty { waiting.append(rest) }
    }

    /// Whether the plugin `worker` is loading has taken ``handOffAfter`` or more.
    private func isSlow(_ worker: ScanWorker) -> Bool {
        guard let current = worker.current else { return false }
        return -current.since.timeIntervalSinceNow >= handOffAfter
    }

    private func start(_ files: [PluginFile], launch: ScannerLaunch, sandbox: String?) throws -> ScanWorker {
        let arguments = ScanMode.arguments(
            for: files, allowInsecure: allowInsecure, lockFolder: lockFolder, libraries: libraries,
            sandbox: sandbox)
        let errorFile = NSTemporaryDirectory() + "viper-scan-\(UUID().uuidString).err"
        let seal = ScanSeal.make()  // each scanner its own (see ``ScanSeal``)
        let process: ChildProcess
        if launch == .fork {
            process = try ChildProcess.fork(ownGroup: true, errorFile: errorFile) {
                PluginExitGuard.disarm()
                return ScanMode.run(paths: Array(arguments.dropFirst()), seal: seal)
            }
        } else {
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_BACKTRACE"] = "enable=no"  // a crashing plugin should not cost a backtrace
            let input = try seal.inputPipe()
            defer { close(input) }
            process = try ChildProcess.start(
                executable: executable, arguments: [arguments[0], ScanSeal.option] + arguments.dropFirst(),
                environment: environment, ownGroup: true, errorFile: errorFile, input: input)
        }
        return ScanWorker(process: process, files: files, errorFile: errorFile, seal: seal)
    }

    /// Nanoseconds between two reads of the scanners' pipes at least. A scanner writes two lines
    /// per plugin, and waking for each (about 800 wake-ups for 1,000 plugins, each with its system
    /// calls and a look at every worker) cost the parent, and the scanners it shares the cores
    /// with, more than reading the lines; the pipe holds what comes meanwhile (a few lines).
    package static let readInterval: UInt64 = 2_000_000

    /// Waits until a worker's pipe has something, or at most until the next time-out or
    /// hand-off, or 0.1 s (a scanner can end while a process it started holds the pipe open);
    /// not sooner than ``readInterval`` after the last read (`lastRead`, monotonic nanoseconds)
    /// while more than ``filesPerExtraWorker`` files wait for a result.
    private func poll(_ workers: [ScanWorker], lastRead: inout UInt64) {
        let reading = workers.filter { !$0.atEnd }
        var wait = 0.1
        for worker in workers {
            if let current = worker.current {
                wait = min(wait, timeout + current.since.timeIntervalSinceNow)
                if -current.since.timeIntervalSinceNow < handOffAfter {
                    wait = min(wait, handOffAfter + current.since.timeIntervalSinceNow)
                }
            }
        }
        let sinceRead = Self.now() &- lastRead
        // The last few files' lines are read as they come: a pause then would only delay the end.
        let remaining = workers.reduce(0) { $0 + $1.remainingCount }
        if remaining > Self.filesPerExtraWorker, sinceRead < Self.readInterval {
            let pause = Self.readInterval - sinceRead
            var request = timespec(tv_sec: 0, tv_nsec: Int(pause))
            nanosleep(&request, nil)
            wait = max(0, wait - Double(pause) / 1e9)
        }
        var descriptors = reading.map { pollfd(fd: $0.process.output, events: Int16(POLLIN), revents: 0) }
        let ready = Glibc.poll(&descriptors, nfds_t(descriptors.count), Int32(max(0, wait) * 1000))
        guard ready > 0 else { return }
        lastRead = Self.now()
        for (worker, descriptor) in zip(reading, descriptors) where descriptor.revents != 0 {
            worker.read()
        }
    }

    /// Records what a worker found once it is finished; returns the files to scan anew,
    /// or nil while it runs.
    private func settle(_ worker: ScanWorker, into results: inout [String: ScanResult]) -> [PluginFile]? {
        if let tampered = worker.tampered {
            worker.process.stop()
            worker.process.wait()
            // Its constructors (or a thread they started) wrote there: the plugin loading, else the last begun.
            guard let culprit = worker.current?.path ?? worker.lastBegun else {
                fail(worker.unscanned, "something wrote to the scanner's result channel before any plugin loaded", into: &results)
                return []
            }
            return finish(worker, culprit: culprit, reason: tampered, into: &results)
        }
        if worker.isDone {
            worker.process.stop()
            worker.process.wait()
            results.merge(worker.results) { _, new in new }
            return []
        }
        if let current = worker.current, -current.since.timeIntervalSinceNow > timeout {
            worker.process.stop()
            worker.process.wait()
            let reason =
                "did not finish loading within \(Self.format(timeout)) s and was stopped (it hangs in its entry point); it is skipped until the file changes"
            return finish(worker, culprit: current.path, reason: reason, into: &results)
        }
        var termination = worker.process.exited()
        if termination == nil, worker.atEnd, worker.current == nil {
            worker.process.stop()  // closed its end between plugins: nothing more will come
            termination = worker.process.wait()
        }
        guard let termination else { return nil }
        while !worker.atEnd, !worker.isDone, Self.hasInput(worker.process.output) {
            worker.read()
        }
        if worker.isDone || worker.tampered != nil { return settle(worker, into: &results) }
        guard let current = worker.current else {
            results.merge(worker.results) { _, new in new }
            let rest = worker.unscanned
            guard worker.results.isEmpty, !rest.isEmpty else { return rest }
            // The scanner failed before any plugin: record every file so the host still opens.
            fail(rest, Self.endedEarly(termination), into: &results)
            return []
        }
        let reason = Self.reason(termination, unreadable: worker.unreadable, lastWords: worker.lastErrorLine())
        return finish(worker, culprit: current.path, reason: reason, into: &results)
    }

    /// Records a worker's results and its culprit; returns its other files without a result.
    private func finish(
        _ worker: ScanWorker, culprit: String, reason: String,
        into results: inout [String: ScanResult]
    ) -> [PluginFile] {
        results.merge(worker.results) { _, new in new }
        results[culprit] = ScanResult(stamp: FileStamp.read(culprit) ?? .missing(culprit), outcome: .broken(reason))
        return worker.unscanned.filter { $0.path != culprit }
    }

    /// Records `files` as not scanned: no verdict on them, so the scan cache keeps none of it
    /// (``PluginLoadError/Code/unavailable``) and the next start scans them again.
    private func fail(_ files: [PluginFile], _ reason: String, into results: inout [String: ScanResult]) {
        let fix =
            reason.contains(String(cString: strerror(EMFILE)))
            ? OpenFileLimit.raise + ", then start viper again"
            : "start viper again"
        for file in files where results[file.path] == nil {
            results[file.path] = ScanResult(
                stamp: FileStamp.read(file.path) ?? .missing(file.path),
                outcome: .failed("could not be scanned (\(reason)), which says nothing of the plugin; \(fix)"), code: .unavailable)
        }
    }

    /// Monotonic nanoseconds.
    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func hasInput(_ descriptor: Int32) -> Bool {
        var one = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&one, 1, 0) > 0
    }

    /// Why the plugin loading when the scanner ended is broken.
    /// `lastWords` is the child's last line on standard error, shown when it crashed.
    private static func reason(_ termination: ChildProcess.Termination, unreadable: String?, lastWords: String? = nil) -> String {
        if let unreadable {
            return "sent a result the host cannot read (\(unreadable)); it is skipped until the file changes"
        }
        switch termination {
        case .signaled(let signal):
            let said = lastWords.map { " after printing '\($0)'" } ?? ""
            return "crashed the scanner with \(signalName(signal))\(said) while loading; it is skipped until the file changes"
        case .exited(let status):
            return "ended the scanner (exit status \(status)) while loading; it is skipped until the file changes"
        }
    }

    private static func endedEarly(_ termination: ChildProcess.Termination) -> String {
        switch termination {
        case .signaled(let signal): return "the scanner ended early (\(signalName(signal)))"
        case .exited(let status): return "the scanner ended early (status \(status))"
        }
    }

    package static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
            SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP",
        ]
        let description = strsignal(signal).map { String(cString: $0) } ?? "signal"
        return "\(names[signal] ?? "signal \(signal)") (\(description.lowercased()))"
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    package init(
        executable: String, timeout: Double, allowInsecure: Bool = false, lockFolder: String? = nil,
        libraries: [PluginFile] = []
    ) {
        self.executable = executable
        self.timeout = timeout
        self.allowInsecure = allowInsecure
        self.lockFolder = lockFolder
        self.libraries = libraries
    }
}
