import Foundation
import Testing
import ViperTestSupport

/// `viper new NAME --in-tree` refused, followed as the lines say: a folder that is not the
/// source tree's root ("give the tree's root with --dir") and a name the tree already has
/// ("choose another name"). The tree is a copy of this repository's Package.swift beside empty
/// Contracts/ and Plugins/ folders: what `--in-tree` reads and writes.
@Suite(.tags(.slow)) struct InTreeHintFollowingTests {
    @Test func aNewPluginInTheTreeIsWrittenOnceTheRootAndAFreeNameAreGivenAsTheHintsSay() throws {
        let tree = try TemporaryFolder.make("hint-in-tree")
        for folder in ["Contracts", "Plugins"] {
            try FileManager.default.createDirectory(atPath: tree + "/" + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: BuildProducts.repository + "/Package.swift", toPath: tree + "/Package.swift")
        try FileManager.default.copyItem(atPath: BuildProducts.repository + "/Contracts/Package.swift", toPath: tree + "/Contracts/Package.swift")
        let viper = ViperProcess()
        let refused = try viper.run(["new", "Stamp", "--in-tree", "--dir", tree + "/Plugins"])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("is not a viper source tree", in: refused.stderr), "\(refused.output)")
        #expect(line.hasSuffix("give the tree's root with --dir"), "\(line)")
        let written = try viper.run(["new", "Stamp", "--in-tree", "--dir", tree])
        #expect(written.status == 0, "\(written.output)")
        #expect(FileManager.default.fileExists(atPath: tree + "/Plugins/Stamp"))
        #expect(try String(contentsOfFile: tree + "/Package.swift", encoding: .utf8).contains("plugin(\"Stamp\")"))

        let again = try viper.run(["new", "Stamp", "--in-tree", "--dir", tree])
        #expect(again.status != 0)
        let taken = try #require(Hint.line("a plugin named 'Stamp' is already in", in: again.stderr), "\(again.output)")
        #expect(taken.hasSuffix("choose another name"), "\(taken)")
        let other = try viper.run(["new", "Tally", "--in-tree", "--dir", tree])
        #expect(other.status == 0, "\(other.output)")
        #expect(try String(contentsOfFile: tree + "/Package.swift", encoding: .utf8).contains("plugin(\"Tally\")"))
    }

    /// A tree whose Package.swift lost its plugin list: nothing is written, and the line says to put
    /// the list back and run again; done, the plugin is written and listed.
    @Test func aTreeWithoutThePluginListGetsThePluginOnceTheListIsPutBack() throws {
        let tree = try TemporaryFolder.make("hint-in-tree-list")
        for folder in ["Contracts", "Plugins"] {
            try FileManager.default.createDirectory(atPath: tree + "/" + folder, withIntermediateDirectories: true)
        }
        let manifest = try String(contentsOfFile: BuildProducts.repository + "/Package.swift", encoding: .utf8)
        try #require(manifest.contains("let plugins = ["))
        try manifest.replacingOccurrences(of: "let plugins = [", with: "let bundled = [")
            .write(toFile: tree + "/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: BuildProducts.repository + "/Contracts/Package.swift", toPath: tree + "/Contracts/Package.swift")
        let viper = ViperProcess()
        let refused = try viper.run(["new", "Stamp", "--in-tree", "--dir", tree])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("has no 'let plugins = [...]' list", in: refused.stderr), "\(refused.output)")
        #expect(line.contains("put the list back in Package.swift and run this again"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: tree + "/Plugins/Stamp"), "nothing was written")

        // The list put back, the same command again.
        try manifest.write(toFile: tree + "/Package.swift", atomically: true, encoding: .utf8)
        let written = try viper.run(["new", "Stamp", "--in-tree", "--dir", tree])
        #expect(written.status == 0, "\(written.output)")
        #expect(FileManager.default.fileExists(atPath: tree + "/Plugins/Stamp"))
        #expect(try String(contentsOfFile: tree + "/Package.swift", encoding: .utf8).contains("plugin(\"Stamp\")"))
    }
}
