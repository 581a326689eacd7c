import Foundation

/// A mutable value the tests' closures can share.
package final class Box<Value> {
    package var value: Value
    package init(_ value: Value) { self.value = value }
}
