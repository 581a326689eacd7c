import Foundation
import ViperCore
import ViperLoading

/// `viper keys new DIR`: makes a minisign key pair, DIR/viper.pub and DIR/viper.key (unencrypted,
/// mode 0600, as `minisign -G -W`).
package struct KeysCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["keys"], abstract: "Make a key pair for signing plugins",
        discussion: """
            Writes DIR/NAME.pub (the public key: publish it) and DIR/NAME.key (the secret key, readable by
            you only) in minisign's format. NAME defaults to 'viper'. An existing key is never overwritten.
            The secret key is unencrypted (as minisign -G -W) unless --encrypt: then it is encrypted with
            scrypt as minisign -G does (1 GiB of memory for a few seconds), with the password from
            \(MinisignSecretKey.passwordVariable) or, on a terminal, asked for twice.
            """,
        arguments: "new DIR", maximumArguments: 2,
        options: [
            CommandOption("--name", value: "NAME", help: "The files' name (default: viper)"),
            CommandOption("--encrypt", help: "Encrypt the secret key with a password"),
        ],
        section: .supply)

    let folder: String
    let name: String
    let encrypt: Bool
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 2, parsed.positional[0] == "new" else {
            throw UsageError("keys: the one form is 'viper keys new DIR'")
        }
        folder = Paths.absolute(parsed.positional[1])
        name = parsed.value("--name") ?? "viper"
        guard !name.isEmpty, !name.contains("/") else { throw UsageError("keys: --name must be a file name, without '/'") }
        encrypt = parsed.has("--encrypt")
        self.context = parsed.context
    }

    /// The password for --encrypt: the environment's, or typed twice on a terminal.
    private func password() throws -> [UInt8] {
        if let password = context.environment[MinisignSecretKey.passwordVariable], !password.isEmpty { return Array(password.utf8) }
        guard isatty(STDIN_FILENO) == 1, let first = getpass("Password: ").map({ String(cString: $0) }),
            let second = getpass("Password (again): ").map({ String(cString: $0) })
        else { throw HostError("--encrypt needs a password: set \(MinisignSecretKey.passwordVariable) or run it on a terminal") }
        guard first == second, !first.isEmpty else { throw HostError("the two passwords differ (or are empty); nothing was written") }
        return Array(first.utf8)
    }

    package func run() -> Int32 {
        let publicPath = Paths.join(folder, name + ".pub"), secretPath = Paths.join(folder, name + ".key")
        do {
            for path in [publicPath, secretPath] where FileManager.default.fileExists(atPath: path) {
                throw HostError("\(path) already exists; a key is never overwritten: remove it or choose another DIR or --name")
            }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            guard let key = MinisignSecretKey.generate() else { throw HostError("cannot make a key: libcrypto gave no random bytes") }
            var secretText = key.text
            if encrypt {
                guard let encrypted = key.encryptedText(password: try password()) else {
                    throw HostError("cannot encrypt the key: scrypt failed (it needs 1 GiB of memory)")
                }
                secretText = encrypted
            }
            try SupplyFiles.write(secretText, to: secretPath, mode: 0o600, exclusive: true)
            try SupplyFiles.write(key.publicKey.text, to: publicPath, mode: 0o644, exclusive: true)
            print("Key \(key.publicKey.keyID):")
            print("  public  \(publicPath)  (publish it; minisign -P \(key.publicKey.base64))")
            print("  secret  \(secretPath)  (keep it secret\(encrypt ? "; encrypted" : ""))")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
