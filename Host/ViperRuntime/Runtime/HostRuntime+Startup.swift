import Contracts
import Foundation
import ViperCore
import ViperLoading

/// Start-up's two paths, chosen by ``HostRuntime/start()``: plugins scanned in isolated children
/// (``startIsolated(_:scanner:preferences:logger:cacheFile:infos:)``) or loaded in this process
/// (``startInProcess(_:preferences:logger:)``), then the plugin graph validated once. The state
/// they write is ``HostRuntime``'s, under the rules stated there.
extension HostRuntime {

    func startIsolated(
        _ files: [PluginFile], scanner: String, preferences: [String: ProviderChoice], logger: FileLogger,
        cacheFile: DescriptorCache.Read?, infos: [PluginDiscovery.FileInfo?]
    ) {
        let scan = CachedScan(
            files: files, executable: scanner, options: options, dataFolder: dataFolder,
            lockState: lockState, libraries: loader.contractLibraries, logger: logger, preloaded: cacheFile,
            signatures: SignatureCheck.read(folder: dataFolder), infos: infos)
        let scanned = scan.run()
        if let phase = scanned.scanPhase {
            registry.profile.noteScan(scanned.scanSeconds, own: scanned.scanOwnSeconds, shares: scanned.scanShares, phase: phase)
        }
        rescanner = scanned.scanner
        scanned.keep(files, digests: &digests)
        reloads.stamps = scanned.reloadStamps(files)
        let triage = ScanTriage(files: files, results: scanned.results, excluding: options.excludedPlugins, modes: modeRule)
        problemList += triage.problems
        for warning in triage.warnings {
            logger.log(.warning, warning, source: "loader")
        }
        for note in triage.notes {
            logger.log(.info, note, source: "loader")
        }
        let outcome = validate(
            triage.candidates.map { ($0.0, $0.1.descriptor) }, preferences: preferences, logger: logger,
            heldBack: Self.heldBackProviders(triage.list)
        ) {
            self.keptOrFreshOutcome(
                triage.candidates, results: scanned.results, host: scanned.host, preferences: preferences, logger: logger,
                index: scanned.index)
        }
        addTriaged(triage, outcome: outcome, scanned: scanned)
    }

    /// Adds a record for each file of `triage` (copied whole, then changed where validation
    /// changed it); each ready plugin validation kept goes to the pending routes and the pending
    /// plugins. Records are read in place, not copied out of the triage, for every plugin at every
    /// warm start.
    private func addTriaged(_ triage: ScanTriage, outcome: GraphValidator.Outcome, scanned: CachedScan.Scanned) {
        let first = recordList.count
        if recordList.isEmpty {
            recordList = triage.list  // shared, not copied record by record (the triage ends with the start)
        } else {
            recordList.append(contentsOf: triage.list)
        }
        let candidates = triage.candidates
        var routes: [PendingRoutes.Plugin] = []
        routes.reserveCapacity(candidates.count)
        let results = scanned.results, digests = scanned.anyDigest ? scanned.digests : []
        var next = 0  // the next candidate, in file order as the records
        for index in triage.list.indices {
            guard next < candidates.count, candidates[next].index == index else {
                // Not a candidate: the contracts and routes of a plugin excluded, or refused by the mode
                // rule (it must run isolated and cannot), are noted, in file order.
                let record = triage.list[index]
                if record.status == .disabled, let name = record.name, let reason = record.reason, let scanned = record.scanned {
                    noteDisabled(scanned.descriptor, plugin: name, reason: reason)
                }
                continue
            }
            let (file, descriptor, _) = candidates[next]
            next += 1
            let name = descriptor.name
            let overridden = outcome.overridden[name] ?? []
            let reason = outcome.disabled[name]
            if let reason {
                noteDisabled(descriptor.descriptor, plugin: name, reason: reason)
            } else {
                let plugin = PendingPlugin(
                    file: file, overridden: overridden, known: index < digests.count ? digests[index] : nil,
                    scanned: descriptor, stamp: index < results.count ? results[index]?.stamp : nil)
                pending.add(plugin, name: name)
                routes.append(PendingRoutes.Plugin(descriptor: descriptor, name: name, overridden: overridden))
            }
            guard reason != nil || !overridden.isEmpty else { continue }  // as triaged: ready, nothing lost
            recordList[first + index].overridden = overridden.sorted()
            if let reason {
                recordList[first + index].status = .disabled
                recordList[first + index].reason = reason
            }
        }
        registry.addPendingRoutes(declaredBy: routes)
    }

