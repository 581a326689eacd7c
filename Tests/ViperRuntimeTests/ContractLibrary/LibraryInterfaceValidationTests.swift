import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

/// A contract library changed without a new version, seen by the start-up check on hand-made
/// descriptors: no plugin is loaded.
@Suite struct LibraryInterfaceValidationTests {
    private func node(_ name: String, _ provides: [Provision], interface: String?, minor: Int = 0) -> GraphValidator.Node {
        var descriptor = PluginDescriptor(manifest: PluginManifest(name: name, version: "1.0.0", summary: ""),
                                          contractsVersion: .current, provides: provides)
        descriptor.contractLibraries = [ContractLibraryVersion(name: "ContactsKit", major: 1, minor: minor, interface: interface)]
        return GraphValidator.Node(name: name, path: "/plugins/lib\(name).so", descriptor: descriptor)
    }

    private func provider(interface: String?, minor: Int = 0) -> GraphValidator.Node {
        node("contacts", [Provision(kind: .service, contract: ContractID("ContactsKit.ContactStore"))], interface: interface, minor: minor)
    }

    private func consumer(interface: String?, minor: Int = 0) -> GraphValidator.Node {
        node("picker", [Provision(kind: .module, contract: ContractID("Picker.Input"), route: RouteSpec("pick", summary: "Pick"),
                                  requires: [Requirement(kind: .service, contract: ContractID("ContactsKit.ContactStore"))])],
             interface: interface, minor: minor)
    }

    private func validate(_ nodes: [GraphValidator.Node]) -> GraphValidator.Outcome {
        GraphValidator(nodes: nodes, hostProvides: HostRuntime.hostProvisions).validate()
    }

    @Test func aProviderAndAConsumerBuiltAgainstDifferentInterfacesOfOneVersionAreBothDisabledNamingEachOther() {
        let outcome = validate([provider(interface: "0a1b2c3d4e5f60718293"), consumer(interface: "ffeeddccbbaa99887766")])
        let reason = "'picker' and 'contacts' were built against different interfaces of the contract library ContactsKit 1.0 "
            + "(ffeeddccbbaa and 0a1b2c3d4e5f), so 'picker' could call a requirement of ContactStore that 'contacts' does not implement; "
            + "ContactsKit changed without a new version: raise its minor for an addition with a default (its major for anything else), "
            + "cut its API baseline, and rebuild both plugins against it"
        #expect(outcome.disabled == ["picker": reason, "contacts": reason])
        #expect(outcome.problems.map(\.kind) == [.libraryInterface, .libraryInterface])
        #expect(outcome.problems.first?.message == "/plugins/libpicker.so: plugin 'picker' is disabled: " + reason)
    }

    @Test func aPairBuiltAgainstTheSameInterfaceLoads() {
        let outcome = validate([provider(interface: "0a1b2c3d4e5f"), consumer(interface: "0a1b2c3d4e5f")])
        #expect(outcome.disabled.isEmpty)
    }

    @Test func differentInterfacesUnderDifferentMinorsAreTheVersionRulesBusinessNotThisOne() {
        let outcome = validate([provider(interface: "0a1b2c3d4e5f", minor: 0), consumer(interface: "ffeeddccbbaa", minor: 1)])
        #expect(outcome.disabled.isEmpty)
    }

    @Test func aPluginThatRecordsNoInterfaceIsNeverCompared() {
        let outcome = validate([provider(interface: nil), consumer(interface: "ffeeddccbbaa")])
        #expect(outcome.disabled.isEmpty)
    }

    @Test func twoPluginsThatShareNoContractOfTheLibraryAreNotAPair() {
        let other = node("other", [Provision(kind: .service, contract: ContractID("Other.Thing"))], interface: "0a1b2c3d4e5f")
        let outcome = validate([other, consumer(interface: "ffeeddccbbaa"), provider(interface: "ffeeddccbbaa")])
        #expect(outcome.disabled.isEmpty)
    }

    @Test func aProviderOfALibraryThatRequiresAnotherContractOfItNobodyProvidesIsToldToRegisterIt() {
        let picking = Provision(kind: .module, contract: ContractID("ContactsKit.ContactPicking"), route: RouteSpec("pick", summary: "Pick"),
                                requires: [Requirement(kind: .service, contract: ContractID("ContactsKit.ContactStore"))])
        let outcome = validate([node("contacts", [picking], interface: nil)])
        #expect(outcome.disabled["contacts"] == "ContactsKit.ContactPicking requires ContactsKit.ContactStore, which no plugin provides; "
            + "ContactStore is a contract of ContactsKit, whose other contracts contacts provides: if contacts is meant to provide it too, "
            + "register it in its register(in:) (registrar.registerService(ContactStore.self, ...)); else install a plugin that provides it")
    }

    @Test func aConsumerOfALibraryIsStillToldToInstallAProvider() {
        let outcome = validate([consumer(interface: nil)])
        #expect(outcome.disabled["picker"] == "Picker.Input requires ContactsKit.ContactStore, which no plugin provides; install a plugin that provides it")
    }
}
