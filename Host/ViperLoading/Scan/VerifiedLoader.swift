import Contracts

/// Loads into viper's own process a plugin that was scanned in a child at start-up,
/// making sure that what runs here is what was scanned and validated:
///
/// - A file whose stamp changed since the scan (replaced, rebuilt, touched) is scanned
///   again in a child before it is opened here, so a file swapped mid-session that
///   crashes or hangs costs a child, not viper. It loads only when the new version
///   registers what the first scan saw (validation judged that).
/// - Once loaded, its registrations are compared with the scan's descriptor; any
///   difference (a contract the scan did not see) refuses it before anything it
///   registered reaches the registry.
package struct VerifiedLoader {
    package let loader: PluginLoader
    /// Scans a changed file again; nil when viper has no scanner (then a changed file is refused).
    package let scanner: PluginScanner?
    /// How many times a file that keeps changing is scanned again before viper gives up.
    package static let attempts = 3

    /// Loads `file`, which the scan saw as `scanned` with stamp `stamp`.
    package func load(_ file: PluginFile, scanned: PluginDescriptor, stamp: FileStamp?, known: KnownDigest?) -> Result<LoadedPlugin, PluginLoadError> {
        var expected = stamp
        defer { loader.expectedStamp = nil }
        for _ in 0..<Self.attempts {
            loader.expectedStamp = expected
            let outcome = loader.load(file, known: known)
            switch outcome {
            case .failure(let error) where error.code == .changedSinceScan:
                switch rescan(file, scanned: scanned) {
                case .success(let stamp): expected = stamp
                case .failure(let error): return .failure(error)
                }
            case .success(let loaded):
                if let difference = DescriptorDifference.between(scanned: scanned, loaded: loaded.descriptor) {
                    return .failure(PluginLoadError(.differsFromScan, path: file.path, message: DescriptorDifference.refusal(difference)))
                }
                return outcome
            case .failure:
                return outcome
            }
        }
        return .failure(
            PluginLoadError(
                .changedSinceScan, path: file.path,
                message: "kept changing while viper scanned it again (\(Self.attempts) times); restart viper once the file is in place"))
    }

    /// Scans the changed `file` in a child; returns the stamp of the version scanned when it
    /// registers what `scanned` did, or why it cannot be loaded.
    private func rescan(_ file: PluginFile, scanned: PluginDescriptor) -> Result<FileStamp, PluginLoadError> {
        let changed = "changed since viper started"
        guard let scanner else {
            return .failure(PluginLoadError(.changedSinceScan, path: file.path, message: "\(changed); restart viper to use the new version"))
        }
        guard let result = scanner.scan([file])[file.path] else {
            return .failure(PluginLoadError(.changedSinceScan, path: file.path, message: "\(changed) and could not be scanned again; restart viper"))
        }
        switch result.outcome {
        case .ok(let descriptor):
            if let difference = DescriptorDifference.between(scanned: scanned, loaded: descriptor.descriptor) {
                return .failure(
                    PluginLoadError(
                        .changedSinceScan, path: file.path,
                        message: "\(changed), and the new version \(difference); restart viper to use it"))
            }
            return .success(result.stamp)
        case .failed(let message):
            // The scanner's own line says what is wrong and what to do (a lock, trust, the ABI).
            return .failure(PluginLoadError(result.code ?? .changedSinceScan, path: file.path, message: message))
        case .broken(let message):
            return .failure(
                PluginLoadError(
                    .changedSinceScan, path: file.path,
                    message: "\(changed) and was scanned again: it \(message)"))
        }
    }

    package init(loader: PluginLoader, scanner: PluginScanner?) {
        self.loader = loader
        self.scanner = scanner
    }
}
