/// The spy for a module's view: keeps every display model the Presenter sends through
/// `didUpdate(_:)`. A plugin's tests conform it to the module's own viewing protocol:
///
///     final class SpyLoginView: ViewSpy<LoginViewModel>, LoginViewing {}
///     #expect(view.last?.error == "Sign-in refused: ...")
open class ViewSpy<Model> {
    /// Every model sent, in order.
    public private(set) var models: [Model] = []
    /// The model on screen now.
    public var last: Model? { models.last }

    public init() {}

    public func didUpdate(_ model: Model) {
        models.append(model)
    }
}
