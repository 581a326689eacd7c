import Contracts

/// Presenter → View: what to draw.
protocol AccountStatusViewing: AnyObject {
    func didUpdate(_ line: String)
}

/// Presenter → Interactor: the use case.
protocol AccountStatusInteracting: AnyObject {
    /// The signed-in user's name, or nil.
    func doFindUserName() -> String?
    /// Until when (seconds since 1970) the signed-in user stays signed in on this machine; nil when not.
    func doFindStayingUntil() -> Double?
}

/// View → Presenter: what happened to the view.
protocol AccountStatusEventHandling: AnyObject {
    func didAppear()
}
