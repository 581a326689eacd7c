import Contracts
import Foundation
import ViperCore
import ViperLoading

/// Live plugins (docs/ARCHITECTURE.md, "Live plugins"): a running viper takes new, changed
/// and removed plugin files. A new or changed file is scanned in a child as at start-up, with
/// the same refusals and the same lines; validated against the running graph; then loaded
/// from a sealed in-memory copy (``PluginLoader/snapshot(_:descriptor:stamp:sha256:)``) and committed in place of the version
/// that served. Modules already built keep the code they were built with (images are never
/// closed); everything built or resolved from then on uses the new version.
///
/// Invariants:
/// - A new version takes over only when its scan, validation and load all succeeded; until
///   then, and when any of them fails, the version that served keeps serving.
/// - A file is used only when it held still: it did not change across a short interval, nor
///   during the scan or the copy. Otherwise its path is in ``ReloadReport/retry``.
/// - A file whose stamp is unchanged since it was last scanned is not scanned again.
/// - Runs under `state`, like lazy loading: a resolve on another thread that misses waits
///   for the reload, then finds the new version.
extension HostRuntime {
    /// Scans again the plugin files at `paths` (new, changed or removed; paths in the search folders or
    /// given with --plugins), and applies what changed. Called on the shell's thread between commands.
    package func reload(changed paths: [String]) -> ReloadReport {
        // Not `Paths.absolute`: its `standardizingPath` resolves links on Linux, so a link added to a
        // watched folder was looked for under its target's path, which no plugin folder lists.
        reload(only: Set(paths.map { $0.hasPrefix("/") ? $0 : Paths.absolute($0) }))
    }

    /// Rescans every plugin folder and --plugins file (the shell's `reload` command).
    package func reloadAll() -> ReloadReport {
        reload(only: nil)
    }

    private func reload(only: Set<String>?) -> ReloadReport {
        state.withLock {
            var report = ReloadReport()
            guard isStarted else { return report }
            // A file with a reserved name keeps the record start-up gave it, and is never loaded.
            let (found, reserved) = PluginDiscovery.discover(folders).files.reduce(into: ([PluginFile](), Set<String>())) {
                if ReservedNames.fileProblem($1.path) == nil { $0.0.append($1) } else { $0.1.insert($1.path) }
            }
            let files = ContractLibraryCatalog.separate(found).plugins
            let present = Set(files.map(\.path)).union(reserved)
            for record in recordList where !present.contains(record.path) && only?.contains(record.path) != false {
                removeFile(record.path, into: &report)
            }
            for file in files where only?.contains(file.path) != false {
                reloadFile(file, into: &report)
            }
            nameRefusedProviders(into: &report)
            for line in report.notices {
                logger?.log(.info, line, source: "reload")
            }
            return report
        }
    }

    /// Scans, validates, loads and commits one new or changed file, or says why not.
    private func reloadFile(_ file: PluginFile, into report: inout ReloadReport) {
        guard let stamp = FileStamp.read(file.path), reloads.stamps[file.path] != stamp else { return }
        guard !Self.isBeingWritten(file.path, stamp) else { return waitFor(file, into: &report) }
        guard let result = scanForReload(file, stamp: stamp), result.stamp == stamp, FileStamp.read(file.path) == stamp,
            !(Self.isRecent(stamp) && Self.mayBeHalfWritten(result))
        else { return waitFor(file, into: &report) }
        // The same rule as at start-up: a drop-in that must run isolated and cannot is refused here.
        let triage = ScanTriage(files: [file], results: [result], modes: modeRule)
        guard let descriptor = triage.candidates.first?.1.descriptor else {
            let message = triage.records.first?.record.reason ?? "could not be scanned"
            return refuse(
                file, stamp: stamp, PluginLoadError(result.code ?? .missingFile, path: file.path, message: message),
                line: triage.problems.first?.message, status: triage.records.first?.record.status ?? .disabled, into: &report)
        }
        let name = descriptor.manifest.name
        if let conflict = nameConflict(name, file: file) {
            return refuse(file, stamp: stamp, PluginLoadError(.refused, path: file.path, message: conflict), into: &report)
        }
        let mode = modeRule.mode(name: name, origin: file.folder.origin, descriptor: descriptor)
        let outcome: GraphValidator.Outcome
        switch validateReload(descriptor, file: file) {
        case .success(let valid): outcome = valid
        case .failure(let error):
            return refuse(file, stamp: stamp, error, line: Self.disabledLine(error, name: name, path: file.path), into: &report)
        }
        // An isolated plugin's new version starts in a new boxed process; its code never loads here.
        if mode.isIsolated {
            switch startIsolated(file, name: name, descriptor: descriptor) {
            case .success(let loaded):
                commitVersion(loaded, file: file, outcome: outcome, into: &report)
                reloads.stamps[file.path] = stamp
                // No image of it is mapped here: the old process was stopped.
                if let position = recordList.firstIndex(where: { $0.path == file.path }) {
                    recordList[position].olderImages = 0
                    if let last = report.notices.last, last.hasPrefix("reloaded \(name) (") {
                        report.notices[report.notices.count - 1] =
                            "reloaded \(name) (version \(recordList[position].version); in a new boxed process)"
                    }
                }
            case .failure(let failure):
                refuse(file, stamp: stamp, PluginLoadError(.refused, path: file.path, message: failure.description), into: &report)
            }
            return
        }
        switch loadVersion(file, scanned: descriptor, stamp: stamp, sha256: result.sha256) {
        case .success(let loaded):
            commitVersion(loaded, file: file, outcome: outcome, into: &report)
            reloads.stamps[file.path] = stamp
        case .failure(.changing):
            waitFor(file, into: &report)
        case .failure(.refused(let error)):
            refuse(file, stamp: stamp, error, into: &report)
        }
    }

