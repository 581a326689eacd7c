import Contracts

/// The Hello module's input: whoever opens it can say whom to greet.
public protocol HelloInput: AnyObject {
    /// Greets `name` instead of the default.
    func greet(_ name: String)
}

/// Presenter → View: what to draw.
protocol HelloViewing: AnyObject {
    func didUpdate(_ model: HelloViewModel)
}

/// View → Presenter: what the user did.
protocol HelloEventHandling: AnyObject {
    func didAppear()
    func didRename(to name: String) throws
    func didClose()
}

/// Presenter → Interactor: the use case.
protocol HelloInteracting: AnyObject {
    func doGreet(_ name: String) -> Greeting
}

/// Presenter → Router: where the module can go.
protocol HelloRouting: AnyObject {
    func close()
}

/// What the view draws: display strings only, no entities.
struct HelloViewModel: Equatable {
    let headline: String
    let detail: String
}
