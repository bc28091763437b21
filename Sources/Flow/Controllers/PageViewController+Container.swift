/// A page view controller as a container: its node is the page shown; it saves that page.
extension PageViewController: Container {
    var nodeKind: NavigationState.Node.Kind { .pages }
    var isOfTheKindsOwnClass: Bool { type(of: self) == PageViewController.self }

    func encodeChildren(into node: RestorationArchive.Node, with encoder: RestorationEncoder) {
        node.page = viewControllers.first.flatMap(encoder.encode)
    }

    /// Its view is loaded first, so the first page its code sets there does not replace the
    /// saved one afterwards.
    func restoreChildren(from node: RestorationArchive.Node, with rebuilder: RestorationRebuilder) {
        guard let saved = node.page, let page = rebuilder.rebuild(saved) else { return }
        loadViewIfNeeded()
        setViewControllers([page])
    }
}
