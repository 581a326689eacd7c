import Foundation
import ViperELF
import ViperLoading

/// A suite library given with `viper check --suites PATH` is named by whose suites it holds, as one
/// found beside its library is (`ContactsKit's suite`): the contract library it links, read from its
/// `DT_NEEDED` entries before its `dlopen`, else the one its file name names (`lib<Library>Suites.so`).
extension CheckSuites {
    /// The suite library at `file`, given with `--suites`, for a plugin that links `libraries`.
    static func given(_ file: String, libraries: [ContractLibrary]) -> Found {
        let needed = neededLibraries(file)
        let library =
            libraries.first { !$0.name.isEmpty && needed.contains($0.soname) }?.name
            ?? libraries.first { "lib\($0.name)Suites.so" == Paths.lastComponent(file) }?.name
        guard let library else { return Found(path: file, owner: "the suites of --suites \(Paths.lastComponent(file))") }
        return Found(path: file, owner: owner(of: library), library: library)
    }

    /// `ContactsKit's suite`, `Greetings' suite`.
    static func owner(of library: String) -> String {
        library + (library.hasSuffix("s") ? "' suite" : "'s suite")
    }

    /// The `DT_NEEDED` entries of the file at `path`; empty when it cannot be read.
    private static func neededLibraries(_ path: String) -> [String] {
        ELFFile.reading(path) { ELFLinkage(descriptor: $0, size: $1, symbols: false).needed } ?? []
    }
}
