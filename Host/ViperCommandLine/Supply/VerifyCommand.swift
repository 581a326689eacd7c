import Foundation
import ViperCore
import ViperLoading

/// `viper verify FILE [--pubkey KEY]`: checks FILE.minisig (minisign's or viper's) and prints its
/// trusted comment. Without --pubkey, the key comes from the publishers pinned in plugins.lock.
package struct VerifyCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["verify"], abstract: "Check a file's minisign signature",
        discussion: """
            Checks FILE.minisig against the public key KEY (a .pub file, or its base64 line as minisign -P
            takes it); without --pubkey, against the publisher key plugins.lock pins for the key id the
            signature names. Prints the trusted comment; exits 1 when the signature does not hold.
            """,
        arguments: "FILE", maximumArguments: 1,
        options: [
            CommandOption("--pubkey", value: "KEY", help: "The public key (file or base64 line)"),
            CommandOption("--signature", value: "SIG", help: "The signature file (default: FILE.minisig)"),
        ],
        section: .supply)

    let file: String
    let publicKey: String?
    let signature: String?
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        guard parsed.positional.count == 1, let file = parsed.positional.first else {
            throw UsageError("verify: give one FILE to check: viper verify FILE [--pubkey KEY]")
        }
        self.file = Paths.absolute(file)
        publicKey = parsed.value("--pubkey")
        signature = parsed.value("--signature")
        self.context = parsed.context
    }

    package func run() -> Int32 {
        do {
            let signaturePath = signature ?? file + Minisign.signatureSuffix
            let parsed = try MinisignSignature.read(signaturePath)
            let key: MinisignPublicKey
            if let publicKey {
                key =
                    try FileManager.default.fileExists(atPath: publicKey)
                    ? MinisignPublicKey.read(publicKey)
                    : MinisignPublicKey(text: publicKey, source: "--pubkey")
            } else {
                guard let pinned = try PublisherPins.read(folder: context.dataFolder).key(id: parsed.keyIDText) else {
                    throw HostError(
                        "\(file): signed by key \(parsed.keyIDText), which plugins.lock does not pin; give it with --pubkey KEY")
                }
                key = pinned
            }
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw HostError("\(file): cannot be read (\(String(cString: strerror(errno)))); check the path")
            }
            defer { close(descriptor) }
            try parsed.verify(file: descriptor, key: key, source: file)
            print("Signature and comment signature verified (key \(key.keyID))")
            print("Trusted comment: \(parsed.trustedComment)")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
