/// A page control (UIKit's `UIPageControl`): a dot per page, the current one filled.
public final class PageControl: Control {
    /// How many pages there are; the current page stays among them.
    public var numberOfPages: Int {
        didSet {
            numberOfPages = max(0, numberOfPages)
            currentPage = min(currentPage, max(0, numberOfPages - 1))
        }
    }
    /// The page shown, from 0.
    public var currentPage: Int {
        didSet { currentPage = min(max(currentPage, 0), max(0, numberOfPages - 1)) }
    }

    public init(id: String, spec: ViewSpec? = nil, numberOfPages: Int, currentPage: Int = 0) {
        let pages = max(0, numberOfPages)
        self.numberOfPages = pages
        self.currentPage = min(max(currentPage, 0), max(0, pages - 1))
        super.init(id: id, spec: spec)
    }

    public override var primaryEvent: ControlEvent { .valueChanged }

    /// Goes to another page as a tap beside the dots would, sending `valueChanged`.
    public func select(page: Int) {
        guard (0..<numberOfPages).contains(page), page != currentPage else { return }
        currentPage = page
        sendActions(for: .valueChanged)
    }
}
