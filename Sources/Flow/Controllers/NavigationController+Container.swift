/// A navigation stack as a container: its node is the stack, root first; it saves the stack
/// up to the first controller that can't be saved.
extension NavigationController: Container {
    var nodeKind: NavigationState.Node.Kind { .navigation }
    var isOfTheKindsOwnClass: Bool { type(of: self) == NavigationController.self }

    /// The root the storyboard names is the stack; a stack with no root relationship at all
    /// gets one from code.
    func adoptStoryboardChildren(_ children: StoryboardChildren, declared: [SegueSpec]) {
        if let root = children.first?.controller {
            setStackSilently([root])
        } else if !declared.contains(where: { $0.relationship == .rootViewController }) {
            rootComesFromCode = true
        }
    }

    func encodeContents(into contents: inout RestorationArchive.Contents, with encoder: RestorationEncoder) {
        var stack: [RestorationArchive.Node] = []
        for child in viewControllers {
            guard let encoded = encoder.encode(child) else { break }
            stack.append(encoded)
        }
        contents.set(stack, forKey: "stack")
        // An emptied stack (the secondary column of a collapsed split view, its detail moved
        // onto the primary's) is told apart from one whose root can't be saved.
        if viewControllers.isEmpty { contents.set(true, forKey: "emptyStack") }
    }

    func restoreContents(from contents: RestorationArchive.Contents, with rebuilder: RestorationRebuilder) {
        if contents.bool("emptyStack") == true {
            setStackSilently([])
            return
        }
        guard let stack = contents.nodes("stack"), !stack.isEmpty else { return }
        let children = stack.compactMap(rebuilder.rebuild)
        if !children.isEmpty { setStackSilently(children) }
    }

    /// A stack emptied is wrong on screen; one the storyboard left without a root, which has
    /// never held one, is legal: UIKit shows its empty bar.
    func emptinessProblem(checking check: (ViewController) -> String?) -> String? {
        guard let top = topViewController else {
            if rootComesFromCode, !hasHeldControllers { return nil }
            return "the navigation stack of \(debugName) is empty"
        }
        return check(top)
    }

    /// Pops what is above `child`.
    func revealSilently(_ child: ViewController) {
        guard let index = viewControllers.firstIndex(where: { $0 === child }) else { return }
        setStackSilently(Array(viewControllers[...index]))
    }

    /// The controllers above `child` in the stack.
    func controllersRemoved(byRevealing child: ViewController) -> [ViewController] {
        guard let index = viewControllers.firstIndex(where: { $0 === child }) else { return [] }
        return Array(viewControllers[(index + 1)...])
    }

    /// `show` from anywhere inside the stack (or from the stack itself) pushes.
    func showStep(_ controller: ViewController, from child: ViewController) -> Bool {
        pushViewController(controller)
        return true
    }
}
