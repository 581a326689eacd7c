import Contracts
import Foundation
import ViperCore
import ViperLoading

/// What the scan results make of each plugin file at an isolated start-up: a record
/// for every file, the problems, and the candidates that go on to validation.
///
/// Invariants:
/// - ``list`` has one record per file, in search order: a record's position is its file's index.
/// - Only a file whose scan succeeded and whose name is its own becomes a candidate,
///   with a `.ready` record; every other file has a `.disabled` or `.broken` record
///   with its reason and one problem.
/// - A name is the user's handle on a plugin: a drop-in cannot take a bundled plugin's
///   (drop-ins are searched first, so "first found" alone would let it), and of two
///   files with one name the first found keeps it.
/// - Pure: it reads nothing and logs nothing; ``warnings`` are for the caller's log.
struct ScanTriage {
    /// Each file's record, by index into the files (one per file, so its position is its index).
    private(set) var list: [PluginRecord] = []
    /// (index into the files, record) in search order: ``list`` with each record's index.
    var records: [(index: Int, record: PluginRecord)] { list.enumerated().map { ($0.offset, $0.element) } }
    /// The files that go on to validation, with their descriptors and their index into the files.
    private(set) var candidates: [(PluginFile, ScannedDescriptor, index: Int)] = []
    private(set) var problems: [Problem] = []
    /// Lines for the log, one per refused file.
    private(set) var warnings: [String] = []
    /// Lines for the log, one per file set aside because a file the person named for this run
    /// (`--plugins`) has its name: what they asked for, not a problem.
    private(set) var notes: [String] = []

    /// `results` holds each file's result by index into `files` (nil, or missing at the end: it vanished).
    /// `excluded`: plugins, by name, that become `.disabled` with the reason given (not candidates).
    /// `modes`: how each plugin runs (``PluginModeRule``); one refused there becomes `.disabled` with its line as a problem.
    init(
        files: [PluginFile], results: [ScanResult?], excluding excluded: [String: String] = [:],
        modes: PluginModeRule
    ) {
        var seenNames: [String: Int] = [:]
        seenNames.reserveCapacity(files.count)
        list.reserveCapacity(files.count)
        candidates.reserveCapacity(files.count)
        let bundledNames = Self.bundledNames(files, results)
        for (index, file) in files.enumerated() {
            guard index < results.count, let outcome = results[index]?.outcome else {
                fail(file, PluginLoader.openFailure(file, code: ENOENT).message, at: index)
                continue
            }
            switch outcome {
            case .ok(let descriptor):
                let name = descriptor.name
                if !file.folder.origin.isBundled, let bundled = bundledNames[name] {
                    fail(file, "the name '\(name)' belongs to the bundled plugin at \(bundled); give this plugin another name in its PluginManifest", at: index)
                } else if let reason = excluded[name] {
                    list.append(
                        PluginRecord(
                            name: name, path: file.path, origin: file.folder.origin,
                            status: .disabled, reason: reason, scanned: descriptor, overridden: []))
                } else if let other = seenNames.updateValue(index, forKey: name) {
                    seenNames[name] = other  // the first found keeps the name (one lookup for the common case, two for this one)
                    if files[other].folder.origin == .flag, file.folder.origin != .flag {
                        // The person named the other file for this run (`--plugins`, as `viper dev` names
                        // a workspace's build): it serves, and this copy waits, which is no problem.
                        let reason = "set aside for this run: the plugin named '\(name)' given with --plugins (\(files[other].path)) serves instead"
                        notes.append("\(file.path): \(reason)")
                        list.append(
                            PluginRecord(
                                name: name, path: file.path, origin: file.folder.origin,
                                status: .disabled, reason: reason, scanned: descriptor, overridden: []))
                    } else {
                        fail(file, "a plugin named '\(name)' is already loaded from \(files[other].path); remove one of the two", at: index)
                    }
                } else if let refusal = modes.mode(name: name, origin: file.folder.origin, descriptor: descriptor.descriptor).refusal {
                    problems.append(Problem(kind: .loadFailed, plugin: name, contract: nil, message: refusal))
                    warnings.append(refusal)
                    list.append(
                        PluginRecord(
                            name: name, path: file.path, origin: file.folder.origin,
                            status: .disabled, reason: refusal, scanned: descriptor, overridden: []))
                } else {
                    candidates.append((file, descriptor, index))
                    list.append(
                        PluginRecord(
                            name: name, path: file.path, origin: file.folder.origin,
                            status: .ready, reason: nil, scanned: descriptor, overridden: []))
                }
            case .failed(let message):
                fail(file, message, at: index)
            case .broken(let message):
                problems.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: "\(file.path): \(message)"))
                list.append(
                    PluginRecord(
                        name: nil, path: file.path, origin: file.folder.origin, status: .broken,
                        reason: message, descriptor: nil, overridden: []))
            }
        }
    }

    /// The names the bundled plugins use, with the file of each.
    private static func bundledNames(_ files: [PluginFile], _ results: [ScanResult?]) -> [String: String] {
        var names: [String: String] = [:]
        // By index, so a file that is not bundled is not copied out to be asked.
        for index in files.indices where files[index].folder.origin.isBundled && index < results.count {
            if case .ok(let descriptor)? = results[index]?.outcome, names[descriptor.name] == nil {
                names[descriptor.name] = files[index].path
            }
        }
        return names
    }

    private mutating func fail(_ file: PluginFile, _ message: String, at index: Int) {
        let error = PluginLoadError(.missingFile, path: file.path, message: message)
        problems.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: error.description))
        list.append(
            PluginRecord(
                name: nil, path: file.path, origin: file.folder.origin, status: .disabled,
                reason: message, descriptor: nil, overridden: []))
        warnings.append(error.description)
    }
}
