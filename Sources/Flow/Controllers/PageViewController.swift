/// Pages shown one at a time. A storyboard never gives it pages (its data source fills them
/// in code), so one made from a file is empty, as UIKit shows it until code sets a page.
open class PageViewController: ViewController {
    /// The pages on screen (one, in a terminal), first the one shown.
    public private(set) var viewControllers: [ViewController] = []

    public required init() { super.init() }

    /// The page shown (a terminal shows one at a time).
    open override var childrenOnScreen: [ViewController] { viewControllers.first.map { [$0] } ?? [] }

    open override var contentChild: ViewController? { viewControllers.first }

    open override var isContainer: Bool { true }

    /// Shows `controllers` as the current pages, with appearance calls once on screen.
    public func setViewControllers(_ controllers: [ViewController]) {
        transitionIfOnScreen {
            self.replaceChildren(with: controllers)
            self.viewControllers = controllers
        }
    }
}
