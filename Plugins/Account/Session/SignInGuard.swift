import Contracts

/// The rule behind the account plugin's route interceptor: a route that needs a user
/// goes on only when someone is signed in; otherwise the sign-in form opens in its
/// place, with a line saying why. The person signs in, the form closes, and the
/// route can be taken again.
enum SignInGuard {
    /// What the sign-in form says when it opens in place of a note editor.
    static let noteEditingReason = "Sign in to change notes."

    /// `.allow` when `session` has a user; else a redirect to `login` that carries `reason`.
    static func decide(session: any Session, reason: String) -> RouteDecision {
        guard session.currentUser == nil else { return .allow }
        return .redirect(path: "login?reason=" + escaped(reason))
    }

    /// `text` as a query value: what is not a letter, digit or `-._~` is percent-encoded.
    static func escaped(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.append(Character(UnicodeScalar(byte)))
            default:
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
