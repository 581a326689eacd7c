/// A wrong command line: printed as one line after `viper: `, exit code 64 (EX_USAGE).
package struct UsageError: Error, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
