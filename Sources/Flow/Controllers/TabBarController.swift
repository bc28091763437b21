/// Tabs, each with its own controller (and so its own navigation stack).
open class TabBarController: ViewController {
    /// The tabs, in order.
    public private(set) var viewControllers: [ViewController] = []
    /// The selected tab's index.
    public private(set) var selectedIndex = 0

    public required init() { super.init() }

    public var selectedViewController: ViewController? {
        viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    /// Only the selected tab is on screen.
    open override var childrenOnScreen: [ViewController] { selectedViewController.map { [$0] } ?? [] }

    open override var contentChild: ViewController? { selectedViewController }

    open override var isContainer: Bool { true }

    /// Replaces the tabs (no appearance calls if the controller isn't on screen yet).
    public func setViewControllers(_ controllers: [ViewController]) {
        tracingTransition {
            if isVisible, let current = selectedViewController, let arriving = controllers.first, current !== arriving {
                application?.recordTransition(.setViewControllers, from: current, to: arriving)
            }
            change {
                self.setTabsSilently(controllers)
            }
        }
    }

    /// Selects a tab; each tab keeps its stack.
    public func select(_ index: Int) {
        guard viewControllers.indices.contains(index), index != selectedIndex else { return }
        tracingTransition {
            if let current = selectedViewController {
                application?.recordTransition(.tab, from: current, to: viewControllers[index])
            }
            change {
                self.selectedIndex = index
            }
        }
    }

    private func change(_ body: () -> Void) {
        transitionIfOnScreen(body)
    }

    func setTabsSilently(_ controllers: [ViewController]) {
        replaceChildren(with: controllers)
        viewControllers = controllers
        if !viewControllers.indices.contains(selectedIndex) { selectedIndex = 0 }
    }

    func selectSilently(_ child: ViewController) {
        if let index = viewControllers.firstIndex(where: { $0 === child }) { selectedIndex = index }
    }

    /// A tab's title: its tab bar item's, else the item's accessibility label (a tab with an
    /// image only), else its controller's.
    public func title(ofTab index: Int) -> String {
        guard viewControllers.indices.contains(index) else { return "" }
        let controller = viewControllers[index]
        if let title = controller.tabBarItem.title, !title.isEmpty { return title }
        if let label = controller.tabBarItem.accessibility.spokenLabel { return label }
        if let navigation = controller as? NavigationController,
            let title = navigation.viewControllers.first?.displayTitle
        {
            return title
        }
        return controller.displayTitle ?? controller.spec?.userLabel ?? "Item"
    }
}

extension ViewController {
    /// The nearest tab bar controller above this one.
    public var tabBarController: TabBarController? { nearestAncestor(TabBarController.self) }
}
