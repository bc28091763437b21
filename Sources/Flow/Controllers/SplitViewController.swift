/// Columns side by side: a primary (master), an optional supplementary (the middle of a
/// three-column split view), a secondary (detail), and a controller for compact screens.
///
/// As on iOS, the window's width decides how it shows. On a regular-width window (an iPad, a
/// wide terminal) it is expanded: its columns side by side, one of them focused, which takes
/// the keys. On a compact one (an iPhone, a narrow terminal) it is collapsed into one stack:
/// the compact column's controller when the storyboard gives one, else the primary, with a
/// detail shown from it pushed onto the primary's navigation stack. A window resized across
/// the threshold rearranges it (`adapt(to:)`): a detail the user chose moves from the
/// secondary column onto the primary's stack and back.
///
/// When a collapsed split view has no detail chosen, it shows the primary: what the
/// storyboard puts in the secondary column is the "nothing selected" placeholder, and
/// apps ask UIKit (through `collapseSecondary`) to leave it out, as the templates do.
open class SplitViewController: ViewController, SizeClassAdapting {
    /// A column's role, as UIKit's `UISplitViewController.Column`.
    public enum Column: String, Sendable, CaseIterable {
        /// `masterViewController`: the leading column.
        case primary
        /// `supplementaryViewController`: the middle column of three.
        case supplementary
        /// `detailViewController`: the main content.
        case secondary
        /// `compactViewController`: shown instead of the columns on a compact screen.
        case compact

        /// The column a storyboard relationship fills, if it is a split view's.
        public init?(_ relationship: RelationshipKind) {
            switch relationship {
            case .masterViewController: self = .primary
            case .supplementaryViewController: self = .supplementary
            case .detailViewController: self = .secondary
            case .compactViewController: self = .compact
            case .rootViewController, .viewControllers: return nil
            }
        }
    }

    private var roles: [(column: Column, controller: ViewController)] = []
    /// The column the user last gave the keys to.
    var chosenColumn: Column = .primary
    /// The column that takes the keys: the one the user chose, when it is on screen, else the
    /// first on screen.
    public var focusedColumn: Column {
        let columns = visibleColumns
        return columns.contains(chosenColumn) ? chosenColumn : (columns.first ?? chosenColumn)
    }
    /// The controllers a collapsed split view pushed onto the primary's stack as details,
    /// bottom first: on expanding they go back to the secondary column.
    var collapsedDetails: [ViewController] = []

    public required init() { super.init() }

    /// The controller of `column`, if the split view has one.
    public func viewController(for column: Column) -> ViewController? {
        roles.first { $0.column == column && $0.controller.parent === self }?.controller
    }

    /// The master: the primary column's controller, else the first child.
    public var masterViewController: ViewController? { viewController(for: .primary) ?? children.first }

    /// Whether the split view shows one stack (a compact window) rather than columns.
    public var isCollapsed: Bool { (application?.horizontalSizeClass ?? .compact) == .compact }

    /// The columns on screen, leading first: the compact column or the primary when
    /// collapsed; every column that has a controller when expanded.
    public var visibleColumns: [Column] {
        if isCollapsed {
            return viewController(for: .compact) != nil ? [.compact] : (masterViewController != nil ? [.primary] : [])
        }
        let columns = [Column.primary, .supplementary, .secondary].filter { viewController(for: $0) != nil }
        if columns.isEmpty, masterViewController != nil { return [.primary] }
        return columns
    }

    /// The controller shown in `column` (the primary falls back to the first child).
    public func controller(showing column: Column) -> ViewController? {
        column == .primary ? masterViewController : viewController(for: column)
    }

    open override var childrenOnScreen: [ViewController] { visibleColumns.compactMap(controller(showing:)) }

    /// The focused column's controller: the screen the keys go to.
    open override var contentChild: ViewController? { controller(showing: focusedColumn) }

    open override var isContainer: Bool { true }

    open override var adaptsToSizeClass: Bool { true }

    /// Makes `controller` the controller of `column` (no appearance calls; while the split
    /// view is set up).
    public func setViewController(_ controller: ViewController, for column: Column) {
        if let old = viewController(for: column), old !== controller { old.removeFromParent() }
        roles.removeAll { $0.column == column }
        roles.append((column, controller))
        if controller.parent !== self { addChild(controller) }
    }

    /// Gives the keys to `column`, when it is on screen. True when the focus moved.
    @discardableResult
    public func focus(_ column: Column) -> Bool {
        guard visibleColumns.contains(column), column != focusedColumn else { return false }
        chosenColumn = column
        application?.trace.record(.note("the \(column.rawValue) column of \(debugName) has the focus"))
        return true
    }

    /// Moves the focus to the next column (`offset` 1) or the previous one (-1), round the
    /// columns on screen. False when only one column shows.
    @discardableResult
    public func focusColumn(offset: Int) -> Bool {
        let columns = visibleColumns
        guard columns.count > 1 else { return false }
        let current = columns.firstIndex(of: focusedColumn) ?? 0
        let next = ((current + offset) % columns.count + columns.count) % columns.count
        return focus(columns[next])
    }

