/// How long a resolved service lives.
public enum ServiceScope: String, Codable, Sendable {
    /// One instance per host process, made on first resolve and shared afterwards.
    case process
    /// A new instance on every resolve.
    case transient
}
