import Foundation
import ViperCore
import ViperLoading

/// `viper index build DIR --key KEY`: turns a folder of signed plugins into an index (``PluginIndex``)
/// in that folder, signed with KEY.
package struct IndexBuildCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["index", "build"], abstract: "Turn a folder of signed plugins into a signed index",
        discussion: """
            Finds every plugin and contract library (lib*.so with its .minisig beside it) under DIR, checks
            each signature and loads each plugin in the scanner to learn what it provides and requires (the
            contract libraries it links among them, each installed with it), then writes
            DIR/plugins/NAME.json, DIR/index.json (serial one above the last build's, expiring after DAYS),
            DIR/index.json.minisig and DIR/index.pub. Serve DIR as it is: a folder, file://, or HTTP.
            Publisher keys: the index key's own, DIR/keys/*.pub and --publisher. Revocations of earlier
            builds are kept.
            """,
        arguments: "DIR", maximumArguments: 1,
        options: [
            CommandOption("--key", value: "SECRET_KEY", required: true, help: "The index's secret key"),
            CommandOption("--expires", value: "DAYS", help: "Days until clients refuse the index (default: 30)"),
            CommandOption("--publisher", value: "KEY.pub", repeatable: true, help: "A publisher's public key; repeatable"),
            CommandOption("--revoke-key", value: "ID", repeatable: true, help: "Revoke a publisher key id; repeatable"),
            CommandOption("--revoke-digest", value: "SHA256", repeatable: true, help: "Revoke a plugin file by SHA-256; repeatable"),
        ],
        section: .supply)

    let folder: String
    let key: String
    let days: Int
    let publisherFiles: [String]
    let revokeKeys: [String]
    let revokeDigests: [String]
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        publisherFiles = parsed.values("--publisher")
        revokeKeys = parsed.values("--revoke-key")
        revokeDigests = parsed.values("--revoke-digest").map { $0.lowercased() }
        guard parsed.positional.count == 1, let folder = parsed.positional.first else {
            throw UsageError("index build: give the folder of signed plugins: viper index build DIR --key SECRET_KEY")
        }
        guard let key = parsed.value("--key") else { throw UsageError("index build: give the index's secret key with --key SECRET_KEY") }
        guard let days = Int(parsed.value("--expires") ?? "30"), days > 0 else {
            throw UsageError("index build: --expires takes a number of days above 0")
        }
        self.folder = Paths.absolute(folder)
        self.key = key
        self.days = days
        self.context = parsed.context
    }

    package func run() -> Int32 {
        do {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw HostError("\(folder): not a folder; give the folder of signed plugins to turn into an index")
            }
            let secret = try MinisignSecretKey.read(key, environment: context.environment)
            let (index, entries) = try build(secret: secret)
            try FileManager.default.createDirectory(atPath: Paths.join(folder, "plugins"), withIntermediateDirectories: true)
            // Each plugin's file unsynced (the root, written and synced after them, names each by SHA-256), then one sync.
            for (name, bytes) in entries {
                try SupplyFiles.write(bytes, to: Paths.join(folder, "plugins/\(name).json"), mode: 0o644, sync: false)
            }
            sync()
            let rootBytes = try IndexJSON.encode(index)
            let rootPath = Paths.join(folder, PluginIndex.rootName)
            try SupplyFiles.write(rootBytes, to: rootPath, mode: 0o644)
            let descriptor = open(rootPath, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw HostError("\(rootPath): cannot be read back to sign it") }
            defer { close(descriptor) }
            let statement = PluginStatement(file: PluginIndex.rootName, timestamp: index.built)
            let signature = try MinisignSignature.sign(
                file: descriptor, key: secret, trustedComment: statement.comment + "\tserial:\(index.serial)",
                untrustedComment: "viper plugin index, serial \(index.serial)")
            try SupplyFiles.write(signature.text, to: rootPath + Minisign.signatureSuffix, mode: 0o644)
            try SupplyFiles.write(secret.publicKey.text, to: Paths.join(folder, PluginIndex.keyName), mode: 0o644)
            let versions = index.plugins.count
            print(
                "Built index serial \(index.serial) of \(versions) plugin(s) in \(folder), signed by key \(secret.publicKey.keyID); expires in \(days) day(s).")
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }

    /// The root and each plugin's file (by name, encoded).
    private func build(secret: MinisignSecretKey) throws -> (PluginIndex, [String: [UInt8]]) {
        var publishers: [String: MinisignPublicKey] = [secret.publicKey.keyID: secret.publicKey]
        let keysFolder = Paths.join(folder, "keys")
        let keyFiles = ((try? FileManager.default.contentsOfDirectory(atPath: keysFolder)) ?? []).filter { $0.hasSuffix(".pub") }
            .map { Paths.join(keysFolder, $0) }
        for path in keyFiles + publisherFiles {
            let key = try MinisignPublicKey.read(path)
            if let other = publishers[key.keyID], other != key {
                throw HostError("\(path): key ID collision: another publisher key also has id \(key.keyID); one of them must make a new key")
            }
            publishers[key.keyID] = key
        }
        let previous = try? IndexJSON.decode(PluginIndex.self, from: IndexSource(folder).read(PluginIndex.rootName), source: "the last index")
        var revokedKeys = previous?.revokedKeys ?? [:], revokedDigests = previous?.revokedDigests ?? [:]
        for id in revokeKeys { revokedKeys[id] = "revoked by the index" }
        for digest in revokeDigests { revokedDigests[digest] = "revoked by the index" }
        // Every signed plugin under the folder, skipping what the build writes.
        var found: [(relative: String, signature: MinisignSignature, statement: PluginStatement)] = []
        guard let walker = FileManager.default.enumerator(atPath: folder) else { throw HostError("\(folder): cannot list the folder") }
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".so"), Paths.lastComponent(relative).hasPrefix("lib") else { continue }
            let path = Paths.join(folder, relative)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw HostError("\(path): a symbolic link or not a file; an index holds files themselves")
            }
            guard FileManager.default.fileExists(atPath: path + Minisign.signatureSuffix) else {
                throw HostError("\(path): not signed; sign it with 'viper sign \(path) --key KEY' or move it out of the index folder")
            }
            let signature = try MinisignSignature.read(path + Minisign.signatureSuffix)
            let statement = PluginStatement(comment: signature.trustedComment)
            guard statement.plugin != nil, statement.version != nil else {
                throw HostError("\(path).minisig: its trusted comment names no plugin and version; sign it with 'viper sign'")
            }
            guard let key = publishers[signature.keyIDText] else {
                throw HostError(
                    "\(path): signed by key \(signature.keyIDText), not a publisher of this index; add its .pub to \(keysFolder) or give --publisher")
            }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw HostError("\(path): cannot be read") }
            defer { close(descriptor) }
            try signature.verify(file: descriptor, key: key, source: path)
            found.append((relative, signature, statement))
        }
        // Contract libraries are not plugins: never scanned, named by their module, versioned by their record.
        var libraries: [String: (name: String, version: String)] = [:]
        for item in found {
            let path = Paths.join(folder, item.relative)
            if let library = PluginIdentity.library(at: path) { libraries[path] = library }
        }
        let plugins = found.map { Paths.join(folder, $0.relative) }.filter { libraries[$0] == nil }
        var identities = try PluginIdentity.scan(plugins, libraries: Array(libraries.keys), environment: context.environment)
        for (path, library) in libraries {
            identities[path] = PluginIdentity(
                name: library.name, version: library.version, contracts: "", provides: [PluginIdentity.libraryPrefix + library.name],
                requires: [])
        }
        var entries: [String: PluginIndexEntry] = [:]
        for item in found {
            let path = Paths.join(folder, item.relative)
            guard let identity = identities[path], let name = item.statement.plugin, let version = item.statement.version else { continue }
            guard identity.name == name, identity.version == version else {
                throw HostError("\(path): signed as \(name) \(version) but it is \(identity.name) \(identity.version); sign it again")
            }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0, let sha256 = SHA256.hex(ofFile: descriptor) else { throw HostError("\(path): cannot be read") }
            var info = stat()
            fstat(descriptor, &info)
            close(descriptor)
            var entry = entries[name] ?? PluginIndexEntry(name: name, versions: [])
            let previousYank = entry.versions.first { $0.version == version }?.yanked ?? false
            entry.versions.removeAll { $0.version == version }
            entry.versions.append(
                .init(
                    version: version, file: item.relative, sha256: sha256, size: Int(info.st_size), contracts: identity.contracts,
                    provides: identity.provides, requires: identity.requires, keyID: item.signature.keyIDText, yanked: previousYank,
                    kind: libraries[path] == nil ? nil : "library"))
            entries[name] = entry
        }
        // Yanked marks of the previous build are kept (a publisher yanks by editing plugins/NAME.json and rebuilding).
        for (name, var entry) in entries {
            if let old = try? IndexJSON.decode(PluginIndexEntry.self, from: IndexSource(folder).read("plugins/\(name).json"), source: name) {
                for index in entry.versions.indices where old.versions.contains(where: { $0.version == entry.versions[index].version && $0.yanked }) {
                    entry.versions[index].yanked = true
                }
            }
            entry.versions.sort { VersionOrder.isLower($0.version, $1.version) }
            entries[name] = entry
        }
        var encoded: [String: [UInt8]] = [:]
        var refs: [String: PluginIndex.PluginFileRef] = [:]
        var providers: [String: [String]] = [:]
        for (name, entry) in entries {
            let bytes = try IndexJSON.encode(entry)
            encoded[name] = bytes
            let newest = entry.versions.last
            refs[name] = .init(path: "plugins/\(name).json", sha256: SHA256.hex(of: bytes) ?? "", latest: newest?.version ?? "")
            for provided in Set(entry.versions.flatMap(\.provides)) { providers[provided, default: []].append(name) }
        }
        for key in providers.keys { providers[key]?.sort() }
        let now = Int(Date().timeIntervalSince1970)
        let index = PluginIndex(
            serial: (previous?.serial ?? 0) + 1, expires: now + days * 86400, built: now, plugins: refs, providers: providers,
            publishers: publishers.mapValues(\.base64), revokedKeys: revokedKeys, revokedDigests: revokedDigests)
        return (index, encoded)
    }
}

/// The index's JSON: sorted keys, so a rebuild of the same plugins gives the same bytes.
enum IndexJSON {
    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value)) + [10]
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], source: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw HostError(
                "\(source): damaged index file (not the JSON an index holds); its publisher rebuilds it with "
                    + "'viper index build FOLDER --key KEY' (FOLDER: the index's folder, KEY: the key that signs it)")
        }
    }
}
