extension ViewController {
    /// Performs the segue with this identifier from code (a manual segue, or any segue of this
    /// scene). `shouldPerformSegue` is not asked, as in UIKit. An unknown identifier is
    /// reported as a warning.
    public func performSegue(withIdentifier identifier: String, sender: AnyObject?) {
        guard let segue = spec?.segues.first(where: { $0.identifier == identifier && $0.kind != .relationship }) else {
            application?.warn("\(debugName) has no segue with identifier \"\(identifier)\"")
            return
        }
        perform(segue, sender: sender, userInitiated: false)
    }

    /// Fires one of this scene's segues, by element id, as its trigger would (a key
    /// equivalent pressed): `shouldPerformSegue` is asked.
    public func triggerSegue(id: String, sender: AnyObject?) {
        guard let segue = spec?.segues.first(where: { $0.id == id && $0.kind != .relationship && $0.kind != .embed }) else {
            application?.warn("\(debugName) has no segue \(id)")
            return
        }
        perform(segue, sender: sender, userInitiated: true)
    }

    /// Fires the segues owned by an element (a cell, button or bar button item) as a tap
    /// would; returns how many it owns.
    @discardableResult
    func fireSegues(ownedBy elementID: String, sender: AnyObject?, accessory: Bool = false) -> Int {
        guard let spec else { return 0 }
        var count = 0
        for segue in spec.segues
        where segue.owner.elementID == elementID && segue.isAccessoryAction == accessory
            && segue.kind != .embed && segue.kind != .relationship
        {
            count += 1
            perform(segue, sender: sender, userInitiated: true)
        }
        return count
    }

    /// Whether an element owns a segue that a tap would fire.
    public func hasSegues(ownedBy elementID: String, accessory: Bool = false) -> Bool {
        spec?.segues.contains {
            $0.owner.elementID == elementID && $0.isAccessoryAction == accessory && $0.kind != .embed
                && $0.kind != .relationship
        } ?? false
    }

    /// Runs a triggered segue as one transition of the trace: should-perform,
    /// instantiation, prepare, perform. A refused segue is a transition too, so the trace
    /// says why nothing happened.
    func perform(_ segueSpec: SegueSpec, sender: AnyObject?, userInitiated: Bool) {
        guard let application, storyboard != nil else { return }
        application.tracingTransition(keptWithoutCause: true) {
            performTraced(segueSpec, sender: sender, userInitiated: userInitiated)
        }
    }

    private func performTraced(_ segueSpec: SegueSpec, sender: AnyObject?, userInitiated: Bool) {
        guard let application, let storyboard else { return }
        if userInitiated {
            let allowed = shouldPerformSegue(withIdentifier: segueSpec.identifier ?? "", sender: sender)
            application.trace.record(.shouldPerform(controller: debugName, identifier: segueSpec.identifier, result: allowed))
            guard allowed else { return }
        }
        if segueSpec.kind == .unwind {
            application.performUnwind(segueSpec, from: self, sender: sender)
            return
        }
        guard let destination = storyboard.instantiateController(id: segueSpec.destinationID) else {
            application.warn("segue \(segueSpec.identifier ?? segueSpec.id) has no destination")
            return
        }
        let segue = application.makeSegue(segueSpec, source: self, destination: destination)
        application.trace.record(.segue(SegueRecord(segue: segue)))
        application.trace.record(.prepare(controller: debugName, identifier: segueSpec.identifier))
        prepare(for: segue, sender: sender)
        application.withoutTransitionHeaders(segue.perform)
    }

    /// Runs the embed segues of this scene's container views, while the view loads.
    func performEmbedSegues() {
        guard let spec, let storyboard, let application, let root = viewStorage else { return }
        for segueSpec in spec.segues where segueSpec.kind == .embed {
            guard let containerID = segueSpec.owner.elementID,
                let container = root.viewWithID(containerID) as? ContainerView,
                let child = storyboard.instantiateController(id: segueSpec.destinationID)
            else { continue }
            let segue = application.makeSegue(segueSpec, source: self, destination: child)
            application.trace.record(.segue(SegueRecord(segue: segue)))
            application.trace.record(.prepare(controller: debugName, identifier: segueSpec.identifier))
            prepare(for: segue, sender: container)
            addChild(child)
            container.embeddedViewController = child
            child.loadViewIfNeeded()
        }
    }

    /// Shows a controller the adaptive way, as UIKit's `show`: this controller and the
    /// containers above it, nearest first, are asked in turn (`Container.showStep`): a
    /// navigation controller pushes it, a split view at the root shows it as its detail;
    /// when none takes it, it is presented.
    public func show(_ viewController: ViewController, sender: AnyObject?) {
        var node: ViewController? = self
        var child: ViewController = self
        while let current = node {
            if let container = current as? Container, container.showStep(viewController, from: child) { return }
            child = current
            node = current.parent
        }
        application?.trace.record(.note("show without a navigation controller presents \(viewController.debugName)"))
        present(viewController)
    }

    /// Shows a controller as a split view's detail, as UIKit's `showDetailViewController`:
    /// the containers above this controller, nearest first, are asked in turn
    /// (`Container.showDetailStep`; a split view takes it into its secondary column, or onto
    /// its stack when collapsed); when none takes it, it is shown as `show` shows.
    public func showDetailViewController(_ viewController: ViewController, sender: AnyObject?) {
        var node = parent
        while let current = node {
            if let container = current as? Container, container.showDetailStep(viewController) { return }
            node = current.parent
        }
        show(viewController, sender: sender)
    }

    // MARK: Presentation

    /// Presents a controller over this one's presentation context. When something is already
    /// presented, the new one goes on top of that chain.
    public func present(_ viewController: ViewController, completion: (() -> Void)? = nil) {
        guard let application else { return }
        var presenter = rootAncestor
        while let above = presenter.presentedStorage {
            presenter = above
        }
        if presenter !== rootAncestor {
            application.trace.record(.note("presenting from the top of the chain, \(presenter.debugName)"))
        }
        if viewController.applicationStorage == nil { viewController.applicationStorage = application }
        application.tracingTransition {
            application.recordTransition(.present, from: presenter, to: viewController)
            application.transition(.presentation) {
                presenter.presentedStorage = viewController
                viewController.presentingViewController = presenter
            }
        }
        completion?()
    }

    /// Dismisses what this controller's context presents, or, if it presents nothing, this
    /// controller's own presentation. Everything above goes with it.
    public func dismiss(completion: (() -> Void)? = nil) {
        guard let application else { return }
        let context = rootAncestor
        let target: ViewController
        if let presented = context.presentedStorage {
            target = presented
        } else if context.presentingViewController != nil {
            target = context
        } else {
            application.warn("\(debugName) has nothing to dismiss")
            return
        }
        application.tracingTransition {
            if let presenter = target.presentingViewController {
                application.recordTransition(.dismiss, from: Application.visibleTop(of: application.presentationLayers.last?.controller ?? target), to: presenter)
            }
            application.transition(.presentation) {
                target.presentingViewController?.presentedStorage = nil
                target.presentingViewController = nil
            }
        }
        completion?()
    }
}
