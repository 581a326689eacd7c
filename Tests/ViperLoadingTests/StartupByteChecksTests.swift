import Testing
@testable import ViperLoading

/// Two checks every start makes of every plugin file (a warm start's hot path): the reserved-name
/// check of its file name, and whether its cached line may declare an interceptor (on bytes).
/// Each must answer exactly as the rule it implements.
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

    @Test func everyReservedNameIsRefusedInAnyFolder() {
        for name in ReservedNames.reservedFileNames {
            #expect(ReservedNames.fileProblem("/plugins/" + name) != nil, "\(name)")
            #expect(ReservedNames.fileProblem(name + "/") != nil, "\(name)/")
        }
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
