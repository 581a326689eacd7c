import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime

/// `Paths.parent` and `Paths.lastComponent` answer as Foundation's NSString path methods
/// do, without bridging (start-up calls them for every plugin file).
@Suite struct PathsTests {
    static let paths = [
        "/", "/a", "/a/", "/a/b", "/a/b/", "/a//b", "/a/b//", "a/b", "a//b", "./a", "../a/b",
        "/tmp/viper/plugins/libNotesPlugin.so", "/tmp/viper/plugins/", "plugins/libX.so", "/é/ü.so", "/a b/c d",
    ]

    @Test(arguments: paths)
    func parentIsWhatNSStringGives(_ path: String) {
        #expect(Paths.parent(path) == (path as NSString).deletingLastPathComponent, "parent of '\(path)'")
    }

    @Test(arguments: paths)
    func lastComponentIsWhatNSStringGives(_ path: String) {
        #expect(Paths.lastComponent(path) == (path as NSString).lastPathComponent, "last component of '\(path)'")
    }

    /// Where Foundation on Linux answers "" (for a path that names the root), ours names the root.
    /// Foundation on Linux traps on these (the empty path, one relative component); ours answers.
    @Test func aPathWithoutAFolderHasAnEmptyParent() {
        #expect(Paths.parent("") == "")
        #expect(Paths.lastComponent("") == "")
        #expect(Paths.parent("a") == "")
        #expect(Paths.lastComponent("a") == "a")
        #expect(Paths.parent("a/") == "")
        #expect(Paths.lastComponent("a/") == "a")
    }

    @Test func aPathOfSlashesOnlyIsTheRoot() {
        #expect(Paths.parent("//") == "/")
        #expect(Paths.lastComponent("//") == "/")
    }
}
