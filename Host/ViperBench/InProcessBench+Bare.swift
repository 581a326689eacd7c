extension InProcessBench {
    /// The module row's baseline: the same objects wired by hand, the view returned,
    /// nothing of viper's (no ``BuiltModule``, no array of parts). What a feature costs an app
    /// that wires it itself.
    static func bareWiring(_ interactor: Interactor) -> View {
        let presenter = Presenter(interactor: interactor)
        let view = View(presenter: presenter)
        presenter.view = view
        return view
    }
}
