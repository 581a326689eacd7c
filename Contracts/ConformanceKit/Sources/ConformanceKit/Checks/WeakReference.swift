/// Watches an object without keeping it alive, remembering its type for messages.
final class WeakReference {
    weak var object: AnyObject?
    let typeName: String

    init(_ object: AnyObject) {
        self.object = object
        typeName = String(describing: type(of: object))
    }

    var isAlive: Bool { object != nil }
}
