import Testing
@testable import ViperLoading

/// The seal on the scanner's lines: a line is opened only when it starts with the
/// scanner's own secret and a tab; anything else, however close, is refused.
@Suite struct ScanSealTests {
    private let seal = ScanSeal(secret: "0123456789abcdef0123456789abcdef")!

    private func open(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        return seal.open(bytes[...]).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aLineUnderTheSecretAndATabIsOpenedToWhatFollows() {
        #expect(open("0123456789abcdef0123456789abcdef\tB\t/p/a.so") == "B\t/p/a.so")
    }

    @Test func aPlainLineAnotherSecretOrAMissingTabIsRefused() {
        #expect(open("B\t/p/a.so") == nil)
        #expect(open("00000000000000000000000000000000\tB\t/p/a.so") == nil)
        #expect(open("0123456789abcdef0123456789abcdeB\t/p/a.so") == nil)
        #expect(open("0123456789abcdef0123456789abcdef B\t/p/a.so") == nil)
        #expect(open("0123456789abcdef0123456789abcdef") == nil)
        #expect(open("") == nil)
    }

    @Test func onlyThirtyTwoLowercaseHexDigitsMakeASecret() {
        #expect(ScanSeal(secret: "0123456789ABCDEF0123456789abcdef") == nil)
        #expect(ScanSeal(secret: "0123456789abcdef") == nil)
        #expect(ScanSeal(secret: "0123456789abcdef0123456789abcdeg") == nil)
        #expect(ScanSeal(secret: seal.text) == seal)
    }

    @Test func eachNewSealHasASecretOfItsOwn() {
        let secrets = Set((0..<64).map { _ in ScanSeal.make().text })
        #expect(secrets.count == 64)
        #expect(secrets.allSatisfy { ScanSeal(secret: $0) != nil })
    }

    @Test func theChannelsDescriptorIsDrawnAboveTheStandardOnes() {
        let floors = (0..<64).map { _ in ScanSeal.randomDescriptorFloor() }
        #expect(floors.allSatisfy { $0 >= 10 && $0 < 1000 })
        #expect(Set(floors).count > 1)
    }
}
