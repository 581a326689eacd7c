/// A failure of the host itself, shown to the user as one line.
package struct HostError: Error, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
