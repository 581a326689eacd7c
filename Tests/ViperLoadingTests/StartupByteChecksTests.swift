import Testing
@testable import ViperLoading

/// Two checks every start makes of every plugin file, done on bytes (a warm start's hot path): the
/// reserved-name check of its file name, and whether its cached line may declare an interceptor.
/// Each must answer exactly as the check it stands in front of.
@Suite struct StartupByteChecksTests {
    static let paths = [
        "/p/libFoundation.so", "/p/libContracts.so", "libContracts.so", "/p/libContracts.so/", "/p//libswiftCore.so",
        "/p/libFoundatioN.so", "/p/libContracts.so.1", "/p/xlibContracts.so", "/p/libbench-0001.so", "/p/libNotesPlugin.so",
        "/p/libContractsHelper.so", "/", "", "/p/", "/é/libFoundation.so", "/p/libFoundation.só",
    ]

    @Test(arguments: paths)
    func aFileNameIsRefusedExactlyWhenItsNameIsReserved(_ path: String) {
        let reserved = ReservedNames.reservedFileNames.contains(Paths.lastComponent(path))
        #expect((ReservedNames.fileProblem(path) != nil) == reserved, "\(path)")
    }

    @Test func everyReservedNamePassesTheByteCheckInAnyFolder() {
        for name in ReservedNames.reservedFileNames {
            #expect(ReservedNames.mayBeReservedFile("/plugins/" + name), "\(name)")
            #expect(ReservedNames.mayBeReservedFile(name + "/"), "\(name)/")
        }
    }

    @Test func aNameOfItsOwnIsNotLookedUp() {
        #expect(!ReservedNames.mayBeReservedFile("/p/libbench-0001.so"))
        #expect(!ReservedNames.mayBeReservedFile("/p/libNotesPlugin.so"))
        #expect(!ReservedNames.mayBeReservedFile("/"))
    }

    @Test func aNameWithBytesAboveASCIITakesTheFullCheck() {
        // The Kelvin sign is canonically equivalent to K: only the String comparison can tell.
        #expect(ReservedNames.mayBeReservedFile("/p/lib\u{212A}ept.so"))
    }

    @Test(arguments: [
        ("interceptor", true), ("provides interceptor x", true), ("x interceptor", true), ("xxinterceptorxx", true),
        ("intercepto", false), ("interceptoR", false), ("", false), ("i n t e r c e p t o r", false),
    ])
    func aLineMayDeclareAnInterceptorExactlyWhenItHoldsTheWord(_ text: String, _ holds: Bool) {
        let bytes = Array(("prefix " + text).utf8)
        #expect(ScannedDescriptor.holdsInterceptor(bytes[7...]) == holds, "'\(text)'")
    }
}
