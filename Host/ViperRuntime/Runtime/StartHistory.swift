import Foundation
import ViperLoading

/// The wall times of the last starts, for the slow-start warning (``SlowStart``): `startups` in the
/// data folder, one number of seconds a line, oldest first, the last ``kept``. Written as every
/// file of the data folder is (``DataFolderGuard``: never through a link, replaced whole by a
/// rename); a file that cannot be read is an empty history (it only ever delays a warning).
package enum StartHistory {
    package static let fileName = "startups"
    /// Starts kept: the warning compares with their median.
    package static let kept = 5

    package static func read(data: String) -> [Double] {
        guard let bytes = try? DataFolderGuard.readRegularFile(Paths.join(data, fileName), what: "the start history", fix: "remove it") else {
            return []
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }.filter { $0.isFinite && $0 > 0 }
    }

    /// Adds `seconds` to `history` and writes the last ``kept``; returns why it could not, or nil.
    @discardableResult
    package static func append(_ seconds: Double, to history: [Double], data: String) -> String? {
        let kept = Array((history + [seconds]).suffix(Self.kept))
        let text = kept.map { String(format: "%.6f", $0) }.joined(separator: "\n") + "\n"
        let path = Paths.join(data, fileName)
        return DataFolderGuard.replace(path, temporary: path + ".tmp", with: Array(text.utf8), what: "the start history").map { "\($0)" }
    }
}
