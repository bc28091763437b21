/// A view at run time: built from a `ViewSpec` when its controller's view loads, then changed
/// by code (a label's text, a slider's value, a background colour) and drawn by the shell.
open class View {
    /// The element id from the storyboard, or a generated one for views made in code.
    public let id: String
    /// The storyboard element this view was built from, if any.
    public let spec: ViewSpec?
    public var isHidden: Bool {
        didSet { if isHidden != oldValue { setNeedsDisplay() } }
    }
    public var backgroundColor: RGBColor? {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }
    public internal(set) var subviews: [View] = []
    public internal(set) weak var superview: View?
    /// A key that activates this view (from `userDefinedRuntimeAttributes` `keyEquivalent`).
    public var keyEquivalent: String? {
        didSet { if keyEquivalent != oldValue { setNeedsDisplay() } }
    }
    /// What a screen reader says for this view: the storyboard's label, hint, identifier,
    /// traits and whether it is an element, which code may change as UIKit's may.
    public var accessibility: Accessibility {
        get { changedAccessibility ?? spec?.accessibility ?? Accessibility() }
        set {
            changedAccessibility = newValue
            setNeedsDisplay()
        }
    }
    /// Counts the changes to what this view, or a view inside it, shows: a change to a
    /// property that is drawn, or a subview added or removed, adds one here and in every
    /// superview. The shell keeps the cells it drew of a table row while its cell's count
    /// stays the same (see `setNeedsDisplay()`).
    @exclusivity(unchecked) public private(set) var revision: UInt64 = 0
    /// The accessibility code gave the view. Until it does, the storyboard's is read from
    /// `spec`: a list's cells are made on every scroll, and copying it into each of their
    /// views cost a first frame of a long list a few hundred thousand instructions.
    private var changedAccessibility: Accessibility?
    /// The controller whose view tree holds this view.
    public internal(set) weak var owner: ViewController?

    public init(id: String, spec: ViewSpec? = nil) {
        self.id = id
        self.spec = spec
        self.isHidden = spec?.isHidden ?? false
        self.backgroundColor = spec?.backgroundColor
        self.keyEquivalent = spec?.keyEquivalent
    }

    /// Notes that what this view shows changed, as UIKit's `setNeedsDisplay()` does: its
    /// `revision` and every superview's move on, so what was drawn of them is drawn again.
    /// Views call it themselves when a property that is drawn changes; code that changes
    /// something drawn another way calls it too.
    public func setNeedsDisplay() {
        var view: View? = self
        while let current = view {
            current.revision &+= 1
            view = current.superview
        }
    }

