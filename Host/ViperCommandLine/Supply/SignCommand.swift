import Contracts
import Foundation
import ViperCore
import ViperLoading

/// `viper sign FILE --key SECRET_KEY`: writes FILE.minisig, a minisign signature whose trusted
/// comment names the plugin, its version and its Contracts version (read by scanning the plugin in
/// the crash-isolated scanner, or given with --name/--version); any other file gets a plain one.
package struct SignCommand: StandaloneCommand {
    package static let words = ["sign"]
    package static let help = """
        viper sign: Sign a plugin (or any file) with a minisign secret key

        Usage: viper sign FILE --key SECRET_KEY [--name NAME] [--version VERSION] [--library LIB.so] [--output SIG]

        Writes FILE.minisig in minisign's format (minisign -Vm FILE -p KEY.pub verifies it). For a
        plugin, the trusted comment carries its name, version and Contracts version, read by loading it
        in the scanner (a child process); a signature of one plugin or version cannot stand for another.
        A contract library is signed as its module name and the version its record declares.
        An encrypted key's password is read from \(MinisignSecretKey.passwordVariable) or asked for.

        Options:
          --key SECRET_KEY   The secret key (from 'viper keys new DIR' or 'minisign -G')
          --name NAME        The plugin's name (default: its manifest's)
          --version VERSION  The plugin's version (default: its manifest's)
          --library LIB.so   A contract library the plugin links, for the scan (default: those beside it)
          --output SIG       Write the signature to SIG (default: FILE.minisig)
          --plain            Sign the file as a plain file, not as a plugin
        """

    let file: String
    let key: String
    let name: String?
    let version: String?
    let output: String?
    let library: String?
    let plain: Bool
    let context: CommandContext

    package init(arguments: [String], context: CommandContext) throws {
        let words = try CommandWords(arguments, valued: ["--key", "--name", "--version", "--output", "--library"], flags: ["--plain"], command: "sign")
        guard words.positional.count == 1, let file = words.positional.first else {
            throw UsageError("sign: give one FILE to sign: viper sign FILE --key SECRET_KEY")
        }
        guard let key = words.value("--key") else {
            throw UsageError("sign: give the secret key with --key SECRET_KEY (make one with 'viper keys new DIR')")
        }
        for (field, value) in [("name", words.value("--name")), ("version", words.value("--version"))] {
            if let value, let problem = PluginStatement.problem(value, field: field) { throw UsageError("sign: \(problem)") }
        }
        self.file = Paths.absolute(file)
        self.key = key
        name = words.value("--name")
        version = words.value("--version")
        output = words.value("--output")
        library = words.value("--library").map(Paths.absolute)
        plain = words.has("--plain")
        self.context = context
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
