/// Pages shown one at a time, turned by the user (a swipe on iOS, ← and → in a terminal).
///
/// A storyboard never gives a page view controller its pages: its code sets the first with
/// `setViewControllers` and a data source gives the ones before and after. One made from a
/// file alone is therefore empty, as UIKit shows it until code sets a page; the shell says
/// that its pages come from code.
open class PageViewController: ViewController {
    /// The direction a page turns, as UIKit's `NavigationDirection`.
    public enum NavigationDirection: Sendable {
        case forward, reverse
    }

    /// The pages on screen (one, in a terminal), first the one shown.
    public private(set) var viewControllers: [ViewController] = []
    /// Gives the pages before and after the one shown, and how many there are.
    public weak var dataSource: PageViewControllerDataSource?

    public required init() { super.init() }

    /// The page shown (a terminal shows one at a time).
    open override var childrenOnScreen: [ViewController] { viewControllers.first.map { [$0] } ?? [] }

    open override var contentChild: ViewController? { viewControllers.first }

    open override var isContainer: Bool { true }

    /// Shows `controllers` as the current pages, with appearance calls once on screen.
    public func setViewControllers(_ controllers: [ViewController], direction: NavigationDirection = .forward) {
        transitionIfOnScreen {
            self.replaceChildren(with: controllers)
            self.viewControllers = controllers
        }
    }

    /// Turns to the next page (`.forward`) or the previous one, as a swipe does: the data
    /// source gives it. False when there is none that way (or no data source).
    @discardableResult
    public func turnPage(_ direction: NavigationDirection) -> Bool {
        guard let current = viewControllers.first, let dataSource else { return false }
        let next = direction == .forward
            ? dataSource.pageViewController(self, viewControllerAfter: current)
            : dataSource.pageViewController(self, viewControllerBefore: current)
        guard let next, next !== current else { return false }
        tracingTransition {
            application?.recordTransition(.page, from: current, to: next)
            setViewControllers([next], direction: direction)
        }
        return true
    }

    /// The number of pages and the one shown, for page dots, when the data source tells
    /// them (as UIKit's `presentationCount` and `presentationIndex`); nil when it does not.
    public var pagePosition: (index: Int, count: Int)? {
        guard let dataSource, let count = dataSource.presentationCount(for: self), count > 0 else { return nil }
        let index = dataSource.presentationIndex(for: self) ?? 0
        return (min(max(index, 0), count - 1), count)
    }
}

/// Gives a page view controller its pages, as UIKit's `UIPageViewControllerDataSource`.
public protocol PageViewControllerDataSource: AnyObject {
    /// The page before `viewController`, nil at the first.
    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController) -> ViewController?
    /// The page after `viewController`, nil at the last.
    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController) -> ViewController?
    /// How many pages there are, for the page dots; nil shows none.
    func presentationCount(for pageViewController: PageViewController) -> Int?
    /// Which page shows, for the page dots.
    func presentationIndex(for pageViewController: PageViewController) -> Int?
}

extension PageViewControllerDataSource {
    public func presentationCount(for pageViewController: PageViewController) -> Int? { nil }
    public func presentationIndex(for pageViewController: PageViewController) -> Int? { nil }
}

extension ViewController {
    /// The page view controller this controller is a page of (or is), if any.
    public var pageViewController: PageViewController? {
        (self as? PageViewController) ?? nearestAncestor(PageViewController.self)
    }
}
