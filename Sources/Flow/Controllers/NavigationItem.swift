/// A controller's navigation bar content: title, back title, and bar button items.
public final class NavigationItem {
    public var title: String?
    /// The title the next controller's back button shows, when set.
    public var backButtonTitle: String?
    public var hidesBackButton = false
    /// A view shown in the bar in place of the title (a segmented control, a label).
    public var titleView: View?
    /// The storyboard's title view, built when the owner's view loads (it needs the owner).
    var titleViewSpec: ViewSpec?
    public var leftBarButtonItems: [BarButtonItem] {
        didSet { adopt(leftBarButtonItems) }
    }
    public var rightBarButtonItems: [BarButtonItem] {
        didSet { adopt(rightBarButtonItems) }
    }
    /// The controller whose bar shows this item; its items send actions there.
    weak var owner: ViewController? {
        didSet { adopt(allItems) }
    }

    private func adopt(_ items: [BarButtonItem]) {
        for item in items { item.owner = owner }
    }

    public init(title: String? = nil) {
        self.title = title
        self.leftBarButtonItems = []
        self.rightBarButtonItems = []
    }

    init(spec: NavigationItemSpec) {
        self.title = spec.title
        self.backButtonTitle = spec.backButtonTitle
        self.titleViewSpec = spec.titleView
        self.leftBarButtonItems = spec.leftItems.map(BarButtonItem.init(spec:))
        self.rightBarButtonItems = spec.rightItems.map(BarButtonItem.init(spec:))
    }

    /// The single left item, as UIKit's `leftBarButtonItem`.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    /// The single right item, as UIKit's `rightBarButtonItem`.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    /// Left then right items.
    public var allItems: [BarButtonItem] { leftBarButtonItems + rightBarButtonItems }
}

/// A button in a navigation bar: fires its actions and segues on its controller.
public final class BarButtonItem {
    /// The storyboard element id (or a generated one for items made in code).
    public let id: String
    public var title: String?
    public var systemItem: BarButtonSystemItem?
    /// The item's image, shown when it has no title.
    public var image: Image?
    public var isEnabled = true
    /// A key that presses this item (`keyEquivalent` runtime attribute), beside the defaults.
    public var keyEquivalent: String?
    /// Action selectors sent to the owning controller.
    public var actionSelectors: [String]
    /// Whether the item has the bold "done" style, which confirms and closes a screen.
    public var isDoneStyle = false
    /// What a screen reader says for the item.
    public var accessibility = Accessibility()
    /// A closure run when the item is pressed, for items made in code.
    public var handler: (() -> Void)?
    weak var owner: ViewController? {
        didSet { customView?.setOwner(owner) }
    }
    /// The control the item shows in its place, when the storyboard gives it one (a
    /// segmented control in a toolbar); it takes the focus and the keys as any control does.
    public private(set) var customView: View?

    public init(id: String, title: String? = nil, systemItem: BarButtonSystemItem? = nil, handler: (() -> Void)? = nil) {
        self.id = id
        self.title = title
        self.systemItem = systemItem
        self.actionSelectors = []
        self.handler = handler
    }

    init(spec: BarButtonItemSpec) {
        self.id = spec.id
        self.title = spec.title
        self.systemItem = spec.systemItem
        self.image = spec.image
        self.isEnabled = spec.isEnabled
        self.keyEquivalent = spec.keyEquivalent
        self.actionSelectors = spec.actions.map(\.selector)
        self.isDoneStyle = spec.style == "done"
        self.accessibility = spec.accessibility
        // A plain control needs nothing of its controller to be made; it is adopted with the
        // item.
        self.customView = spec.customView.map { ViewBuilder.makeView($0, owner: nil, registry: nil) }
    }

    /// The text shown for this item: its title, else its system item's name, else (an item
    /// with an image only) its accessibility label, else its image's name.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        if let systemItem { return systemItem.title }
        return accessibility.spokenLabel ?? image?.name ?? "Item"
    }

    /// The item's image, by name (a terminal shows words or a glyph in its place).
    public var imageName: String? { image?.name }

    /// Whether the item is only room between others (a flexible or fixed space).
    public var isSpace: Bool {
        systemItem == .flexibleSpace || systemItem == .fixedSpace
    }

    /// Presses the item: its handler, its actions, then the segues it owns. When its only
    /// effect would have been an action the controller's code lacks, and the item reads as
    /// closing the screen (Cancel, Done, Save…), the screen closes as the storyboard implies.
    public func tap() {
        guard isEnabled else { return }
        guard let owner else {
            handler?()
            return
        }
        // One press, one transition: its handler, actions and segues are traced together.
        owner.tracingTransition {
            handler?()
            let missing = actionSelectors.filter { !owner.sendAction($0, sender: self, warnsWhenMissing: false) }
            let segues = owner.fireSegues(ownedBy: id, sender: self)
            owner.handleMissingActions(
                missing, anythingElseRan: handler != nil || segues > 0 || missing.count < actionSelectors.count,
                closes: isDoneStyle || MissingCode.impliesClosing(title: title, systemItem: systemItem, selectors: actionSelectors))
        }
    }
}

/// A tab's title in a tab bar.
public final class TabBarItem {
    public var title: String?
    /// The tab's image, by name.
    public var imageName: String?
    /// What a screen reader says for the tab.
    public var accessibility = Accessibility()
    public init(title: String?) { self.title = title }
}