    /// Adds a subview at the end (drawn below the others, as stacks are ordered top to bottom).
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        view.superview = self
        view.setOwner(owner)
        subviews.append(view)
        setNeedsDisplay()
    }

    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        superview.setNeedsDisplay()
        self.superview = nil
    }

    func setOwner(_ controller: ViewController?) {
        owner = controller
        for subview in subviews { subview.setOwner(controller) }
    }

    /// The view with this id in this tree, itself included.
    public func viewWithID(_ wanted: String) -> View? {
        if id == wanted { return self }
        for subview in subviews {
            if let found = subview.viewWithID(wanted) { return found }
        }
        return nil
    }

    /// Every view of this tree, depth first, in order.
    public var allViews: [View] {
        var views: [View] = []
        collect(into: &views)
        return views
    }

    private func collect(into views: inout [View]) {
        views.append(self)
        for subview in subviews { subview.collect(into: &views) }
    }

    /// A view showing the storyboard's content through a data source (a table, a grid)
    /// takes one that shows it, unless code gave it one; it returns the source for its
    /// controller to keep, as a data source is held weakly.
    func adoptStoryboardDataSource() -> AnyObject? { nil }

    /// The first view of type `T` in this tree, depth first (the shell asks on every draw,
    /// so nothing is collected on the way).
    public func first<T: View>(_ type: T.Type) -> T? {
        if let match = self as? T { return match }
        for subview in subviews {
            if let match = subview.first(type) { return match }
        }
        return nil
    }

    /// The nearest background colour, looking up through superviews.
    public var effectiveBackgroundColor: RGBColor? {
        backgroundColor ?? superview?.effectiveBackgroundColor
    }

    /// What this view gives keys to on its whole screen, wherever it sits in the tree: a
    /// button's key equivalent, a toolbar's items. A kind with keys answers in its own class;
    /// the shell asks every view of the screen on top on each frame, so this is a method of
    /// the class (one call), not a protocol (a lookup).
    public var screenKeys: ScreenKeys? { nil }

    /// What code or the user changes in this view, in words (a field's text, a slider's
    /// value), which the render-purity check compares before and after drawing; nil for a
    /// kind with nothing of the kind. Each kind answers in its own class.
    public var stateDescription: String? { nil }

    /// The text a table's filter finds a row by when this view is in the row's cell: a
    /// label's; nil for other kinds.
    var searchableText: String? { nil }

    /// What the user (or code) changed here that the storyboard does not hold: a field's
    /// text, a table's highlighted row, a switch's or a slider's value. A live reload
    /// (`LivePlace`) gives it back to the same view made from the new file; setting it puts it
    /// back as the user's hand would. Nil for kinds with nothing of the kind and for views
    /// left as the storyboard made them. Each kind answers in its own class.
    var liveValue: RestorationValue? {
        get { nil }
        set {}
    }
}

/// What a view gives keys to on its screen, whatever has the focus.
public enum ScreenKeys {
    /// Bar button items shown among the views (a toolbar placed in a view), which take
    /// letters beside the bars' own.
    case barItems([BarButtonItem])
    /// A button with a key of its own (`keyEquivalent`), which starts the segues it owns.
    case button(id: String, keyEquivalent: String)
}

/// A stack of subviews (their order is the drawing order).
public final class StackView: View {
    public var axis: StackAxis {
        didSet { if axis != oldValue { setNeedsDisplay() } }
    }
    public init(id: String, spec: ViewSpec? = nil, axis: StackAxis) {
        self.axis = axis
        super.init(id: id, spec: spec)
    }
}

/// A scroll view: its subviews are drawn in order.
public final class ScrollView: View {}

/// An image view: a terminal shows a glyph for a symbol it knows, else its accessibility
/// label, else the image's name.
public final class ImageView: View {
    public var image: Image? {
        didSet { if image != oldValue { setNeedsDisplay() } }
    }
    public init(id: String, spec: ViewSpec? = nil, image: Image?) {
        self.image = image
        super.init(id: id, spec: spec)
    }

    /// An image view showing one of the app's images by name.
    public convenience init(id: String, spec: ViewSpec? = nil, imageName: String?) {
        self.init(id: id, spec: spec, image: imageName.map { Image(named: $0) })
    }

    /// The image's name.
    public var imageName: String? { image?.name }

    /// The words that stand for the image: its accessibility label, else its name.
    public var displayName: String {
        accessibility.spokenLabel ?? imageName ?? ""
    }
}

/// A progress bar.
public final class ProgressView: View {
    public var progress: Double
    public init(id: String, spec: ViewSpec? = nil, progress: Double) {
        self.progress = progress
        super.init(id: id, spec: spec)
    }
}

/// A view of a class the terminal cannot draw, shown as a labelled box.
public final class PlaceholderView: View {
    public var className: String
    public init(id: String, spec: ViewSpec? = nil, className: String) {
        self.className = className
        super.init(id: id, spec: spec)
    }
}

/// A standalone navigation bar placed inside a view (utility-app style).
public final class NavigationBarView: View {
    public var title: String?
    public init(id: String, spec: ViewSpec? = nil, title: String?) {
        self.title = title
        super.init(id: id, spec: spec)
    }
}

/// The host of an embedded child controller (filled by an embed segue).
public final class ContainerView: View {
    /// The embedded controller, once the embed segue has run.
    public internal(set) weak var embeddedViewController: ViewController?
}
