import Contracts
import Foundation
import ViperCore
import ViperLoading

/// Validation at an isolated start-up that reuses the graph the last start kept
/// (``DescriptorCache/Graph``) when nothing it depends on changed.
///
/// Invariants:
/// - The key is the SHA-256 of everything validation reads and of what decides what it is
///   given: the host identity (Contracts version, the `viper` binary, the contract libraries),
///   the stamps of the loaded Contracts library, `config.json` and `plugins.lock`, whether the
///   lock is ignored, every preference (config's and `--prefer`'s, with where it was made), and
///   each candidate's path, origin and cache line (its stamp, code, digest and descriptor) in
///   search order. A file that changed, vanished, appeared or lost trust changes a stamp or
///   the candidate list, so a kept outcome is only ever the one a fresh validation would give.
/// - A start that cannot make the key (libcrypto failed) validates and removes the kept graph.
extension HostRuntime {
    static func validator(_ plugins: [(PluginFile, PluginDescriptor)], preferences: [String: ProviderChoice]) -> GraphValidator {
        GraphValidator(
            nodes: plugins.map { .init(name: $0.1.manifest.name, path: $0.0.path, descriptor: $0.1, isBundled: $0.0.folder.origin == .bundled) },
            hostProvides: hostProvisions, preferences: preferences)
    }

    /// The outcome of validating `plugins`: the kept one when its key is this start's, else a fresh one, then kept.
    /// Sets ``dependencies``: a fresh outcome's, or for a kept one, worked out from it when first read.
    /// A kept outcome decodes no descriptor (they are decoded when something reads them).
    /// `results` holds each file's result by the index each of `plugins` carries.
    func keptOrFreshOutcome(
        _ plugins: [(PluginFile, ScannedDescriptor, index: Int)], results: [ScanResult?], host: String,
        preferences: [String: ProviderChoice], logger: FileLogger, index: DescriptorCache? = nil
    ) -> GraphValidator.Outcome {
        let decoded = { plugins.map { ($0.0, $0.1.descriptor) } }
        let key =
            index.flatMap { graphKey(plugins, index: $0, host: host, preferences: preferences) }
            ?? graphKey(plugins.map(\.0), results: results, positions: plugins.map(\.index), host: host, preferences: preferences)
        guard let key else {
            DescriptorCache.Graph.remove(folder: dataFolder)
            let outcome = Self.validator(decoded(), preferences: preferences).validate()
            dependencies = outcome.dependencies
            return outcome
        }
        let (kept, note) = DescriptorCache.Graph.load(folder: dataFolder, key: key)
        if let note { logger.log(.warning, note, source: "cache") }
        if let kept {
            // Who serves each requirement follows from the nodes and the kept outcome's disabled and
            // overridden plugins alone, so this is the list a fresh validation would give.
            let outcome = kept.outcome
            dependencyList = LazyDependencies(computing: { Self.validator(decoded(), preferences: preferences).dependencies(outcome) })
            return outcome
        }
        let outcome = Self.validator(decoded(), preferences: preferences).validate()
        dependencies = outcome.dependencies
        do {
            try DescriptorCache.Graph.save(outcome, key: key, folder: dataFolder)
        } catch {
            logger.log(.warning, "\(error)", source: "cache")
        }
        return outcome
    }

    /// The key of this start's validation (see the invariants above), or nil when it cannot be made.
    /// Each candidate's result is hashed as the line it was read from, byte for byte (no line is made again).
    /// `results` holds the result of each of `files`: in the same order, or at the index `positions` gives for each.
    func graphKey(
        _ files: [PluginFile], results: [ScanResult?], positions: [Int]? = nil, host: String,
        preferences: [String: ProviderChoice], contractsImage: String? = HostRuntime.contractsImage
    ) -> String? {
        let stream = keyStream(host: host, preferences: preferences, contractsImage: contractsImage)
        guard (positions?.count ?? results.count) == files.count else { return nil }
        stream.add(Int64(files.count))
        for (order, file) in files.enumerated() {
            let position = positions?[order] ?? order
            guard position >= 0, position < results.count, let result = results[position] else { return nil }
            stream.add(file.path)
            stream.add(file.folder.origin == .bundled ? "bundled" : "other")
            if let line = result.line {
                stream.add(line.bytes)  // the same field as the line's text would be
            } else {
                stream.add(RecordCodec.encode(result))
            }
        }
        return stream.finish()
    }

    /// The key's inputs but the candidates: the host, the stamps of what validation reads, the lock's use, the preferences.
    func keyStream(host: String, preferences: [String: ProviderChoice], contractsImage: String?) -> DigestStream {
        let stream = DigestStream()
        stream.add("graph \(DescriptorCache.Graph.formatVersion)")
        stream.add(host)
        let inputs = [contractsImage ?? "", Paths.join(dataFolder, ViperConfig.fileName()), PluginLock.path(in: dataFolder)]
        for path in inputs {
            stream.add(path)
            let stamp = FileStamp.read(path) ?? .missing(path)
            for number in [stamp.size, stamp.modifiedNanoseconds, Int64(bitPattern: stamp.inode), Int64(bitPattern: stamp.device), stamp.changedNanoseconds] {
                stream.add(number)
            }
        }
        stream.add(options.ignoreLock ? "lock ignored" : "lock read")
        for (label, choice) in preferences.sorted(by: { $0.key < $1.key }) {
            stream.add(label)
            stream.add(choice.plugin)
            stream.add(choice.source)
        }
        return stream
    }

    /// The file the Contracts library was loaded from (from /proc/self/maps), or nil.
    static let contractsImage: String? = ProcessMaps.path(endingWith: "/libContracts.so")
}
