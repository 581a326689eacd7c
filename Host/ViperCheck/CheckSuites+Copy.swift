import Foundation
import ViperELF
import ViperLoading

/// A contract library's suite library must link `lib<Library>.so`: one that carries its own copy of
/// the library (a suites target built in the library's own SwiftPM package, which links the
/// library's target into the product) tests protocols that are other types than the plugin's, so it
/// would find nothing to run. Read from the suite's `DT_NEEDED` before its `dlopen`, it is named
/// with the fix instead of "has no check for a contract this plugin provides".
extension CheckSuites {
    /// Why `suite`, a suite library of the contract library `library`, cannot test its plugin, or
    /// nil: it does not link `lib<library>.so`.
    static func copyProblem(_ suite: Found) -> String? {
        guard let library = suite.library else { return nil }
        guard let linkage = ELFFile.reading(suite.path, { ELFLinkage(descriptor: $0, size: $1, symbols: false) }) else { return nil }
        let soname = "lib\(library).so"
        guard linkage.hasSections, !linkage.needed.contains(soname) else { return nil }
        return "carries its own copy of \(library) (it does not link \(soname)), whose contracts are other types than the plugin's, "
            + "so none of its suites can run: build the suites in a package of their own that depends on \(library)'s package by path "
            + "(the Suites folder 'viper new --contract-library' writes; docs/PLUGIN_AUTHORS.md, \"Suites that travel with a contract library\")"
    }
}
