import Contracts
import ViperCore

/// The `error` lines a module draws on its screen (`Screen.error`): a feed that failed while the
/// list opened, the notes list's "nobody is signed in" under `--json`.
///
/// - In a scripted session (`-c`, piped) a command after which the module on screen draws an
///   error line that its last drawing had not counts as failed, as if it had thrown: the script
///   exits 1. A line drawn again unchanged is not new.
/// - Under `--plain` and `--json` these lines go to standard error, one `error:` line each, once
///   per appearance, and never to standard output, which holds only what other tools read.
/// - A command that threw said why already: what its module drew is remembered, not said again
///   nor counted twice. At a terminal (and in a script that draws screens) the module is drawn
///   again after such a command when its drawing changed, so a person sees the list a failed
///   `refresh` left and its error lines, not only the command's one line.
extension Shell {
    /// What the shell remembers of the error lines drawn.
    struct DrawnErrors {
        /// The error lines of each module's last drawing, by its entry id (-1: home); a module
        /// whose last drawing had none has no entry, so the table stays as small as the modules
        /// showing errors, whatever the stack's depth.
        var byModule: [Int: [String]] = [:]
        /// How many new error lines the running command drew.
        var newSinceCommand = 0
        /// The last whole screen shown (not plain): a failed command redraws only when it changed.
        var lastScreen: [String] = []
    }

    /// Remembers `errors` as `module`'s; returns those its last drawing had not.
    func noteDrawnErrors(_ errors: [String], module: Int) -> [String] {
        let new = Self.added(errors, to: drawnErrors.byModule[module] ?? [])
        drawnErrors.byModule[module] = errors.isEmpty ? nil : errors
        // Only modules still on the stack are remembered (a new module never inherits an old
        // one's); only those with errors are looked for, so a command costs the same at any depth.
        for key in drawnErrors.byModule.keys where key != -1 && key != module && !stack.entries.contains(where: { $0.id == key }) {
            drawnErrors.byModule[key] = nil
        }
        return new
    }

    /// New error lines of a successful command: said on standard error in plain mode (the screen
    /// shows them otherwise) and counted for ``failsOnDrawnErrors``.
    func reportDrawnErrors(_ errors: [String]) {
        if plain {
            for error in errors { output.error(error) }
        }
        drawnErrors.newSinceCommand += errors.count
    }

    /// After a command that threw: draws the screen again when the command navigated, or (not
    /// plain) when the module's drawing changed; in plain mode only remembers its error lines, so
    /// the next drawing does not say them again (what else changed is printed as before, with the
    /// next command's lines).
    func redrawAfterFailure(navigated: Bool) {
        if navigated {
            drawCurrentScreen(afterFailure: true)
        } else if plain {
            let (screen, module) = moduleDrawing(style: .plain)
            _ = noteDrawnErrors(screen.errors, module: module)
        } else if screenDrawing().lines != drawnErrors.lastScreen {
            drawCurrentScreen(afterFailure: true)
        }
    }
}
