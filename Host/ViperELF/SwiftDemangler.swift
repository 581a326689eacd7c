import Foundation

/// Turns mangled Swift symbol names (`$s9Contracts6LoggerP...`) into what a person
/// wrote (`Contracts.Logger...`). `swift demangle` is not installed where viper runs,
/// but the Swift runtime exports `swift_demangle`, found here with `dlsym`.
package enum SwiftDemangler {
    private typealias Demangle =
        @convention(c) (
            UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?,
            UnsafeMutablePointer<Int>?, UInt32
        ) -> UnsafeMutablePointer<CChar>?

    private static let function: Demangle? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_demangle") else { return nil }
        return unsafeBitCast(symbol, to: Demangle.self)
    }()

    /// The demangled form of `symbol`, or nil when it is not a Swift name (or the runtime cannot say).
    package static func demangle(_ symbol: String) -> String? {
        guard symbol.hasPrefix("$s") || symbol.hasPrefix("$S") || symbol.hasPrefix("_T0"), let function else { return nil }
        let utf8 = Array(symbol.utf8CString)
        guard let result = utf8.withUnsafeBufferPointer({ function($0.baseAddress, utf8.count - 1, nil, nil, 0) }) else { return nil }
        defer { free(result) }
        let text = String(cString: result)
        return text.isEmpty || text == symbol ? nil : text
    }

    /// `text` with each mangled Swift name followed by its demangled form:
    /// `undefined symbol: $s9Contracts7missingyyF` becomes
    /// `undefined symbol: Contracts.missing() -> () ($s9Contracts7missingyyF)`.
    package static func annotate(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let token = String(word)
            let trimmed = token.hasSuffix(",") ? String(token.dropLast()) : token
            guard let readable = demangle(trimmed) else { return token }
            return "\(readable) (\(token))"
        }.joined(separator: " ")
    }
}
