/// Staying signed in on this data folder for a while, beyond the process: what the sign-in form's
/// `--stay` asks of the plugin's own session (``AccountSession``). A ``Session`` from another
/// plugin that does not adopt it signs in for its process only, and the form says so.
protocol SignInKeeping: AnyObject {
    /// Keeps the signed-in account signed in for `seconds` (at least a minute, at most 30 days) in
    /// every process on this data folder, until then or until it signs out; returns until when, in
    /// seconds since 1970. Throws when nobody is signed in or the store cannot keep it.
    func stay(for seconds: Double) throws -> Double
    /// Until when the signed-in account stays signed in; nil when it does not.
    var stayingUntil: Double? { get }
}
