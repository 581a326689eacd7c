/// Progress of a conformance run, for a runner that reports as it goes
/// (`viper check` writes each event before the next check can crash).
public enum CheckEvent {
    /// A check is about to run.
    case willRun(check: String, subject: String)
    /// A check finished.
    case didRun(CheckResult)
}
