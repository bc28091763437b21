/// A split view as a container: its node is its columns; it saves each column (and the
/// stacks in them), the column with the keys, whether the user chose a detail, and, when
/// collapsed, how many of the primary stack's controllers are details pushed there.
extension SplitViewController: Container {
    var nodeKind: NavigationState.Node.Kind { .split }
    var isOfTheKindsOwnClass: Bool { type(of: self) == SplitViewController.self }

    /// Each child takes the column its relationship names; one with no column is a child
    /// only.
    func adoptStoryboardChildren(_ children: StoryboardChildren, declared: [SegueSpec]) {
        for (relationship, child) in children {
            if let column = relationship.flatMap(Column.init) {
                setViewController(child, for: column)
            } else {
                addChild(child)
            }
        }
        finishSetUp()
    }

    /// `show` from a controller of the primary or supplementary column with no stack around
    /// it shows a detail when the split view is the root of its hierarchy (inside a tab bar or
    /// a stack, it passes `show` up). From the secondary column it passes `show` up too, so
    /// the destination is presented, with Esc to close it, as `check` says: replacing the
    /// column's own controller would leave no way back.
    func showStep(_ controller: ViewController, from child: ViewController) -> Bool {
        guard parent == nil, child === viewController(for: .primary) || child === viewController(for: .supplementary) else { return false }
        showDetail(controller)
        return true
    }

    /// The nearest split view above takes a detail: into its secondary column, or onto its
    /// stack when collapsed.
    func showDetailStep(_ controller: ViewController) -> Bool {
        showDetail(controller)
        return true
    }

    /// Each column under its name, the column with the keys, whether the user chose a
    /// detail, and how many details a collapsed primary stack holds.
    func encodeContents(into contents: inout RestorationArchive.Contents, with encoder: RestorationEncoder) {
        for column in Column.allCases {
            if let controller = viewController(for: column), let encoded = encoder.encode(controller) {
                contents.set(encoded, forKey: column.rawValue)
            }
        }
        contents.set(chosenColumn.rawValue, forKey: "focusedColumn")
        if shownDetail != nil { contents.set(true, forKey: "detailChosen") }
        if !collapsedDetails.isEmpty { contents.set(collapsedDetails.count, forKey: "collapsedDetails") }
    }

    /// A saved column of the scene the storyboard put there is restored into the
    /// storyboard's controller, so the split view still knows its "nothing selected"
    /// placeholder; any other is made again and takes the column.
    func restoreContents(from contents: RestorationArchive.Contents, with rebuilder: RestorationRebuilder) {
        let detailChosen = contents.bool("detailChosen") == true
        for column in Column.allCases {
            guard let saved = contents.node(column.rawValue) else { continue }
            let existing = viewController(for: column)
            // A chosen detail of the placeholder's own scene is another controller than the
            // placeholder, unless the column is a stack (the detail is then inside it).
            let chosenInPlace = column == .secondary && detailChosen && storyboardSecondaryRoot == nil
            if let existing, existing.spec?.id == saved.scene, !chosenInPlace {
                rebuilder.restore(existing, from: saved)
            } else if let rebuilt = rebuilder.rebuild(saved) {
                setViewController(rebuilt, for: column)
            }
        }
        if !detailChosen {
            storyboardSecondary = viewController(for: .secondary)
            storyboardSecondaryRoot = (storyboardSecondary as? NavigationController)?.viewControllers.first
        }
        if let name = contents.string("focusedColumn"), let column = Column(rawValue: name) { chosenColumn = column }
        if let count = contents.int("collapsedDetails"), count > 0, let stack = masterViewController as? NavigationController,
            count < stack.viewControllers.count
        {
            collapsedDetails = Array(stack.viewControllers.suffix(count))
        }
    }
}
