import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime

/// The digest keys the kept graph and checks its file: a change to how it is computed must not
/// change its value (a kept graph would then be read as corrupt, with a warning).
@Suite struct DigestGoldenTests {
    @Test func theDigestOfKnownFieldsIsTheOneKeptFilesCarry() {
        let stream = DigestStream()
        stream.add("graph 2")
        stream.add(Int64(-7))
        let long = Array((0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        for cut in [0, 1, 15, 16, 17, 31, 33, 300, 1_000] { stream.add(long[..<cut]) }
        stream.add("é and a tab\t")
        #expect(stream.finish() == "492b7a11d12f52d0bb0ffabd60beed9e", "the value main's DigestStream gives these fields")
    }
}