    /// Puts `loaded` in place of what served from its file (or adds it), with its notice.
    private func commitVersion(
        _ loaded: LoadedPlugin, file: PluginFile, outcome: GraphValidator.Outcome,
        into report: inout ReloadReport
    ) {
        let name = loaded.descriptor.manifest.name
        let position = recordList.firstIndex { $0.path == file.path }
        let old = position.map { recordList[$0] }
        let oldServing = old.flatMap { Self.isServing($0) ? $0.name : nil }
        if let oldName = oldServing {
            pending.remove(named: oldName)
            if oldName != name { report.notices.append(Self.removedNotice(oldName)) }
        }
        let overridden = outcome.overridden[name] ?? []
        let skipped = overridden.union(interceptionPermission.skipped(loaded.registrar, origin: file.folder.origin))
        registry.replace(plugin: oldServing, with: loaded.registrar, skipping: skipped, routeOwners: outcome.routeOwners)
        dependencies = outcome.dependencies
        forgetProblems(path: file.path, plugin: old?.name)
        problemList += outcome.problems.filter { !problemList.contains($0) }
        var record = PluginRecord(
            name: name, path: file.path, origin: file.folder.origin, status: .loaded, reason: nil,
            descriptor: loaded.descriptor, overridden: overridden.sorted())
        if let old, old.name == name {
            record.version = old.version + 1
            record.olderImages = old.olderImages + (old.status == .loaded ? 1 : 0)
        }
        if let position { recordList[position] = record } else { recordList.append(record) }
        if oldServing == name {
            report.notices.append("reloaded \(name) (version \(record.version); \(Self.imagesText(record.olderImages)))")
        } else {
            let routes = Self.routes(of: loaded.descriptor, plugin: name, except: overridden).map(\.spec.pattern)
            report.notices.append("added \(name): " + (routes.isEmpty ? "no routes" : "routes \(routes.joined(separator: ", "))"))
        }
    }

    /// Withdraws what the file at `path` served, and forgets its record.
    private func removeFile(_ path: String, into report: inout ReloadReport) {
        guard let position = recordList.firstIndex(where: { $0.path == path }) else { return }
        let record = recordList.remove(at: position)
        reloads.stamps[path] = nil
        digests[path] = nil
        forgetProblems(path: path, plugin: record.name)
        guard Self.isServing(record), let name = record.name, let descriptor = record.descriptor else { return }
        registry.withdraw(plugin: name)
        pending.remove(named: name)
        let outcome = validator(servingWith: nil).validate()
        registry.assignRoutes(outcome.routeOwners)
        dependencies = outcome.dependencies
        let reason = "\(name) \(Self.removedReason)"
        for provision in descriptor.provides where provision.kind != .interceptor {
            registry.noteDisabled(provision.contract, reason: reason)
        }
        registry.addUnavailableRoutes(Self.routes(of: descriptor, plugin: name), reason: "plugin '\(name)' \(Self.removedReason)")
        report.notices.append(Self.removedNotice(name))
    }

    /// Why a removed plugin's contracts and routes are unavailable, with the fix: in the session
    /// that saw the file go, put back and reloaded (a separate 'viper doctor' does not know it).
    private static let removedReason = "was removed while viper ran; put its file back and type 'reload'"

    private static func removedNotice(_ name: String) -> String {
        "removed \(name): its routes are withdrawn; modules on screen keep working until they close"
    }

    /// Says why `file` was not used. A new file gets a record and a problem as at start-up; a changed
    /// file that served keeps serving. A file refused again for the same reason is not reported again.
    private func refuse(
        _ file: PluginFile, stamp: FileStamp, _ error: PluginLoadError, line: String? = nil,
        status: PluginRecord.Status = .disabled, into report: inout ReloadReport
    ) {
        reloads.stamps[file.path] = stamp
        logger?.log(.warning, error.description, source: "reload")
        let position = recordList.firstIndex { $0.path == file.path }
        if let position, Self.isServing(recordList[position]), let name = recordList[position].name {
            let version = recordList[position].version
            let refused = "\(name) changed but was not reloaded: \(error.message); version \(version)"
            guard recordList[position].status == .ready else { return report.notices.append(refused + " keeps serving") }
            // Never loaded, and its file is what changed: nothing of that version is left to serve.
            withdrawUnloaded(at: position, error)
            return report.notices.append(refused + " was never loaded, so \(name) is unavailable until a version that loads is in place")
        }
        if let position, recordList[position].reason == error.message { return }
        let record = PluginRecord(
            name: nil, path: file.path, origin: file.folder.origin, status: status,
            reason: error.message, descriptor: nil, overridden: [])
        if let position { recordList[position] = record } else { recordList.append(record) }
        forgetProblems(path: file.path, plugin: nil)
        let problem = line ?? error.description
        problemList.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: problem))
        report.notices.append(problem)
    }

    /// Disables the plugin of the record at `position`, which was never loaded: its file changed and was refused.
    private func withdrawUnloaded(at position: Int, _ error: PluginLoadError) {
        let record = recordList[position]
        guard let name = record.name else { return }
        registry.withdraw(plugin: name)
        pending.remove(named: name)
        recordList[position].status = .disabled
        recordList[position].reason = error.message
        if let descriptor = record.descriptor { noteDisabled(descriptor, plugin: name, reason: error.message) }
        problemList.append(Problem(kind: .loadFailed, plugin: name, contract: nil, message: error.description))
    }

    private func waitFor(_ file: PluginFile, into report: inout ReloadReport) {
        report.retry.append(file.path)
        report.waiting.append("\(file.path): still being written; will retry")
    }
}
