import Foundation
import Testing
@testable import ViperLoading

/// The scanner's box set-up reads what it needs as bytes (the box's cost): whether a
/// file is directly in the folder named before it, and the machine's task count from
/// `/proc/loadavg`. No file, no process.
@Suite struct SandboxSetUpTests {
    @Test func aFileDirectlyInTheFolderIsKnownWithoutItsParent() {
        #expect(ScanMode.isFile("/plugins/libbench-0001.so", directlyIn: "/plugins"))
        #expect(ScanMode.isFile("/a/b", directlyIn: "/a"))
    }

    @Test func anythingElseIsLeftToParentAndGivesWhatParentGives() {
        let cases: [(String, String)] = [
            ("/plugins/sub/x.so", "/plugins"), ("/pluginsx/y.so", "/plugins"), ("/plugins/", "/plugins"),
            ("/plugins//x.so", "/plugins"), ("/x", "/"), ("/plugins/x.so/", "/plugins"), ("/plugins", "/plugins"),
        ]
        for (path, folder) in cases {
            #expect(!ScanMode.isFile(path, directlyIn: folder), "\(path) in \(folder)")
        }
        // Where the byte check says yes, the folder is exactly what Paths.parent gives.
        for path in ["/plugins/a.so", "/a/b", "/tmp/viper-bench-1/plugins-1000/libbench-1000.so"] {
            #expect(ScanMode.isFile(path, directlyIn: Paths.parent(path)))
        }
    }

    @Test func theTaskCountIsTheTotalOfLoadavgsFourthField() {
        #expect(Sandbox.tasks(loadAverage: ArraySlice("12.96 10.32 5.88 10/187 31348\n".utf8)) == 187)
        #expect(Sandbox.tasks(loadAverage: ArraySlice("0.00 0.00 0.00 1/42 7".utf8)) == 42)
        #expect(Sandbox.tasks(loadAverage: ArraySlice("garbage".utf8)) == nil)
        #expect(Sandbox.tasks(loadAverage: ArraySlice("1 2 3 x/y 4".utf8)) == nil)
        #expect(Sandbox.tasksNow() > 0)
    }
}
