import ViperCore

/// The profile as text: the start-up line, then a table of plugins by total, each loaded plugin
/// followed by a line saying when and why it loaded and what its load took, and each that
/// crashed by its crashes.
extension ProfileReport {
    package func text() -> String {
        var lines: [String] = [startupLine()]
        guard !plugins.isEmpty else {
            lines.append("No plugin found.")
            return lines.joined(separator: "\n")
        }
        lines.append("Plugins by total in this process (scan, load, builders, commands, drawing):")
        let header = ["PLUGIN", "TOTAL", "SCAN", "LOAD", "BUILDERS", "COMMANDS", "DRAWING", "MEMORY"]
        var table: [[String]] = [header]
        table.reserveCapacity(plugins.count + 1)
        for row in plugins {
            table.append([
                row.name, Self.milliseconds(row.total), row.scan.map(Self.milliseconds) ?? (row.cached ? "cached" : "-"),
                row.load.map { Self.milliseconds($0.seconds) } ?? "-", Self.timed(row.builds), Self.timed(row.commands),
                Self.timed(row.renders), row.mappedBytes.map(Self.bytes) ?? "-",
            ])
        }
        let widths = header.indices.map { column in table.reduce(0) { max($0, $1[column].count) } }
        for (index, cells) in table.enumerated() {
            var line = "  "
            for (column, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                line += column == 0 ? cell + pad : pad + cell
                if column < cells.count - 1 { line += "  " }
            }
            lines.append(line)
            guard index > 0 else { continue }
            let row = plugins[index - 1]
            if let load = row.load { lines.append("      " + Self.loadLine(load)) }
            if row.crashes > 0 {
                lines.append("      crashed \(row.crashes) time\(row.crashes == 1 ? "" : "s")\(row.lastCrash.map { ", last: \($0)" } ?? "")")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func startupLine() -> String {
        let scan =
            startup.scanned > 0
            ? "\(startup.scanned) scanned (\(startup.scanPhase.map(Self.milliseconds) ?? "-")), \(startup.cached) from the cache"
            : "\(startup.cached) from the cache, none scanned"
        guard let total = startup.seconds, total > 0 else {
            return "Start-up: not measured in this process; plugins \(Self.milliseconds(startup.plugins)); \(scan)"
        }
        let other = startup.other ?? 0
        return "Start-up: \(Self.milliseconds(total)): plugins \(Self.milliseconds(startup.plugins)) (\(Self.percent(startup.plugins / total))), "
            + "no plugin's \(Self.milliseconds(other)) (\(Self.percent(other / total))); \(scan)"
    }

    private static func loadLine(_ load: Load) -> String {
        let own = load.ownSeconds.map { own in own < load.seconds * 0.9 ? ", \(milliseconds(own)) of it its own" : "" } ?? ""
        let at =
            load.at >= 10
            ? "\(Int(load.at.rounded())) s"
            : (load.at >= 1
                ? "\(Int((load.at * 100).rounded()) / 100).\(String(format: "%02d", Int((load.at * 100).rounded()) % 100)) s" : milliseconds(load.at))
        return "loaded at \(at)\(load.duringStart ? " (during start-up)" : ""): \(load.cause); "
            + "checks and dlopen \(milliseconds(load.opening)), entry point \(milliseconds(load.entry)), "
            + "registration \(milliseconds(load.registration))\(own)"
    }

    private static func timed(_ timed: Timed) -> String {
        timed.count == 0 ? "-" : "\(milliseconds(timed.seconds)) (\(timed.count))"
    }

    /// `12.3 ms`, `0.04 ms`: tenths of a millisecond, hundredths below one.
    package static func milliseconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100_000).rounded())
        if hundredths < 100 { return "0.\(hundredths < 10 ? "0" : "")\(hundredths) ms" }
        let tenths = (hundredths + 5) / 10
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    private static func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded()))%"
    }

    private static func bytes(_ count: UInt64) -> String {
        count >= 1 << 20 ? "\(count >> 20).\((count & ((1 << 20) - 1)) * 10 >> 20) MiB" : "\(count >> 10) KiB"
    }
}
