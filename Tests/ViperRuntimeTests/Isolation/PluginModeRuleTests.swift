import Contracts
import Testing
import ViperLoading
@testable import ViperRuntime

/// The one rule for how a plugin runs: what each origin and each choice of the person gives.
@Suite struct PluginModeRuleTests {
    private func descriptor(_ provides: [Provision]) -> PluginDescriptor {
        PluginDescriptor(manifest: PluginManifest(name: "p", version: "1", summary: ""), contractsVersion: .current, provides: provides)
    }

    private var modules: PluginDescriptor {
        descriptor([Provision(kind: .module, contract: ContractID("P.Hello"), requires: [.service(Logger.self)])])
    }

    private var service: PluginDescriptor {
        descriptor([Provision(kind: .module, contract: ContractID("P.Hello")), Provision(kind: .service, contract: ContractID("P.Store"))])
    }

    @Test func bundledAndPointedAtPluginsRunInProcessAndTheUserFoldersRunIsolated() {
        let rule = PluginModeRule()
        #expect(rule.mode(name: "p", origin: .bundled, descriptor: service) == .inProcess(.bundled))
        #expect(rule.mode(name: "p", origin: .flag, descriptor: service) == .inProcess(.pluginsFlag))
        #expect(rule.mode(name: "p", origin: .environment, descriptor: service) == .inProcess(.pluginPath))
        #expect(rule.mode(name: "p", origin: .user, descriptor: modules) == .isolated(.notTrusted))
    }

    @Test func aUserFolderPluginThatCannotBeIsolatedIsRefusedWithTheCommandThatTrustsIt() {
        let mode = PluginModeRule().mode(name: "p", origin: .user, descriptor: service)
        #expect(
            mode.refusal
                == "plugin 'p' in the user plugin folder is not loaded: it provides service P.Store to other plugins, so it cannot run isolated, "
                + "and you have not trusted it to run in viper's process; if you trust it, run: viper plugins --trust p")
        let uses = descriptor([Provision(kind: .module, contract: ContractID("P.Hello"), requires: [Requirement(kind: .service, contract: ContractID("Contracts.NoteStore"))])])
        #expect(PluginModeRule().mode(name: "p", origin: .user, descriptor: uses).refusal?.contains("it uses service Contracts.NoteStore of another plugin") == true)
    }

    @Test func trustRunsAUserFolderPluginInProcessAndIsolationByNameWinsOverEverything() {
        let trusted = PluginModeRule(trusted: ["p"])
        #expect(trusted.mode(name: "p", origin: .user, descriptor: service) == .inProcess(.trusted))
        #expect(trusted.mode(name: "q", origin: .user, descriptor: modules) == .isolated(.notTrusted))
        let named = PluginModeRule(isolateFlag: ["p"], isolateConfig: ["q"], trusted: ["p", "q"])
        #expect(named.mode(name: "p", origin: .bundled, descriptor: modules) == .isolated(.isolateFlag))
        #expect(named.mode(name: "q", origin: .flag, descriptor: modules) == .isolated(.isolateConfig))
        #expect(named.mode(name: "p", origin: .bundled, descriptor: service).refusal?.contains("--no-isolate p") == true)
    }

    @Test func aDescriptorIsReadOnlyWhenThePluginMustRunIsolated() {
        var reads = 0
        let read = { () -> PluginDescriptor? in
            reads += 1
            return nil
        }
        let rule = PluginModeRule(trusted: ["t"])
        _ = rule.mode(name: "b", origin: .bundled, descriptor: read())
        _ = rule.mode(name: "f", origin: .flag, descriptor: read())
        _ = rule.mode(name: "t", origin: .user, descriptor: read())
        #expect(reads == 0)
        _ = rule.mode(name: "u", origin: .user, descriptor: read())
        #expect(reads == 1)
    }
}
