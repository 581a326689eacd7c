/// Reads the dates feeds carry into instants (seconds since 1970, UTC), by hand: Foundation's
/// formatters are slow (a 1,000-item feed would spend most of its time in them) and strict
/// where feeds are not.
///
/// - RFC 822 / 2822 (RSS `pubDate`): `Tue, 01 Dec 2026 09:00:00 GMT`, with or without the
///   day's name and the seconds, a 2-digit year (`01 Dec 26`: 00–49 is 20xx, 50–99 is 19xx, as
///   RFC 2822 says), a full month name, a zone as a name (`GMT`, `UT`, `EST`, `PDT`, `CET`, ...),
///   a military letter (`Z`) or an offset (`+0100`, `-05:00`); no zone is UTC.
/// - RFC 3339 / ISO 8601 (Atom, JSON Feed, `dc:date`): `2026-12-01T09:00:00Z`, fractional
///   seconds, `+01:00`, a space for the `T`, or the date alone (midnight UTC).
///
/// Anything else (a garbage date) is nil: the caller keeps the text as sent and sorts it last.
enum FeedDate {
    static func instant(_ text: String) -> Double? {
        var scanner = DateScanner(text)
        scanner.skipSpaces()
        guard let first = scanner.peek else { return nil }
        if first.isDigit, let value = rfc3339(text) { return value }
        return rfc822(text)
    }

    // MARK: RFC 3339

    private static func rfc3339(_ text: String) -> Double? {
        var scanner = DateScanner(text)
        scanner.skipSpaces()
        guard let year = scanner.number(digits: 4), scanner.take("-"), let month = scanner.number(digits: 2), scanner.take("-"),
              let day = scanner.number(digits: 2) else { return nil }
        var hour = 0, minute = 0, second = 0.0, offset = 0
        if scanner.take("T") || scanner.take("t") || scanner.take(" ") {
            guard let h = scanner.number(digits: 2), scanner.take(":"), let m = scanner.number(digits: 2) else { return nil }
            hour = h
            minute = m
            if scanner.take(":") {
                guard let s = scanner.number(digits: 2) else { return nil }
                second = Double(s)
                if scanner.take(".") || scanner.take(",") { second += scanner.fraction() }
            }
            scanner.skipSpaces()
            if scanner.take("Z") || scanner.take("z") {
                offset = 0
            } else if let sign = scanner.sign() {
                guard let oh = scanner.number(digits: 2) else { return nil }
                _ = scanner.take(":")
                let om = scanner.number(digits: 2) ?? 0
                offset = sign * (oh * 3600 + om * 60)
            } else if let zone = scanner.word(), let known = zones[zone.uppercased()] {
                offset = known
            }
        }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    // MARK: RFC 822

    private static func rfc822(_ text: String) -> Double? {
        var scanner = DateScanner(text)
        scanner.skipSpaces()
        // The day's name, with or without its comma, is only a label.
        if let peek = scanner.peek, !peek.isDigit {
            guard scanner.word() != nil else { return nil }
            _ = scanner.take(",")
            scanner.skipSpaces()
        }
        guard let day = scanner.number(maxDigits: 2) else { return nil }
        scanner.skipSpaces(allowing: "-")
        guard let monthName = scanner.word(), let month = months[String(monthName.prefix(3)).lowercased()] else { return nil }
        scanner.skipSpaces(allowing: "-")
        guard let (rawYear, digits) = scanner.numberWithCount(maxDigits: 4), digits == 2 || digits == 4 else { return nil }
        let year = digits == 4 ? rawYear : rawYear < 50 ? 2000 + rawYear : 1900 + rawYear
        scanner.skipSpaces()
        var hour = 0, minute = 0, second = 0.0, offset = 0
        if let h = scanner.number(maxDigits: 2) {
            guard scanner.take(":"), let m = scanner.number(digits: 2) else { return nil }
            hour = h
            minute = m
            if scanner.take(":") {
                guard let s = scanner.number(digits: 2) else { return nil }
                second = Double(s)
            }
            scanner.skipSpaces()
            if let sign = scanner.sign() {
                guard let oh = scanner.number(digits: 2) else { return nil }
                _ = scanner.take(":")
                let om = scanner.number(digits: 2) ?? 0
                offset = sign * (oh * 3600 + om * 60)
            } else if let zone = scanner.word() {
                guard let known = zones[zone.uppercased()] else { return nil }
                offset = known
            }
            // A trailing comment such as "(UTC)" or "(Pacific Standard Time)".
            scanner.skipSpaces()
            if scanner.take("(") { scanner.skip(until: ")") }
        }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// Seconds since 1970 of a civil date and time at `offset` seconds east of UTC; nil when a
    /// field is out of range (31 February, 25:00).
    static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offset: Int) -> Double? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
              (0...59).contains(minute), second >= 0, second < 61, (1000...9999).contains(year) else { return nil }
        // Days from civil (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days * 86400 + hour * 3600 + minute * 60 - offset) + second
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static let months = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
    ]

