import Contracts
import Foundation
import ViperCore

/// Which plugins can run isolated: one that provides only modules and uses only the host's
/// services. Another plugin's service lives in viper's process, and a service, adapter or
/// interceptor this plugin provided would have to run there too.
extension IsolatedPlugin {
    /// The services an isolated plugin's process has: the host's, made there or forwarded to viper.
    package static let hostServices: Set<ContractID> = [
        ContractID(Logger.self), ContractID(Clock.self), ContractID(DataFolder.self), ContractID(DatabaseOpening.self),
        ContractID(CommandProgress.self),
    ]

    /// Why a plugin cannot run isolated, in one line; nil when it can: it may provide only modules,
    /// and use only the host's services (another plugin's service lives in viper's process).
    package static func refusal(plugin: String, provides: [Provision], requires: [Requirement]) -> String? {
        obstacle(provides: provides, requires: requires).map { refusal(plugin: plugin, obstacle: $0) }
    }

    /// The refusal of a plugin named to run isolated, for `obstacle` (``obstacle(provides:requires:)``).
    static func refusal(plugin: String, obstacle: String) -> String {
        "plugin '\(plugin)' \(obstacle), which an isolated plugin cannot do yet; run it in process "
            + "(viper plugins --no-isolate \(plugin) takes it out of \"isolate\" in config.json; or drop --isolate \(plugin))"
    }

    /// What keeps a plugin from running isolated, as the end of a sentence ("provides service X to
    /// other plugins"), or nil when nothing does.
    package static func obstacle(provides: [Provision], requires: [Requirement]) -> String? {
        if let first = provides.first(where: { $0.kind != .module }) {
            return "provides \(first.kind.rawValue) \(first.contract.name) to other plugins"
        }
        if let first = requires.first(where: { $0.kind == .service && !hostServices.contains($0.contract) }) {
            return "uses service \(first.description) of another plugin"
        }
        return nil
    }

    /// ``refusal(plugin:provides:requires:)`` for a plugin's descriptor.
    package static func refusal(plugin: String, descriptor: PluginDescriptor) -> String? {
        refusal(plugin: plugin, provides: descriptor.provides, requires: descriptor.requires)
    }
}
