import Foundation
import ViperCore
import ViperLoading

/// `viper keys new DIR`: makes a minisign key pair, DIR/viper.pub and DIR/viper.key (unencrypted,
/// mode 0600, as `minisign -G -W`).
package struct KeysCommand: StandaloneCommand {
    package static let words = ["keys"]
    package static let help = """
        viper keys: Make a key pair for signing plugins

        Usage: viper keys new DIR [--name NAME]

        Writes DIR/NAME.pub (the public key: publish it) and DIR/NAME.key (the secret key, readable by
        you only, unencrypted: keep it off shared machines) in minisign's format. NAME defaults to
        'viper'. An existing key is never overwritten.

        Options:
          --name NAME  The files' name (default: viper)
        """

    let folder: String
    let name: String

    package init(arguments: [String], context: CommandContext) throws {
        let words = try CommandWords(arguments, valued: ["--name"], command: "keys")
        guard words.positional.count == 2, words.positional[0] == "new" else {
            throw UsageError("keys: the one form is 'viper keys new DIR'")
        }
        folder = Paths.absolute(words.positional[1])
        name = words.value("--name") ?? "viper"
        guard !name.isEmpty, !name.contains("/") else { throw UsageError("keys: --name must be a file name, without '/'") }
    }

    package func run() -> Int32 {
        let publicPath = Paths.join(folder, name + ".pub"), secretPath = Paths.join(folder, name + ".key")
        do {
            for path in [publicPath, secretPath] where FileManager.default.fileExists(atPath: path) {
                throw HostError("\(path) already exists; a key is never overwritten: remove it or choose another DIR or --name")
            }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            guard let key = MinisignSecretKey.generate() else { throw HostError("cannot make a key: libcrypto gave no random bytes") }
            try SupplyFiles.write(key.text, to: secretPath, mode: 0o600, exclusive: true)
            try SupplyFiles.write(key.publicKey.text, to: publicPath, mode: 0o644, exclusive: true)
            print("Key \(key.publicKey.keyID):")
            print("  public  \(publicPath)  (publish it; minisign -P \(key.publicKey.base64))")
            print("  secret  \(secretPath)  (keep it secret)")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
