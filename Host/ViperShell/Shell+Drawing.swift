import Contracts
import Foundation
import ViperCore
import ViperRuntime

/// The screen: header (breadcrumb), the module's drawing, and the footer of commands.
extension Shell {
    // MARK: Drawing

    package func screenLines() -> [String] {
        screenDrawing().lines
    }

    /// The whole screen, with the messages of the module's own `error` lines and the entry id of
    /// the module drawn (-1: home).
    func screenDrawing() -> (lines: [String], errors: [String], module: Int) {
        let (screen, module) = moduleDrawing(style: style)
        var lines = [header()]
        lines += screen.lines.isEmpty ? ["  " + style.dim("Nothing to show.")] : screen.lines
        lines.append("")
        lines.append(footer())
        return (lines, screen.errors, module)
    }

    /// The drawing of the module on screen (home when nothing is open) and its entry id (-1: home).
    func moduleDrawing(style: TerminalStyle) -> (TerminalScreen, Int) {
        let screen = TerminalScreen(style: style)
        if let top = stack.top {
            top.marked(.drawing) { top.view.render(on: screen) }
            return (screen, top.id)
        }
        home.render(on: screen)
        return (screen, -1)
    }

    /// `── Home › Notes › Sign in (modal) ─────`
    private func header() -> String {
        let crumbs = Self.headerCrumbs(of: stack).map(PrintableText.oneLine)
        let plain = crumbs.joined(separator: " › ")
        let styled = (crumbs.dropLast() + [style.bold(crumbs.last ?? "")]).joined(separator: " › ")
        let fill = max(3, width - plain.count - 4)
        return style.dim("──") + " " + styled + " " + style.dim(Self.rule(fill))
    }

    /// `count` box-drawing dashes, made from bytes (`String(repeating:count:)` of a Character is slow).
    static func rule(_ count: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 3)
        for _ in 0..<count { bytes += [0xE2, 0x94, 0x80] }  // U+2500 ─
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The header names the first module and the last ``headerLast``; a deeper stack shows
    /// how many are left out between them: `Home › Inbox › … 9995 more … › A › B › C`.
    static let headerLast = 3

    /// What the header shows of the stack, from `Home`: every title when the stack is
    /// shallow, else the first, `… N more …` and the last few. Reads only those titles.
    static func headerCrumbs(of stack: NavigationStack) -> [String] {
        let depth = stack.depth
        // Leave out at least 3, or the marker would be as long as what it replaces.
        guard depth > 1 + headerLast + 2 else { return ["Home"] + stack.crumbs(0..<depth) }
        let hidden = depth - 1 - headerLast
        return ["Home"] + stack.crumbs(0..<1) + ["… \(hidden) more …"] + stack.crumbs((depth - headerLast)..<depth)
    }

    /// `Commands: name NAME..., close, back, help`
    private func footer() -> String {
        var usages: [String]
        if let top = stack.top {
            usages = top.tree.flatMap(moduleCommands(of:)).map(Self.usage)
            usages += [top.placement == .presented ? "close" : "back", "help"]
        } else {
            usages = ["open PATH", "routes", "help", "quit"]
        }
        var seen = Set<String>()
        usages = usages.filter { seen.insert(String($0[..<($0.utf8.firstIndex(of: 0x20) ?? $0.endIndex)])).inserted }
        return style.dim("Commands: " + usages.joined(separator: ", "))
    }

    /// `where`'s line: the titles come from plugins, so each is made printable as the header's are.
    package func breadcrumbLine() -> String {
        (["Home"] + stack.breadcrumb.map(PrintableText.oneLine)).joined(separator: " › ")
    }

    /// Shows a block of lines, separated from the previous block by a blank line.
    func showBlock(_ lines: [String]) {
        plainBlockWillShow()
        output.show((hasShownBlock && !plain ? "\n" : "") + lines.joined(separator: "\n"))
        hasShownBlock = true
    }
}

/// What the shell does when a command would remove a module that says it has unsaved work
/// (``ModuleRemovalHandling``); `back!` and the other forced forms always drop it.
package enum UnsavedWorkPolicy {
    /// Ask the person: the closure shows the question and says whether they answered yes.
    case ask((String) -> Bool)
    /// Keep the module and fail the command (a script run without `--yes`).
    case keep
    /// Drop the work (a script run with `--yes`).
    case drop
}
