/// A tab bar as a container: its node is the tabs with the selected one marked; it saves
/// every tab and which is selected.
extension TabBarController: Container {
    var nodeKind: NavigationState.Node.Kind { .tabs }
    var isOfTheKindsOwnClass: Bool { type(of: self) == TabBarController.self }

    /// The children are the tabs, in the file's order.
    func adoptStoryboardChildren(_ children: StoryboardChildren, declared: [SegueSpec]) {
        setTabsSilently(children.map(\.controller))
    }

    func encodeContents(into contents: inout RestorationArchive.Contents, with encoder: RestorationEncoder) {
        contents.set(viewControllers.map { encoder.encode($0) ?? .unsaved }, forKey: "tabs")
        contents.set(selectedIndex, forKey: "selectedTab")
    }

    /// Tabs come back only when there are as many as were saved; a tab that can't be made
    /// again keeps the storyboard's.
    func restoreContents(from contents: RestorationArchive.Contents, with rebuilder: RestorationRebuilder) {
        guard let saved = contents.nodes("tabs"), saved.count == viewControllers.count else { return }
        var children = viewControllers
        for (index, child) in saved.enumerated() {
            if let rebuilt = rebuilder.rebuild(child) { children[index] = rebuilt }
        }
        setTabsSilently(children)
        if let selected = contents.int("selectedTab"), children.indices.contains(selected) { selectSilently(children[selected]) }
    }

    /// A tab bar with tabs and none selected is wrong; one the storyboard gives no tabs is
    /// legal (code fills it).
    func emptinessProblem(checking check: (ViewController) -> String?) -> String? {
        guard !viewControllers.isEmpty else { return nil }
        guard let selected = selectedViewController else { return "the tab bar \(debugName) has no selected tab" }
        return check(selected)
    }

    /// Selects `child`'s tab.
    func revealSilently(_ child: ViewController) { selectSilently(child) }

    /// Selects `child`'s tab, with the appearance calls.
    func reveal(_ child: ViewController) {
        if let index = viewControllers.firstIndex(where: { $0 === child }) { select(index) }
    }
}