    /// Zone names in RFC 822 and those feeds use anyway, as seconds east of UTC.
    private static let zones: [String: Int] = [
        "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "WET": 0,
        "EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600,
        "MST": -7 * 3600, "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
        "AKST": -9 * 3600, "AKDT": -8 * 3600, "HST": -10 * 3600,
        "BST": 3600, "CET": 3600, "CEST": 7200, "MET": 3600, "MEST": 7200, "WEST": 3600,
        "EET": 7200, "EEST": 3 * 3600, "MSK": 3 * 3600, "JST": 9 * 3600, "KST": 9 * 3600,
        "AEST": 10 * 3600, "AEDT": 11 * 3600, "NZST": 12 * 3600, "NZDT": 13 * 3600,
        // Military letters (RFC 822 got their signs backwards; RFC 2822 says read them as UTC
        // unless sure, and feeds use only Z in practice).
        "A": 0, "M": 0, "N": 0, "Y": 0,
    ]
}

/// Walks a date's bytes.
private struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    var atEnd: Bool { index >= bytes.count }

    mutating func skipSpaces(allowing extra: Character? = nil) {
        let other = extra?.asciiValue
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == other { index += 1 }
    }

    mutating func take(_ character: Character) -> Bool {
        guard let byte = peek, byte == character.asciiValue else { return false }
        index += 1
        return true
    }

    mutating func skip(until character: Character) {
        while let byte = peek {
            index += 1
            if byte == character.asciiValue { return }
        }
    }

    /// Exactly `digits` digits.
    mutating func number(digits: Int) -> Int? {
        guard let (value, count) = numberWithCount(maxDigits: digits), count == digits else { return nil }
        return value
    }

    /// One to `maxDigits` digits.
    mutating func number(maxDigits: Int) -> Int? {
        numberWithCount(maxDigits: maxDigits)?.0
    }

    mutating func numberWithCount(maxDigits: Int) -> (Int, Int)? {
        var value = 0, count = 0
        while count < maxDigits, let byte = peek, byte.isDigit {
            value = value * 10 + Int(byte - 0x30)
            count += 1
            index += 1
        }
        return count == 0 ? nil : (value, count)
    }

    /// The digits after a decimal point, as a fraction.
    mutating func fraction() -> Double {
        var value = 0.0, scale = 0.1
        while let byte = peek, byte.isDigit {
            value += Double(byte - 0x30) * scale
            scale /= 10
            index += 1
        }
        return value
    }

    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }

    /// A run of ASCII letters.
    mutating func word() -> Substring? {
        let start = index
        while let byte = peek, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A { index += 1 }
        guard index > start else { return nil }
        return Substring(String(decoding: bytes[start..<index], as: UTF8.self))
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { self >= 0x30 && self <= 0x39 }
}
