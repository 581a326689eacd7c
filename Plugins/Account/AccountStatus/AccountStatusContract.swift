import Contracts

/// Presenter → View: what to draw.
protocol AccountStatusViewing: AnyObject {
    func didUpdate(_ line: String)
}

/// Presenter → Interactor: the use case.
protocol AccountStatusInteracting: AnyObject {
    /// The signed-in user's name, or nil.
    func doFindUserName() -> String?
}

/// View → Presenter: what happened to the view.
protocol AccountStatusEventHandling: AnyObject {
    func didAppear()
}
