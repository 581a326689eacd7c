import Contracts
import Foundation

/// Opens a page with `$BROWSER` (the first of a colon-separated list, as the convention goes),
/// else `xdg-open` when it is on the PATH. The command runs under `/bin/sh` with the address as
/// its argument (never pasted into the command line), and viper waits for it, so a browser in
/// the terminal (lynx, w3m) has the screen until it quits.
final class BrowserPageOpener: PageOpening {
    private let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// The command that opens a page; nil when there is none.
    var command: String? {
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map({ String($0).trimmed }), !browser.isEmpty {
            return browser
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/xdg-open") } ? "xdg-open" : nil
    }

    func open(_ address: String) throws -> Bool {
        guard let command else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sh", address]
        do {
            try process.run()
        } catch {
            throw CommandError("cannot start the browser '\(command)': \(error); the address is \(address)")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandError("the browser '\(command)' exited with status \(process.terminationStatus); the address is \(address)")
        }
        return true
    }
}
