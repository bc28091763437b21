extension Application {
    /// What is wrong with the hierarchy now, one line per problem; empty when every promise
    /// of the runtime holds. The monkey checks this after every event and tests may call it
    /// after any transition.
    ///
    /// The promises: there is a root and a top controller; every child's `parent` is the
    /// container that holds it and no controller is held twice; each presentation points
    /// back at its presenter; no container on screen is empty where UIKit could not be (a
    /// navigation stack emptied by code, a tab bar with tabs and none selected); and the
    /// controllers on screen are exactly those that had `viewDidAppear` and not
    /// `viewWillDisappear`, with their views loaded.
    public var invariantViolations: [String] {
        var problems: [String] = []
        let layers = presentationLayers
        guard !layers.isEmpty else { return ["nothing is presented: the application has no root"] }
        if topViewController == nil { problems.append("there is no top view controller") }
        var seen = Set<ObjectIdentifier>()
        func walk(_ controller: ViewController) {
            if !seen.insert(ObjectIdentifier(controller)).inserted {
                problems.append("\(controller.debugName) is in the hierarchy twice")
                return
            }
            for child in controller.children {
                if child.parent !== controller {
                    problems.append("\(child.debugName) is a child of \(controller.debugName) but names another parent")
                }
                walk(child)
            }
        }
        for (index, layer) in layers.enumerated() {
            walk(layer.controller)
            if let problem = Self.emptyContainer(in: layer.controller) { problems.append(problem) }
            if index > 0 {
                let presenter = layers[index - 1].controller
                let presentedBy = layer.controller.presentingViewController
                if presentedBy.map({ $0.rootAncestor !== presenter.rootAncestor }) ?? true {
                    problems.append("\(layer.controller.debugName) is presented but does not name \(presenter.debugName) as its presenter")
                }
            }
        }
        let visible = visibleControllers
        let visibleIDs = Set(visible.map(ObjectIdentifier.init))
        for controller in visible {
            if !controller.isViewLoaded { problems.append("\(controller.debugName) is on screen without its view loaded") }
            if !controller.isVisible { problems.append("\(controller.debugName) is on screen but never got viewDidAppear") }
        }
        for controller in allControllers where controller.isVisible && !visibleIDs.contains(ObjectIdentifier(controller)) {
            problems.append("\(controller.debugName) is off screen but never got viewWillDisappear")
        }
        return problems
    }

    /// A container on screen with nothing to show: a navigation stack emptied, or a tab bar
    /// with tabs and none selected. A navigation controller the storyboard left without a
    /// root, which has never held one, is legal: UIKit shows its empty bar. So is a tab bar
    /// the storyboard gives no tabs (code fills it).
    static func emptyContainer(in controller: ViewController) -> String? {
        if let container = controller as? any Container {
            return container.emptinessProblem(checking: emptyContainer(in:))
        }
        for child in controller.childrenOnScreen {
            if let problem = emptyContainer(in: child) { return problem }
        }
        return nil
    }
}
