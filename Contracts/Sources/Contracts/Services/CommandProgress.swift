/// Lines that show a long command is working, printed while it runs (plugins never print
/// themselves: the shell owns the terminal). The host provides it: a person at a terminal sees
/// each line at once, on standard error; a script (piped, `-c`) sees none, so its output stays
/// what the commands drew.
///
///     let progress = resolver.canResolve(CommandProgress.self) ? try? resolver.resolve(CommandProgress.self) : nil
///     progress?.report("fetched 3 of 9 feeds…")
///
/// Added in Contracts 1.7: resolve it optionally (`canResolve` first), so the module still
/// opens where nothing provides it.
public protocol CommandProgress: AnyObject {
    /// Shows `line` (one line, no line end) now, while the command goes on.
    func report(_ line: String)
}
