import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a password, first found first: the environment variable `VIPER_PASSWORD`; one line of
/// the file descriptor that `VIPER_PASSWORD_FD` names (`VIPER_PASSWORD_FD=3 viper ... 3<file`);
/// else, when standard input is a terminal, a prompt on `/dev/tty` with echo off. A script that
/// gives none of them is told all three.
final class ProcessPasswordReader: PasswordReading {
    static let variable = "VIPER_PASSWORD"
    static let descriptorVariable = "VIPER_PASSWORD_FD"
    private let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
    }

    func newPassword(for name: String) throws -> String {
        if environment[Self.variable].map({ !$0.isEmpty }) == true || environment[Self.descriptorVariable] != nil || isatty(STDIN_FILENO) != 1 {
            return try password(for: name)
        }
        guard let first = Self.prompt("New password for \(name): ") else { return try password(for: name) }
        guard Self.prompt("The same again: ") == first else {
            throw SignInError("the two passwords differ, so no account was made; 'signup \(name)' asks again")
        }
        return first
    }

    func password(for name: String) throws -> String {
        if let password = environment[Self.variable], !password.isEmpty { return password }
        if let text = environment[Self.descriptorVariable] {
            guard let descriptor = Int32(text), descriptor >= 0 else {
                throw SignInError("\(Self.descriptorVariable)=\(text) is not a file descriptor; give a number such as 3 (with '3<FILE')")
            }
            return try Self.line(from: descriptor)
        }
        if isatty(STDIN_FILENO) == 1, let typed = Self.prompt("Password for \(name): ") { return typed }
        throw SignInError("no password for '\(name)': type it when asked at a terminal, or give it in \(Self.variable) "
                          + "or on the file descriptor \(Self.descriptorVariable) names (never on the command line)")
    }

    /// The first line the descriptor gives, without its newline.
    private static func line(from descriptor: Int32) throws -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1, byte != UInt8(ascii: "\n") else { break }
            bytes.append(byte)
        }
        if bytes.isEmpty, fcntl(descriptor, F_GETFD) < 0 {
            throw SignInError("cannot read a password from file descriptor \(descriptor) (\(descriptorVariable)): it is not open; give it with '\(descriptor)<FILE'")
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(bytes: bytes, encoding: .utf8), !text.isEmpty else {
            throw SignInError("file descriptor \(descriptor) (\(descriptorVariable)) gave no password; put it on the first line")
        }
        return text
    }

    /// Asks on the terminal with echo off; nil when there is no terminal or nothing was typed.
    private static func prompt(_ question: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var saved = termios()
        let canHide = tcgetattr(tty, &saved) == 0
        if canHide {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ICANON)
            _ = tcsetattr(tty, TCSAFLUSH, &quiet)
        }
        defer {
            if canHide { _ = tcsetattr(tty, TCSAFLUSH, &saved) }
            _ = write(tty, "\n", 1)
        }
        _ = question.withCString { write(tty, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            let count = read(tty, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1, byte != UInt8(ascii: "\n") else { break }
            bytes.append(byte)
        }
        guard let text = String(bytes: bytes, encoding: .utf8), !text.isEmpty else { return nil }
        return text
    }
}
