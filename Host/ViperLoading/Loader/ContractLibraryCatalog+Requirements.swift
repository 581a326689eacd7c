import Foundation
import ViperELF

/// A plugin built against an older interface of a contract library than the one installed:
/// it conforms to a protocol of the library that has since gained a requirement without a
/// default (under the same version, or in a minor that should not have added it). Its witness
/// table has no entry for that requirement, so the first call to it would crash viper. It is
/// refused before its `dlopen`, from the two files' symbol tables (``ProtocolRequirementTable``),
/// whether or not the library's author cut an API baseline or changed its version.
extension ContractLibraryCatalog {
    /// What follows the plugin's path in the refusal's problem line, before the contract it lacks a
    /// requirement of (doctor names the refused provider in its consumers' lines by it).
    package static let lacksRequirementMarker = ": refused: it conforms to "

    /// Why the plugin open as `descriptor` lacks a requirement of an installed library it
    /// links (`needed`, its `DT_NEEDED`), or nil. Called with the catalog's lock held.
    func requirementProblem(descriptor: Int32, size: UInt64, needed: [String]) -> String? {
        let linked = libraries.filter { library in !library.name.isEmpty && library.status == .loaded && needed.contains(library.soname) }
        guard !linked.isEmpty else { return nil }
        let modules = linked.map(\.name)
        let witnessed = ProtocolRequirementTable.witnessed(descriptor: descriptor, size: size, modules: modules)
        let conformed = ProtocolRequirementTable.conformed(descriptor: descriptor, size: size, modules: modules)
        for library in linked {
            let missing = requirementTable(library).missing(witnessed: witnessed, conformed: conformed)
            guard let first = missing.first else { continue }
            let others = missing.count > 1 ? " (and \(missing.count - 1) more)" : ""
            return "refused: it conforms to \(first.protocolName) of the contract library \(library.displayName) (\(library.path)) "
                + "but does not implement its requirement \(first.requirementName)\(others), which has no default there: "
                + "it was built against an older \(library.name), and a plugin calling that requirement would crash viper; "
                + "rebuild it against the installed \(library.name), or install the \(library.name) it was built with. "
                + "\(library.name)'s author: a requirement added without a default needs a new major version (with a default, a new minor)"
        }
        return nil
    }

    /// The requirements of `library`'s protocols, read from its file once.
    private func requirementTable(_ library: ContractLibrary) -> ProtocolRequirementTable {
        if let known = requirementTables[library.path] { return known }
        let descriptor = open(library.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        var info = stat()
        let table: ProtocolRequirementTable
        if descriptor >= 0, fstat(descriptor, &info) == 0 {
            table = ProtocolRequirementTable(descriptor: descriptor, size: UInt64(info.st_size), module: library.name)
        } else {
            table = ProtocolRequirementTable(descriptor: -1, size: 0, module: library.name)
        }
        if descriptor >= 0 { close(descriptor) }
        requirementTables[library.path] = table
        return table
    }
}
