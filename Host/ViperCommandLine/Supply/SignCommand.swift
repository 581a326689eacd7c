import Contracts
import Foundation
import ViperCore
import ViperLoading

/// `viper sign FILE --key SECRET_KEY`: writes FILE.minisig, a minisign signature whose trusted
/// comment names the plugin, its version and its Contracts version (read by scanning the plugin in
/// the crash-isolated scanner, or given with --name/--version); any other file gets a plain one.
package struct SignCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["sign"], abstract: "Sign a plugin (or any file) with a minisign secret key",
        discussion: """
            Writes FILE.minisig in minisign's format (minisign -Vm FILE -p KEY.pub verifies it). For a
            plugin, the trusted comment carries its name, version and Contracts version, read by loading it
            in the scanner (a child process); a signature of one plugin or version cannot stand for another.
            A contract library is signed as its module name and the version its record declares.
            An encrypted key's password is read from \(MinisignSecretKey.passwordVariable) or asked for.
            """,
        arguments: "FILE", maximumArguments: 1,
        options: [
            CommandOption("--key", value: "SECRET_KEY", required: true, help: "The secret key (from 'viper keys new DIR' or 'minisign -G')"),
            CommandOption("--name", value: "NAME", help: "The plugin's name (default: its manifest's)"),
            CommandOption("--version", value: "VERSION", help: "The plugin's version (default: its manifest's)"),
            CommandOption("--library", value: "LIB.so", help: "A contract library the plugin links, for the scan (default: those beside it)"),
            CommandOption("--output", value: "SIG", help: "Write the signature to SIG (default: FILE.minisig)"),
            CommandOption("--plain", help: "Sign the file as a plain file, not as a plugin"),
        ],
        section: .supply)

    let file: String
    let key: String
    let name: String?
    let version: String?
    let output: String?
    let library: String?
    let plain: Bool
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 1, let file = parsed.positional.first else {
            throw UsageError("sign: give one FILE to sign: viper sign FILE --key SECRET_KEY")
        }
        guard let key = parsed.value("--key") else {
            throw UsageError("sign: give the secret key with --key SECRET_KEY (make one with 'viper keys new DIR')")
        }
        for (field, value) in [("name", parsed.value("--name")), ("version", parsed.value("--version"))] {
            if let value, let problem = PluginStatement.problem(value, field: field) { throw UsageError("sign: \(problem)") }
        }
        self.file = Paths.absolute(file)
        self.key = key
        name = parsed.value("--name")
        version = parsed.value("--version")
        output = parsed.value("--output")
        library = parsed.value("--library").map(Paths.absolute)
        plain = parsed.has("--plain")
        self.context = parsed.context
    }

    package func run() -> Int32 {
        do {
            let secret = try MinisignSecretKey.read(key, environment: context.environment)
            var statement = PluginStatement(file: Paths.lastComponent(file), timestamp: Int(Date().timeIntervalSince1970))
            if !plain {
                if let name, let version {
                    statement.plugin = name
                    statement.version = version
                    statement.contracts = PluginIdentity.contractsVersion(of: file)
                } else if let library = PluginIdentity.library(at: file) {
                    // A contract library is named by its module and versioned by its record.
                    statement.plugin = name ?? library.name
                    statement.version = version ?? library.version
                } else if file.hasSuffix(".so") {
                    // Contract libraries beside the plugin, and --library, are handed to the scanner.
                    let folder = Paths.parent(file)
                    let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".so") }
                        .map { Paths.join(folder, $0) }.filter { $0 != file && PluginIdentity.library(at: $0) != nil }
                    let identity = try PluginIdentity.scan(file, libraries: siblings + (library.map { [$0] } ?? []), environment: context.environment)
                    statement.plugin = name ?? identity.name
                    statement.version = version ?? identity.version
                    statement.contracts = identity.contracts
                }
            }
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw HostError("\(file): cannot be read (\(String(cString: strerror(errno)))); check the path")
            }
            defer { close(descriptor) }
            let signature = try MinisignSignature.sign(
                file: descriptor, key: secret, trustedComment: statement.comment,
                untrustedComment: "signature from viper secret key \(secret.publicKey.keyID)")
            let destination = output ?? file + Minisign.signatureSuffix
            try SupplyFiles.write(signature.text, to: destination, mode: 0o644)
            let what = statement.plugin.map { "plugin \($0) \(statement.version ?? "")" } ?? "file"
            print("Signed \(what) with key \(secret.publicKey.keyID): \(destination)")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