    /// Shows a detail controller, as UIKit's `showDetailViewController`: expanded, it
    /// replaces what the secondary column shows (inside the column's navigation controller,
    /// when it has one, so the detail keeps a bar and can push); collapsed, it is pushed onto
    /// the primary's navigation stack, else presented.
    public func showDetail(_ detail: ViewController) {
        if isCollapsed {
            guard let navigation = masterViewController as? NavigationController else {
                present(detail)
                return
            }
            let count = navigation.viewControllers.count
            navigation.pushViewController(detail)
            let pushed = navigation.viewControllers.dropFirst(count)
            // A detail shown over a detail stays in the same chain, as the column would.
            if let first = collapsedDetails.first, !pushed.isEmpty,
                let index = navigation.viewControllers.firstIndex(where: { $0 === first })
            {
                collapsedDetails = Array(navigation.viewControllers[index...])
            } else {
                collapsedDetails = Array(pushed)
            }
            return
        }
        tracingTransition {
            if let old = viewController(for: .secondary) {
                application?.recordTransition(.showDetail, from: Application.visibleTop(of: old), to: detail)
            }
            transitionIfOnScreen {
                self.replaceSecondary(with: [detail])
            }
        }
    }

    /// Puts `controllers` in the secondary column: as the stack of the column's navigation
    /// controller when it has one and they are not a navigation controller themselves, else
    /// the first of them as the column's controller.
    private func replaceSecondary(with controllers: [ViewController]) {
        guard let first = controllers.first else { return }
        if let navigation = viewController(for: .secondary) as? NavigationController, !(first is NavigationController) {
            navigation.setStackSilently(controllers)
        } else if controllers.count > 1 {
            setViewController(NavigationController.silently(holding: controllers), for: .secondary)
        } else {
            setViewController(first, for: .secondary)
        }
    }

    /// Rearranges the columns for a new width class, inside the application's transition:
    /// collapsing pushes the chosen detail onto the primary's stack; expanding takes the
    /// details pushed there back into the secondary column (or gives the column back what
    /// the storyboard put there, when the user went back from them).
    func adapt(to sizeClass: SizeClass) {
        guard let navigation = masterViewController as? NavigationController else { return }
        if sizeClass == .compact {
            guard viewController(for: .compact) == nil, let detail = shownDetail else { return }
            let controllers: [ViewController]
            if let stack = detail as? NavigationController {
                controllers = stack.viewControllers
                stack.setStackSilently([])
            } else {
                controllers = [detail]
                roles.removeAll { $0.controller === detail }
            }
            navigation.setStackSilently(navigation.viewControllers + controllers)
            collapsedDetails = controllers
            return
        }
        defer { collapsedDetails = [] }
        if let first = collapsedDetails.first,
            let index = navigation.viewControllers.firstIndex(where: { $0 === first }), index > 0
        {
            let details = Array(navigation.viewControllers[index...])
            navigation.setStackSilently(Array(navigation.viewControllers[..<index]))
            replaceSecondary(with: details)
            chosenColumn = .secondary
        } else {
            restoreStoryboardSecondary()
        }
    }

    /// Gives the secondary column back what the storyboard put there, when what it showed
    /// went onto the primary's stack and was popped from it; a column left with nothing to
    /// show is closed rather than shown empty.
    private func restoreStoryboardSecondary() {
        let current = viewController(for: .secondary)
        guard current.map(Self.isEmptyStack) ?? true else { return }
        if let original = storyboardSecondary, original.parent == nil || original.parent === self {
            if let stack = original as? NavigationController, stack.viewControllers.isEmpty,
                let root = storyboardSecondaryRoot, root.parent == nil
            {
                stack.setStackSilently([root])
            }
            if !Self.isEmptyStack(original) {
                if original !== current { setViewController(original, for: .secondary) }
                return
            }
        }
        if let current {
            current.removeFromParent()
            roles.removeAll { $0.controller === current }
        }
    }

    /// Whether `controller` is a navigation controller with nothing in its stack.
    private static func isEmptyStack(_ controller: ViewController) -> Bool {
        (controller as? NavigationController)?.viewControllers.isEmpty == true
    }

    /// The detail the user chose in the secondary column (a controller other than the one the
    /// storyboard put there, or a stack other than its root alone), nil when it shows the
    /// storyboard's own.
    var shownDetail: ViewController? {
        guard let secondary = viewController(for: .secondary) else { return nil }
        if let stack = secondary as? NavigationController {
            guard let root = stack.viewControllers.first,
                root !== storyboardSecondaryRoot || stack.viewControllers.count > 1
            else { return nil }
            return stack
        }
        return secondary === storyboardSecondary ? nil : secondary
    }

    /// What the storyboard put in the secondary column, and the root of its stack: what a
    /// collapsed split view leaves out, and what the column shows again when expanded.
    var storyboardSecondary: ViewController?
    var storyboardSecondaryRoot: ViewController?

    /// Notes what the storyboard put in the columns, once they are set up.
    func finishSetUp() {
        storyboardSecondary = viewController(for: .secondary)
        storyboardSecondaryRoot = (storyboardSecondary as? NavigationController)?.viewControllers.first
    }
}

extension NavigationController {
    /// A navigation controller holding `controllers`, made without appearance calls.
    static func silently(holding controllers: [ViewController]) -> NavigationController {
        let navigation = NavigationController()
        navigation.setStackSilently(controllers)
        return navigation
    }
}

extension ViewController {
    /// The nearest split view controller above this one.
    public var splitViewController: SplitViewController? { nearestAncestor(SplitViewController.self) }
}
