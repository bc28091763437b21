/// A stack of controllers with a navigation bar: push, pop, and a back button titled after
/// the controller below.
open class NavigationController: ViewController {
    /// The stack, root first.
    public private(set) var viewControllers: [ViewController] = []
    /// Whether the storyboard gives this controller no root: its content is set up in code
    /// (a custom segue loading another storyboard, say). UIKit then shows an empty bar.
    public internal(set) var rootComesFromCode = false
    /// Whether the stack has ever held a controller. An empty stack is legal only for a
    /// controller the storyboard left empty that has never held one.
    public private(set) var hasHeldControllers = false
    /// Whether the toolbar along the bottom is hidden: it is unless the storyboard shows it
    /// (see `ControllerSpec.showsToolbar`), as UIKit's is.
    public var isToolbarHidden: Bool {
        get { toolbarHiddenByCode ?? !(spec?.showsToolbar ?? false) }
        set { toolbarHiddenByCode = newValue }
    }
    private var toolbarHiddenByCode: Bool?

    public required init() { super.init() }

    /// A navigation controller with a root, as UIKit's `init(rootViewController:)`.
    public convenience init(rootViewController: ViewController) {
        self.init()
        setStackSilently([rootViewController])
    }

    public var topViewController: ViewController? { viewControllers.last }

    /// Only the top of the stack is on screen.
    open override var childrenOnScreen: [ViewController] { topViewController.map { [$0] } ?? [] }

    open override var contentChild: ViewController? { topViewController }

    open override var isContainer: Bool { true }

    /// The top controller, or what it presents.
    public var visibleViewController: ViewController? {
        presentedViewController ?? topViewController
    }

    /// The back button's title for the top controller: the previous controller's back title
    /// if it set one (empty: an arrow alone), else its displayed title, else "Back".
    public var backButtonTitle: String? {
        guard viewControllers.count > 1 else { return nil }
        let previous = viewControllers[viewControllers.count - 2]
        if let back = previous.navigationItem.backButtonTitle { return back }
        if let title = previous.displayTitle, !title.isEmpty { return title }
        return "Back"
    }

    public func pushViewController(_ viewController: ViewController) {
        guard !viewControllers.contains(where: { $0 === viewController }) else {
            application?.warn("\(viewController.debugName) is already in the navigation stack")
            return
        }
        tracingTransition {
            if let nested = viewController as? NavigationController {
                pushContents(of: nested)
                return
            }
            if let top = topViewController { application?.recordTransition(.push, from: top, to: viewController) }
            transition {
                self.setStackSilently(self.viewControllers + [viewController])
            }
        }
    }

    /// A navigation controller can't be pushed onto another (UIKit refuses it). A show
    /// segue to one from inside a stack, or a split view's detail on a compact screen,
    /// pushes its controllers instead, as a collapsed split view does; one with nothing to
    /// push (its root comes from code) is presented, so Esc can close it.
    private func pushContents(of nested: NavigationController) {
        let controllers = nested.viewControllers
        guard !controllers.isEmpty else {
            application?.trace.record(.note("\(nested.debugName) has no controllers to push: presenting it instead"))
            present(nested)
            return
        }
        application?.trace.record(.note("a navigation controller can't be pushed: pushing what \(nested.debugName) holds instead"))
        if let top = topViewController, let arriving = controllers.last {
            application?.recordTransition(.push, from: top, to: arriving)
        }
        nested.setStackSilently([])
        transition {
            self.setStackSilently(self.viewControllers + controllers)
        }
    }

    /// Pops the top controller; the root is never popped.
    @discardableResult
    public func popViewController() -> ViewController? {
        guard viewControllers.count > 1, let top = viewControllers.last else { return nil }
        tracingTransition {
            application?.recordTransition(.pop, from: top, to: viewControllers[viewControllers.count - 2])
            transition {
                self.setStackSilently(Array(self.viewControllers.dropLast()))
            }
        }
        return top
    }

    /// Pops everything above the root.
    @discardableResult
    public func popToRootViewController() -> [ViewController] {
        guard let root = viewControllers.first else { return [] }
        return popToViewController(root)
    }

    /// Pops everything above `viewController`, in one transition.
    @discardableResult
    public func popToViewController(_ viewController: ViewController) -> [ViewController] {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else {
            application?.warn("\(viewController.debugName) is not in the navigation stack")
            return []
        }
        let popped = Array(viewControllers[(index + 1)...])
        guard !popped.isEmpty, let top = viewControllers.last else { return [] }
        tracingTransition {
            application?.recordTransition(index == 0 ? .popToRoot : .pop, from: top, to: viewController)
            transition {
                self.setStackSilently(Array(self.viewControllers[...index]))
            }
        }
        return popped
    }

    /// Replaces the whole stack in one transition between the old and the new top.
    public func setViewControllers(_ controllers: [ViewController]) {
        guard !controllers.isEmpty else {
            application?.warn("a navigation stack can't be empty")
            return
        }
        tracingTransition {
            if isVisible, let top = topViewController, let arriving = controllers.last, top !== arriving {
                application?.recordTransition(.setViewControllers, from: top, to: arriving)
            }
            transition {
                self.setStackSilently(controllers)
            }
        }
    }

    private func transition(_ change: () -> Void) {
        transitionIfOnScreen(change)
    }

    /// Changes the stack with no appearance calls (for set-up and unwinding).
    func setStackSilently(_ controllers: [ViewController]) {
        if !controllers.isEmpty { hasHeldControllers = true }
        replaceChildren(with: controllers)
        viewControllers = controllers
    }

    /// Offers its children top of stack first, skipping the one holding the source.
    open override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        let excluded = childContaining(source)
        return viewControllers.reversed().filter { $0 !== excluded }
    }
}

extension ViewController {
    /// The nearest navigation controller above this one (itself excluded).
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }
}
