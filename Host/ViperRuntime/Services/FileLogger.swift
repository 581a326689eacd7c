import Contracts
import Foundation
import ViperCore
import ViperLoading

/// The host's ``Logger``: appends lines to `viper.log` in the data folder, and
/// echoes messages at or above `echoLevel` to standard error.
///
/// Messages and sources come from plugins, so neither reaches the terminal raw: the
/// echo is cleaned as `plugins` and `doctor` clean their lines (``PrintableText/oneLine(_:)``:
/// no escape sequences, one line), and the file keeps one line per message with
/// control characters written as escapes (`\n`, `\u{1b}`), so a message cannot forge
/// another entry or colour a terminal that shows the file.
package final class FileLogger: Logger {
    private let lock = NSLock()
    private let handle: FileHandle?
    private let echoLevel: LogLevel?
    private let echo: (String) -> Void

    /// Why the log file is not written this session (it is a link, say), or nil.
    package let fileProblem: String?

    /// `echo` receives each echoed line, newline included (standard error unless a test captures it).
    /// A nil `path` keeps no file (the data folder may not be written: ``DataFolderGuard``).
    init(path: String?, echoLevel: LogLevel?, echo: @escaping (String) -> Void = FileLogger.writeToStandardError) {
        // Opened to append: each line lands at the end even when two viper processes share the
        // folder, and a missing file is made here (Foundation's createFile wrote a temporary
        // file and renamed it, two more system calls on every first start). Never through a link.
        let descriptor = path.map { DataFolderGuard.openForWriting($0, flags: O_CREAT | O_APPEND) } ?? -1
        handle = descriptor >= 0 ? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) : nil
        if let path, descriptor < 0, errno == ELOOP {
            fileProblem =
                "the log \(path) is a symbolic link, so viper does not write it (it could point at any file of yours); "
                + "remove it ('rm \(path)') and viper starts a new one"
        } else {
            fileProblem = nil
        }
        self.echoLevel = echoLevel
        self.echo = echo
    }

    package func log(_ level: LogLevel, _ message: String, source: String) {
        let stamp = LogStamp.now()
        let line = "\(stamp) \(level.rawValue) [\(Self.escaped(source))] \(Self.escaped(message))\n"
        lock.withLock {
            try? handle?.write(contentsOf: Data(line.utf8))
            if let echoLevel, level >= echoLevel {
                echo(PrintableText.oneLine("viper: \(level.rawValue): [\(source)] \(message)") + "\n")
            }
        }
    }

    static func writeToStandardError(_ line: String) {
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// `text` with C0 and C1 control characters as escapes, on one line.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 controls, and invisible format characters (``PrintableText/isInvisibleFormat(_:)``).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || PrintableText.isInvisibleFormat(scalar)
    }
}