    /// Why `file` (by path: its owner and mode, and its folders') cannot be trusted, or nil.
    static func trustProblem(_ file: PluginFile) -> String? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }  // gone: loading says so
        return PluginTrust.fileProblem(path: file.path, info: info) ?? PluginTrust.folderProblem(path: file.path, root: file.folder.path)
    }

    func startInProcess(_ files: [PluginFile], preferences: [String: ProviderChoice], logger: FileLogger) {
        var loaded: [LoadedPlugin] = []
        var slots: [(PluginRecord?, LoadedPlugin?)] = []
        // Signed plugins are verified here too before their code runs (the isolated start does it in the scanner's parent).
        let signatures = SignatureCheck.read(folder: dataFolder)
        for file in files {
            let began = PluginClock.now(), waited = ThreadSchedule.waited()
            var outcome: Result<LoadedPlugin, PluginLoadError>
            switch signatures?.verify(file.path) {
            case .refused(let reason)?:
                outcome = .failure(PluginLoadError(.untrusted, path: file.path, message: reason))
            case .verified(let name, let version, _, _)?:
                outcome = loader.load(file)
                if case .success(let plugin) = outcome,
                    plugin.descriptor.manifest.name != name || (version.map { $0 != plugin.descriptor.manifest.version } ?? false)
                {
                    outcome = .failure(
                        PluginLoadError(
                            .untrusted, path: file.path,
                            message:
                                "refused: its signature is for plugin '\(name)' \(version ?? ""), not '\(plugin.descriptor.manifest.name)' \(plugin.descriptor.manifest.version)"
                        ))
                }
            default:
                outcome = loader.load(file)
            }
            if case .success(let plugin) = outcome {
                let cause = "start-up (this process loads every plugin: in-process scanning)"
                noteLoad(plugin, name: plugin.descriptor.manifest.name, cause: cause, began: began, opened: PluginClock.now(), waited: waited)
            }
            switch outcome {
            case .success(let plugin) where options.excludedPlugins[plugin.descriptor.manifest.name] != nil:
                let reason = options.excludedPlugins[plugin.descriptor.manifest.name] ?? ""
                slots.append(
                    (
                        PluginRecord(
                            name: plugin.descriptor.manifest.name, path: file.path, origin: file.folder.origin,
                            status: .disabled, reason: reason, descriptor: plugin.descriptor, overridden: []), nil
                    ))
            case .success(let plugin):
                loaded.append(plugin)
                if let stamp = plugin.stamp, let sha256 = plugin.sha256 { digests[file.path] = KnownDigest(stamp: stamp, sha256: sha256) }
                reloads.stamps[file.path] = plugin.stamp
                slots.append((nil, plugin))
            case .failure(let error):
                if error.code == .alreadyLoaded { continue }
                problemList.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: error.description))
                slots.append(
                    (
                        PluginRecord(
                            name: nil, path: file.path, origin: file.folder.origin, status: .disabled,
                            reason: error.message, descriptor: nil, overridden: []), nil
                    ))
                logger.log(.warning, error.description, source: "loader")
            }
        }
        let outcome = validate(loaded.map { ($0.file, $0.descriptor) }, preferences: preferences, logger: logger)
        for (record, plugin) in slots {
            guard let plugin else {
                if let record { recordList.append(record) }
                continue
            }
            let name = plugin.descriptor.manifest.name
            let overridden = outcome.overridden[name] ?? []
            var record = PluginRecord(
                name: name, path: plugin.file.path, origin: plugin.file.folder.origin, status: .loaded,
                reason: nil, descriptor: plugin.descriptor, overridden: overridden.sorted())
            if let reason = outcome.disabled[name] {
                record.status = .disabled
                record.reason = reason
                noteDisabled(plugin.descriptor, plugin: name, reason: reason)
            } else {
                registry.commit(
                    plugin.registrar,
                    skipping: overridden.union(
                        interceptionPermission.skipped(plugin.registrar, origin: plugin.file.folder.origin)))
            }
            recordList.append(record)
        }
    }

    /// Validates `plugins` (or takes `outcome`'s, e.g. the kept graph's) and applies the result.
    func validate(
        _ plugins: @autoclosure () -> [(PluginFile, PluginDescriptor)], preferences: [String: ProviderChoice], logger: FileLogger,
        heldBack: [RefusedProviders.HeldBack] = [], outcome made: (() -> GraphValidator.Outcome)? = nil
    ) -> GraphValidator.Outcome {
        // A consumer disabled for want of a provider refused for a changed library, or held back
        // (found, not loaded: not trusted, say), names it, as doctor does.
        let outcome = RefusedProviders(problemList, heldBack: heldBack)
            .naming(made?() ?? Self.validator(plugins(), preferences: preferences).validate())
        registry.assignRoutes(outcome.routeOwners)
        problemList += outcome.problems
        if made == nil { dependencies = outcome.dependencies }  // else `made` set them
        for problem in outcome.problems {
            logger.log(.warning, problem.message, source: "validation")
        }
        return outcome
    }

    /// The plugins of `records` found but not loaded for a reason of their own, with what they
    /// would provide (one disabled for want of a provider of its own is not one: its line says so).
    static func heldBackProviders(_ records: [PluginRecord]) -> [RefusedProviders.HeldBack] {
        records.compactMap { record in
            guard record.status == .disabled, let reason = record.reason, !reason.contains("which no plugin"),
                let provides = record.descriptor?.provides, !provides.isEmpty
            else { return nil }
            return RefusedProviders.HeldBack(file: Paths.lastComponent(record.path), contracts: Set(provides.map(\.contract.name)), line: reason)
        }
    }

    /// The shell routes a descriptor declares, as route entries.
    package static func routes(of descriptor: PluginDescriptor, plugin: String, except overridden: Set<String> = []) -> [RouteEntry] {
        descriptor.provides.compactMap { provision in
            guard provision.kind == .module, let route = provision.route,
                !overridden.contains(ProvisionKey(provision).label)
            else { return nil }
            return RouteEntry(spec: route, contract: provision.contract, name: provision.name, plugin: plugin)
        }
    }

    /// Tells the registry why a disabled plugin's contracts and routes are unavailable.
    func noteDisabled(_ descriptor: PluginDescriptor, plugin: String, reason: String) {
        for provision in descriptor.provides where provision.kind != .interceptor {
            registry.noteDisabled(provision.contract, reason: "\(plugin) is disabled: \(reason)")
        }
        registry.addUnavailableRoutes(
            Self.routes(of: descriptor, plugin: plugin), reason: "plugin '\(plugin)' is disabled: \(reason); type 'doctor' for every problem")
    }
}
