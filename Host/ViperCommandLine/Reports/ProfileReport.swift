import Foundation
import ViperCore
import ViperLoading
import ViperRuntime
import ViperSupervision

/// `viper plugins --profile` and the shell's `profile`: what each plugin cost this process, one
/// row a plugin sorted by its total, under the start-up's total and the share of it that is no
/// plugin's. Made from the registry's ``PluginProfile`` (scans, loads, builders, commands,
/// drawings), the image memory read from /proc/self/maps and the crash memory.
///
/// Invariants:
/// - A row's total is its scan share, its load, and its builders', commands' and drawings' time.
/// - The start-up's plugin share is the sum of the rows' start shares (their scan shares and the
///   loads made before start-up ended), and never more than start-up took: what is left is no
///   plugin's (viper's own start, the folders and the cache, starting scanners).
package struct ProfileReport: Encodable {
    package struct Timed: Encodable, Equatable {
        package var seconds: Double
        package var count: UInt64
    }

    package struct Load: Encodable, Equatable {
        package var seconds: Double
        /// Its own time: less the time the loading thread waited for a CPU (nil: not known).
        package var ownSeconds: Double?
        package var opening: Double
        package var entry: Double
        package var registration: Double
        package var cause: String
        /// Seconds after viper's start.
        package var at: Double
        package var duringStart: Bool
    }

    package struct Row: Encodable, Equatable {
        package var name: String
        package var status: String
        package var path: String
        /// The time its scanner took for it this start, in seconds; nil when it came from the
        /// cache (``cached``). Scanners run side by side: its share of the start is ``startShare``.
        package var scan: Double?
        package var cached: Bool
        package var load: Load?
        package var builds: Timed
        package var commands: Timed
        package var renders: Timed
        /// Bytes its image maps in this process (nil: not loaded here).
        package var mappedBytes: UInt64?
        /// Crashes remembered in the crash memory, and the last cause.
        package var crashes: Int
        package var lastCrash: String?
        package var total: Double
        /// What of ``total`` fell within start-up.
        package var startShare: Double
    }

    package struct Startup: Encodable, Equatable {
        /// From viper's `main` to the runtime started (nil: not measured, as in a test process).
        package var seconds: Double?
        /// The plugins' share of it: the sum of the rows' start shares.
        package var plugins: Double
        /// What is no plugin's: ``seconds`` less ``plugins``.
        package var other: Double?
        /// The wall time of the scan of new and changed files (nil: all from the cache).
        package var scanPhase: Double?
        package var scanned: Int
        package var cached: Int
    }

    package var startup: Startup
    package var plugins: [Row]

    /// The report of `runtime`'s process now.
    package static func make(_ runtime: HostRuntime) -> ProfileReport {
        let profile = runtime.registry.profile
        let loads = profile.allLoads
        let images = Set(loads.values.compactMap { load in load.imageInode.map { ProcessMaps.Image(device: load.imageDevice ?? 0, inode: $0) } })
        let memory = ProcessMaps.mappedBytes(of: images)
        let crashes = CrashMemory.read(data: runtime.dataFolder).plugins.mapValues { ($0.count, $0.lastCause) }
        return make(
            records: runtime.records, profile: profile, loads: loads, memory: memory, crashes: crashes)
    }

    /// The report of `records` with what `profile` measured (`loads` read from it once),
    /// `memory` by image and `crashes` by plugin.
    package static func make(
        records: [PluginRecord], profile: PluginProfile, loads: [String: PluginProfile.Load],
        memory: [ProcessMaps.Image: UInt64], crashes: [String: (count: Int, cause: String)]
    ) -> ProfileReport {
        let scans = profile.scanSeconds, shares = profile.scanShareSeconds
        let tallies = profile.allTallies
        var rows: [Row] = []
        rows.reserveCapacity(records.count)
        for record in records {
            let name = record.displayName
            let scan = scans[record.path]
            let tally = record.name.flatMap { tallies[$0] }
            let load = record.name.flatMap { loads[$0] }
            func timed(_ kind: PluginTally.Kind) -> Timed {
                Timed(seconds: Double(tally?.nanoseconds(kind) ?? 0) / 1e9, count: tally?.count(kind) ?? 0)
            }
            let image = load.flatMap { load in load.imageInode.map { ProcessMaps.Image(device: load.imageDevice ?? 0, inode: $0) } }
            var row = Row(
                name: name, status: record.status.rawValue, path: record.path, scan: scan,
                cached: scan == nil && record.scanned != nil,
                load: load.map {
                    Load(
                        seconds: $0.seconds, ownSeconds: $0.ownSeconds, opening: $0.opening, entry: $0.entry,
                        registration: $0.registration, cause: $0.cause, at: $0.at, duringStart: $0.duringStart)
                },
                builds: timed(.build), commands: timed(.command), renders: timed(.render),
                mappedBytes: image.flatMap { memory[$0] }, crashes: record.name.flatMap { crashes[$0]?.count } ?? 0,
                lastCrash: record.name.flatMap { crashes[$0]?.cause }, total: 0, startShare: 0)
            row.startShare = (shares[record.path] ?? 0) + (load.map { $0.duringStart ? $0.seconds : 0 } ?? 0)
            row.total = (scan ?? 0) + (load?.seconds ?? 0) + row.builds.seconds + row.commands.seconds + row.renders.seconds
            rows.append(row)
        }
        rows.sort { $0.total != $1.total ? $0.total > $1.total : $0.name < $1.name }
        let pluginShare = rows.reduce(0) { $0 + $1.startShare }
        let total = profile.startupSeconds
        let startup = Startup(
            seconds: total, plugins: pluginShare, other: total.map { max(0, $0 - pluginShare) },
            scanPhase: profile.scanPhaseSeconds, scanned: scans.count,
            cached: rows.filter(\.cached).count)
        return ProfileReport(startup: startup, plugins: rows)
    }

    /// The report as JSON (seconds as numbers, sorted keys).
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
