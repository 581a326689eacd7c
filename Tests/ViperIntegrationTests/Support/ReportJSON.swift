import Foundation

/// The JSON `viper plugins --json` prints, as the tests read it.
struct PluginsReport: Decodable {
    struct Folder: Decodable, Equatable {
        let path: String
        let origin: String
    }

    struct Provision: Decodable, Equatable {
        let kind: String
        let contract: String
        let name: String?
        let adaptedFrom: String?
    }

    struct Requirement: Decodable, Equatable {
        let kind: String
        let contract: String
        let name: String?
    }

    struct Plugin: Decodable {
        let name: String?
        let version: String?
        let path: String
        let origin: String
        let status: String
        let reason: String?
        let contractsVersion: String?
        let provides: [Provision]
        let requires: [Requirement]
        let overridden: [String]

        /// Loaded now, or validated and loaded on first use.
        var isUsable: Bool { status == "loaded" || status == "ready" }
    }

    struct Problem: Decodable {
        let kind: String
        let plugin: String?
        let contract: String?
        let message: String
    }

    let contractsVersion: String
    let folders: [Folder]
    let plugins: [Plugin]
    let problems: [Problem]

    static func decode(_ text: String) throws -> PluginsReport {
        try JSONDecoder().decode(PluginsReport.self, from: Data(text.utf8))
    }

    func plugin(named name: String) -> Plugin? { plugins.first { $0.name == name } }
    func plugin(at path: String) -> Plugin? { plugins.first { $0.path == path } }
    var problemLines: [String] { problems.map(\.message) }
}

/// The JSON `viper doctor --json` prints.
struct DoctorReport: Decodable {
    struct Problem: Decodable {
        let kind: String
        let plugin: String?
        let contract: String?
        let message: String
    }

    struct Requirement: Decodable, Equatable {
        let kind: String
        let contract: String
        let name: String?
    }

    struct Dependency: Decodable {
        let plugin: String
        let registration: String
        let requirement: Requirement
        let providedBy: String?
        let adaptedFrom: String?
        /// The plugins whose adapters are on the chain, from the required contract on.
        let adapters: [String]
    }

    struct Plugin: Decodable {
        let name: String?
        let path: String
        let status: String
        let reason: String?
    }

    /// What the kernel offers the sandbox, and whether it is on.
    struct Sandbox: Decodable {
        let on: Bool
        let landlockABI: Int?
        let networkRules: Bool
        let seccomp: Bool
        let noNewPrivileges: Bool
        let kernel: String
        let missing: [String]
    }

    let ok: Bool
    let loaded: Int
    let disabled: Int
    let problems: [Problem]
    let plugins: [Plugin]
    let dependencies: [Dependency]
    let sandbox: Sandbox

    static func decode(_ text: String) throws -> DoctorReport {
        try JSONDecoder().decode(DoctorReport.self, from: Data(text.utf8))
    }
}
