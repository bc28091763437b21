/// Where an unwind would go, and through which controllers: the answer of a dry run.
public struct UnwindPlan {
    /// The controller whose unwind action runs.
    public let destination: ViewController
    /// Every controller the search visited, in order (the last is the destination).
    public let searched: [ViewController]
    /// The controllers the transition removes (popped or dismissed), top first.
    public let removed: [ViewController]
}

extension Application {
    /// Finds the destination of an unwind action from `source`, without performing anything:
    /// up the parent and presenting chain, looking into each node's allowed children first.
    public func unwindPlan(action: String, from source: ViewController, sender: AnyObject? = nil) -> UnwindPlan? {
        let request = UnwindSegueSource(source: source, unwindAction: action, sender: sender)
        var searched: [ViewController] = []
        var node: ViewController? = source
        var visited = Set<ObjectIdentifier>()
        while let current = node {
            if let found = search(current, request, &searched, &visited) {
                return UnwindPlan(destination: found, searched: searched, removed: removedControllers(from: source, to: found))
            }
            node = current.parent ?? current.presentingViewController
        }
        return nil
    }

    private func search(
        _ controller: ViewController, _ request: UnwindSegueSource,
        _ searched: inout [ViewController], _ visited: inout Set<ObjectIdentifier>
    ) -> ViewController? {
        guard visited.insert(ObjectIdentifier(controller)).inserted else { return nil }
        for child in controller.allowedChildrenForUnwinding(from: request) {
            if let found = search(child, request, &searched, &visited) { return found }
        }
        searched.append(controller)
        if controller.canPerformUnwindSegueAction(request.unwindAction, from: request.source, sender: request.sender) {
            return controller
        }
        return nil
    }

    /// What an unwind from `source` to `destination` tears down: presentations above the
    /// destination's context, and the controllers above the destination in its stacks.
    private func removedControllers(from source: ViewController, to destination: ViewController) -> [ViewController] {
        let before = allControllers
        var keep: [ViewController] = []
        let context = destination.rootAncestor
        // Everything in the destination's context and below it stays, minus what is popped.
        for (layer, _) in presentationLayers {
            func walk(_ controller: ViewController) -> [ViewController] {
                [controller] + controller.children.flatMap(walk)
            }
            keep += walk(layer)
            if layer === context { break }
        }
        var child = destination
        while let parent = child.parent {
            if let popped = (parent as? any Container)?.controllersRemoved(byRevealing: child), !popped.isEmpty {
                keep.removeAll { kept in popped.contains { popped in popped === kept || kept.isDescendant(of: popped) } }
            }
            child = parent
        }
        return before.filter { controller in !keep.contains { $0 === controller } }.reversed()
    }

    /// Runs an unwind segue: search, prepare on the source, the destination's unwind action,
    /// then one transition. With no destination, nothing happens but a warning, unless no
    /// registered class declares the action at all: then the source goes back one level.
    func performUnwind(_ spec: SegueSpec, from source: ViewController, sender: AnyObject?) {
        guard let action = spec.unwindAction, !action.isEmpty else {
            warn("unwind segue \(spec.identifier ?? spec.id) names no unwind action")
            return
        }
        guard let plan = unwindPlan(action: action, from: source, sender: sender) else {
            if registryDeclaresUnwindAction(action) {
                warn("no controller on the way back from \(source.debugName) handles \(action)")
            } else {
                warn("no class declares the unwind action \(action); going back one level")
                goBackOneLevel(from: source)
            }
            return
        }
        let segue = makeSegue(spec, source: source, destination: plan.destination)
        trace.record(.segue(SegueRecord(segue: segue)))
        trace.record(.prepare(controller: source.debugName, identifier: spec.identifier))
        source.prepare(for: segue, sender: sender)
        trace.record(.unwindAction(controller: plan.destination.debugName, action: action))
        type(of: plan.destination).actionTable.unwindActions[action]?(plan.destination, segue)
        withoutTransitionHeaders(segue.perform)
    }

    /// Finishes an unwind segue's transition (the standard `perform` of an unwind segue).
    func completeUnwind(_ segue: StoryboardSegue) {
        let destination = segue.destination
        let crossesPresentation = destination.rootAncestor.presentedStorage != nil
        transition(crossesPresentation ? .presentation : .navigation) {
            let context = destination.rootAncestor
            if let presented = context.presentedStorage {
                presented.presentingViewController = nil
                context.presentedStorage = nil
            }
            var child = destination
            while let parent = child.parent {
                (parent as? any Container)?.revealSilently(child)
                child = parent
            }
        }
    }

    /// The fallback of an unwind nobody can take: pop one level, else dismiss.
    func goBackOneLevel(from source: ViewController) {
        if let navigation = source.navigationController, navigation.viewControllers.count > 1 {
            navigation.popViewController()
        } else if source.rootAncestor.presentingViewController != nil {
            source.dismiss()
        }
    }

    /// Whether any registered controller class declares this unwind action.
    func registryDeclaresUnwindAction(_ action: String) -> Bool {
        allControllers.contains { type(of: $0).actionTable.declaresUnwindAction(action) }
            || registry.declaresUnwindAction(action)
    }
}

extension ViewController {
    /// Whether this controller sits, at any depth, inside `ancestor` (children only).
    func isDescendant(of ancestor: ViewController) -> Bool {
        var node = parent
        while let current = node {
            if current === ancestor { return true }
            node = current.parent
        }
        return false
    }
}
