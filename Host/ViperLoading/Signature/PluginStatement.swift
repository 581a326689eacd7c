import ViperCore

/// What viper writes in a plugin signature's trusted comment, so the signature says which plugin
/// and which version it is for, not only which bytes: minisign's own fields first (so `minisign -V`
/// shows a familiar line), then viper's, each `key:value`, separated by tabs.
///
///     timestamp:1764345600	file:libNotesPlugin.so	hashed	plugin:notes	version:1.2.0	contracts:1.4
///
/// Invariant: values hold no tab or newline; a comment without `plugin:` is a plain file signature
/// (an index, a key): it names no plugin and cannot stand for one.
package struct PluginStatement: Equatable, Sendable {
    package var plugin: String?
    package var version: String?
    package var contracts: String?
    package var file: String?
    package var timestamp: Int?

    package init(plugin: String? = nil, version: String? = nil, contracts: String? = nil, file: String? = nil, timestamp: Int? = nil) {
        self.plugin = plugin
        self.version = version
        self.contracts = contracts
        self.file = file
        self.timestamp = timestamp
    }

    /// Reads a trusted comment (fields it does not know are ignored).
    package init(comment: String) {
        for field in comment.split(separator: "\t") {
            guard let colon = field.firstIndex(of: ":") else { continue }
            let key = field[..<colon], value = String(field[field.index(after: colon)...])
            switch key {
            case "plugin": plugin = value
            case "version": version = value
            case "contracts": contracts = value
            case "file": file = value
            case "timestamp": timestamp = Int(value)
            default: continue
            }
        }
    }

    /// The trusted comment's text.
    package var comment: String {
        var fields: [String] = []
        if let timestamp { fields.append("timestamp:\(timestamp)") }
        if let file { fields.append("file:\(file)") }
        fields.append("hashed")
        if let plugin { fields.append("plugin:\(plugin)") }
        if let version { fields.append("version:\(version)") }
        if let contracts { fields.append("contracts:\(contracts)") }
        return fields.joined(separator: "\t")
    }

    /// Why `value` cannot go into a field, or nil.
    package static func problem(_ value: String, field: String) -> String? {
        value.isEmpty || value.contains("\t") || value.contains("\n") || value.contains("\r") || value.contains(":")
            ? "the \(field) '\(value)' cannot go into a signature (empty, or a tab, colon or newline in it)" : nil
    }
}
