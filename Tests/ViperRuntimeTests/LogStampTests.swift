import Foundation
import Testing
@testable import ViperRuntime

/// A log line's time stamp reads as `ISO8601DateFormatter` wrote it before (it is made by hand
/// now: a formatter a line was half of an eager start with 1,000 plugins).
@Suite struct LogStampTests {
    @Test(arguments: [0, 59, 951_782_400, 1_709_208_000, 1_764_114_067, 4_102_444_799] as [Int])
    func aStampReadsAsTheFormatterWroteIt(_ seconds: Int) {
        var time = time_t(seconds)
        var parts = tm()
        _ = gmtime_r(&time, &parts)
        let formatter = ISO8601DateFormatter()
        #expect(LogStamp.text(parts) == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
    }

    @Test func theStampOfNowIsThisSecondInUTC() {
        let before = ISO8601DateFormatter().string(from: Date())
        let stamp = LogStamp.now()
        let after = ISO8601DateFormatter().string(from: Date())
        #expect(stamp == before || stamp == after)
        #expect(stamp.count == 20 && stamp.hasSuffix("Z"))
    }
}
