import Foundation

/// How a feed's text reaches an article: HTML tags and entities taken out, dates said one way.
enum FeedText {
    /// `html` without its tags, with the common entities decoded and runs of blank space made one.
    static func plain(_ html: String) -> String {
        var out = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; out.append(" "); continue }
            if character == ">" && inTag { inTag = false; continue }
            if !inTag { out.append(character) }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// `YYYY-MM-DD HH:mm` (UTC) from RFC 822 (`Tue, 01 Dec 2026 09:00:00 GMT`, RSS) or ISO 8601
    /// (`2026-12-01T09:00:00Z`, Atom and JSON Feed); the text as sent when it is neither.
    static func date(_ text: String) -> String {
        guard let date = instant(text) else { return text }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm"
        return format.string(from: date)
    }

    /// The instant `text` names, when it is RFC 822 or ISO 8601.
    static func instant(_ text: String) -> Date? {
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: text) { return date }
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = iso.date(from: text) { return date }
        let rfc = DateFormatter()
        rfc.locale = Locale(identifier: "en_US_POSIX")
        for pattern in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, d MMM yyyy HH:mm:ss Z", "dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm zzz"] {
            rfc.dateFormat = pattern
            if let date = rfc.date(from: text) { return date }
        }
        return nil
    }
}
