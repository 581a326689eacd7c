import Glibc

/// The time stamp of a log line, as `ISO8601DateFormatter` writes it by default
/// (`2026-11-25T23:41:07Z`, UTC, whole seconds), made from `gmtime_r` by hand: a formatter made
/// for each line costs more than the rest of the line's work (ICU sets its pattern up again
/// each time), and an eager start with many plugins logs a line for each.
enum LogStamp {
    /// Now, in UTC, to the second.
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "1970-01-01T00:00:00Z" }
        return text(parts)
    }

    /// `parts` as `YYYY-MM-DDTHH:MM:SSZ`.
    static func text(_ parts: tm) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func append(_ value: Int32, digits: Int) {
            var divisor: Int32 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = max(value, 0)
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        append(parts.tm_year + 1900, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(parts.tm_mon + 1, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(parts.tm_mday, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        append(parts.tm_hour, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(parts.tm_min, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(parts.tm_sec, digits: 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
