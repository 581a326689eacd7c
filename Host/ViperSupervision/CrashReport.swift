import Foundation
import ViperCore
import ViperLoading

/// The full report of a worker's crash, written to `crashes/` in the data folder: when, the
/// plugin, its version and file, the cause, what it was doing, and the crashing thread's frames
/// as its signal handler wrote them (image, offset: `addr2line -f -e IMAGE OFFSET` names the function).
package enum CrashReport {
    /// The folder of the reports.
    package static func folder(data: String) -> String { Paths.join(data, "crashes") }

    /// Writes the report of `notice`; returns its path, or nil when it could not be written.
    /// `images`: the plugins' load addresses and files, to name the images of frames that show the
    /// sealed copy a plugin was loaded from (`/proc/self/fd/N`) by the plugin's file.
    package static func write(
        _ notice: CrashNotice, frames: String, images: [(base: UInt, path: String)] = [], data: String,
        at date: Date = Date()
    ) -> String? {
        let folder = folder(data: data)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stamp = Self.stamp(date)
        let name = "\(stamp)-\(safe(notice.plugin ?? "worker")).txt"
        var lines = [
            "viper crash report",
            "time:    \(ISO8601DateFormatter().string(from: date))",
            "plugin:  \(notice.plugin.map { "\($0) \(notice.version ?? "(version unknown)")" } ?? "unknown (no plugin code was found running)")",
        ]
        if let path = notice.pluginPath { lines.append("file:    \(path)") }
        lines.append("cause:   \(notice.cause)")
        lines.append("doing:   \(notice.doing ?? "nothing marked")")
        lines.append("")
        let said = notice.said.trimmingCharacters(in: .whitespacesAndNewlines)
        if !said.isEmpty {
            lines += ["What the worker wrote last to standard error:"] + said.split(separator: "\n").map { "  " + $0 } + [""]
        }
        let trimmed = frames.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            lines.append("No frames: the worker ended without a fault (\(notice.cause)), so no signal handler ran.")
        } else {
            lines.append("Frames of the crashing thread, innermost first (IMAGE(SYMBOL+OFFSET) [ADDRESS]):")
            lines += trimmed.split(separator: "\n").map { named(String($0), images) }
        }
        let path = Paths.join(folder, name)
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8),
                attributes: [.posixPermissions: 0o600])
        else { return nil }
        return path
    }

    /// `frame` with the plugin's file for the sealed copy's name, when its address is in a plugin.
    static func named(_ frame: String, _ images: [(base: UInt, path: String)]) -> String {
        guard frame.hasPrefix("/proc/self/fd/"), let open = frame.lastIndex(of: "["), let close = frame.lastIndex(of: "]"),
            open < close, let paren = frame.firstIndex(of: "("),
            let address = UInt(frame[frame.index(open, offsetBy: 3)..<close], radix: 16)
        else { return frame }
        guard let image = images.filter({ $0.base <= address }).max(by: { $0.base < $1.base }) else { return frame }
        return image.path + frame[paren...]
    }

    /// `20261125-170412`, in UTC.
    private static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// A plugin name fit for a file name.
    private static func safe(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}
