extension Storyboard {
    /// A fresh controller for the scene whose controller has element id `id` (with its
    /// relationship children), or nil when the file has no such scene: what the diff's
    /// before-and-after screen draws.
    public func instantiateController(forScene id: String) -> ViewController? {
        instantiateController(id: id)
    }
}
