import Foundation
import Testing
@testable import ViperSupervision

/// What the supervisor holds back of a worker's standard error: the Swift runtime's
/// last words, from the line they start on, and the cause they give the one line.
@Suite struct ErrorRelayTests {
    private func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    @Test func aFatalErrorLineIsHeldFromItsStartAndTheLinesBeforeItAreNot() {
        let text = "warning: a plugin's own line\nNotes/Boom.swift:12: Fatal error: boom\nCurrent stack trace:\n"
        let start = ErrorRelay.lineStartOfMarker(in: bytes(text))
        #expect(start == "warning: a plugin's own line\n".utf8.count)
    }

    @Test func plainErrorLinesAreNotHeld() {
        #expect(ErrorRelay.lineStartOfMarker(in: bytes("error: 'x' is not a command\nwarning: slow\n")) == nil)
    }

    @Test func aMarkerInALineWithoutItsNewlineIsHeldToo() {
        #expect(ErrorRelay.lineStartOfMarker(in: bytes("ok\nFatal error: half a line")) == 3)
    }

    @Test func theCauseIsTheRuntimesMessageWithoutItsFileAndLine() {
        #expect(ErrorRelay.cause(of: "Swift/Optional.swift:210: Fatal error: Unexpectedly found nil while unwrapping an Optional value\n")
                == "fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(ErrorRelay.cause(of: "Fatal error\n") == "fatal error")
        #expect(ErrorRelay.cause(of: "Could not cast value of type 'Int' to 'String'.\n") == "Could not cast value of type 'Int' to 'String'.")
    }

    @Test func aLongMessageIsCutToTwoHundredCharacters() {
        let cause = ErrorRelay.cause(of: "Fatal error: " + String(repeating: "x", count: 500) + "\n")
        #expect(cause.count == 200)
        #expect(cause.hasSuffix("…"))
    }
}
