/// A page view controller as a container: its node is the page shown; it saves that page.
extension PageViewController: Container {
    var nodeKind: NavigationState.Node.Kind { .pages }
    var isOfTheKindsOwnClass: Bool { type(of: self) == PageViewController.self }

    func encodeContents(into contents: inout RestorationArchive.Contents, with encoder: RestorationEncoder) {
        contents.set(viewControllers.first.flatMap(encoder.encode), forKey: "page")
    }

    /// Its view is loaded first, so the first page its code sets there does not replace the
    /// saved one afterwards.
    func restoreContents(from contents: RestorationArchive.Contents, with rebuilder: RestorationRebuilder) {
        guard let saved = contents.node("page"), let page = rebuilder.rebuild(saved) else { return }
        loadViewIfNeeded()
        setViewControllers([page])
    }
}
