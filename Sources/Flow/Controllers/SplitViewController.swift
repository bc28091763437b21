/// Columns side by side: a primary (master), an optional supplementary (the middle of a
/// three-column split view), a secondary (detail), and a controller for compact screens.
///
/// A terminal is always compact: the primary shows, and a detail shown from it is pushed onto
/// the primary's navigation stack. Every column's controller is a child, with its role kept.
open class SplitViewController: ViewController {
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

    public required init() { super.init() }

    /// The controller of `column`, if the split view has one.
    public func viewController(for column: Column) -> ViewController? {
        roles.first { $0.column == column && $0.controller.parent === self }?.controller
    }

    /// The master: the primary column's controller, else the first child.
    public var masterViewController: ViewController? { viewController(for: .primary) ?? children.first }

    /// A compact screen shows the master alone.
    open override var childrenOnScreen: [ViewController] { masterViewController.map { [$0] } ?? [] }

    open override var contentChild: ViewController? { masterViewController }

    open override var isContainer: Bool { true }

    /// Makes `controller` the controller of `column` (no appearance calls; while the split
    /// view is set up).
    public func setViewController(_ controller: ViewController, for column: Column) {
        if let old = viewController(for: column), old !== controller { old.removeFromParent() }
        roles.removeAll { $0.column == column }
        roles.append((column, controller))
        if controller.parent !== self { addChild(controller) }
    }

    /// Shows a detail controller: pushed onto the master's navigation stack, else presented.
    public func showDetail(_ viewController: ViewController) {
        if let navigation = (masterViewController as? NavigationController) {
            navigation.pushViewController(viewController)
        } else {
            present(viewController)
        }
    }
}
