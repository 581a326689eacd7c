import Foundation
import Testing
@testable import ViperLoading

/// The reserved names of the Swift runtime's libraries are read from its folder with `readdir`:
/// every `lib<Name>.so` gives `<Name>`, and nothing else does.
@Suite struct RuntimeLibraryNamesTests {
    @Test func everyLibraryFileOfTheFolderGivesItsModuleAndNothingElseDoes() throws {
        let folder = NSTemporaryDirectory() + "viper-runtime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/libInFolder.so", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["libswiftCore.so", "libFoundation.so", "libswift_Concurrency.so", "libdispatch.so.1", "swiftrt.o", "notlib.so", "libé.so"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        let modules = try #require(ReservedNames.libraryModules(in: folder))
        #expect(modules == ["swiftCore", "Foundation", "swift_Concurrency", "InFolder", "é"])
    }

    @Test func aFolderThatCannotBeListedGivesNothing() {
        #expect(ReservedNames.libraryModules(in: "/nonexistent/viper-runtime") == nil)
    }
}
