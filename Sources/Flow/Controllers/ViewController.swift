/// A scene's controller: owns its view, takes part in containment and presentation, and
/// receives the lifecycle calls in UIKit's order.
///
/// Subclass it, override the lifecycle methods and `prepare(for:sender:)`, list your actions
/// in `actionTable`, and register the class under the storyboard's `customClass` name.
open class ViewController {
    /// The storyboard element this controller was made from, if any.
    public internal(set) var spec: ControllerSpec?
    /// The storyboard this controller was instantiated from.
    public internal(set) var storyboard: Storyboard?
    /// The controller's title; the navigation item's title wins when both are set.
    open var title: String?
    public var navigationItem: NavigationItem {
        didSet { navigationItem.owner = self }
    }
    public var tabBarItem: TabBarItem
    /// The bar button items of the controller's toolbar, shown along the bottom of its
    /// screen while `isToolbarShown` (read on every frame, so left out of the run-time
    /// exclusivity checks).
    @exclusivity(unchecked) public var toolbarItems: [BarButtonItem] = [] {
        didSet { for item in toolbarItems { item.owner = self } }
    }
    public var restorationIdentifier: String?
    /// How this controller covers its presenter when presented.
    public var modalPresentationStyle: PresentationStyle = .fullScreen
    /// Presented as a popover: the id of the element it points at (a bar button, a button,
    /// a cell of the presenter's screen), as UIKit's popover presentation controller keeps
    /// its bar button item or source view. On a regular-width screen the popover is drawn
    /// beside it; on a compact one it adapts to a sheet.
    public var popoverAnchorID: String?
    public internal(set) weak var parent: ViewController?
    public internal(set) var children: [ViewController] = []
    /// The controller that presented this one's presentation context, if any.
    public internal(set) weak var presentingViewController: ViewController?
    /// What this controller's presentation context presents (stored on the context's root).
    var presentedStorage: ViewController?
    weak var applicationStorage: Application?
    /// A number unique within the application, counted from 0: deterministic in tests.
    public internal(set) var instanceNumber = -1
    var viewStorage: View?
    /// Objects the runtime made for this controller and must keep alive (data sources).
    var retainedHelpers: [AnyObject] = []
    /// Whether the controller is on screen (between `viewDidAppear` and `viewWillDisappear`).
    public internal(set) var isVisible = false
    /// The name of a controller made from a scene, worked out once (see `debugName`).
    var sceneDebugName: String?
    /// The name of a controller made in code, with the title it was made with: the trace
    /// names a controller at each appearance call, and asking the runtime for a class's name
    /// costs about as much as the call.
    var codeDebugName: (qualifier: String?, name: String)?

    public required init() {
        navigationItem = NavigationItem()
        tabBarItem = TabBarItem(title: nil)
        navigationItem.owner = self
    }

    // MARK: Actions

    /// The actions and unwind actions this class handles. Override and add to `super`'s:
    ///
    ///     override class var actionTable: ActionTable {
    ///         var table = super.actionTable
    ///         table.action("changeColor:", ColorViewController.changeColor)
    ///         return table
    ///     }
    open class var actionTable: ActionTable { ActionTable() }

    /// Whether this controller's class handles the action selector.
    public func responds(toAction selector: String) -> Bool {
        type(of: self).actionTable.responds(toAction: selector)
    }

    /// Sends an action to this controller as a control would; `false` if it has none by that
    /// name (reported as a warning, never a crash).
    @discardableResult
    public func sendAction(_ selector: String, sender: AnyObject?) -> Bool {
        sendAction(selector, sender: sender, warnsWhenMissing: true)
    }

    /// Sends an action; a missing one is warned about only when `warnsWhenMissing` (a tap
    /// decides what to say once it knows whether anything else happened).
    func sendAction(_ selector: String, sender: AnyObject?, warnsWhenMissing: Bool) -> Bool {
        guard let handler = type(of: self).actionTable.actions[selector] else {
            if warnsWhenMissing { application?.warn("\(debugName) has no action \(selector)") }
            return false
        }
        guard let application else {
            handler(self, sender)
            return true
        }
        // An action may change the screens: it then belongs to that transition.
        application.tracingTransition {
            application.trace.record(.action(controller: debugName, selector: selector))
            handler(self, sender)
        }
        return true
    }

    // MARK: View

    /// The storyboard id of the view that had the keyboard focus on this screen when the
    /// shell last said (before saving), kept with the screen's restoration state so that a
    /// relaunch puts the focus back where the user left it.
    public var focusedViewIdentifier: String?

    /// The root view, loaded (and `viewDidLoad` called) on first access.
    public var view: View {
        get {
            loadViewIfNeeded()
            return viewStorage ?? View(id: "empty")
        }
        set {
            viewStorage = newValue
            newValue.setOwner(self)
        }
    }

    public var isViewLoaded: Bool { viewStorage != nil }

    /// Loads the view if it isn't yet: builds it, connects outlets, runs embed segues, then
    /// calls `viewDidLoad`.
    public func loadViewIfNeeded() {
        guard viewStorage == nil else { return }
        loadView()
        if viewStorage == nil { viewStorage = View(id: (spec?.id ?? "view") + ".view") }
        viewStorage?.setOwner(self)
        if navigationItem.titleView == nil, let titleSpec = navigationItem.titleViewSpec {
            let titleView = ViewBuilder.makeView(titleSpec, owner: self, registry: application?.registry)
            titleView.setOwner(self)
            navigationItem.titleView = titleView
        }
        connectOutlets()
        viewDidLoadInternal()
        performEmbedSegues()
        application?.trace.record(.lifecycle(controller: debugName, event: .viewDidLoad))
        viewDidLoad()
    }

    /// Builds the view from the storyboard. Override to build one in code.
    open func loadView() {
        guard let viewSpec = spec?.view else { return }
        let built = ViewBuilder.makeView(viewSpec, owner: self, registry: application?.registry)
        view = built
    }

    /// Wiring the runtime does before `viewDidLoad`: a table or grid in a plain controller's
    /// view shows its storyboard content unless code gives it a data source.
    func viewDidLoadInternal() {
        for view in viewStorage?.allViews ?? [] {
            if let source = view.adoptStoryboardDataSource() { retainedHelpers.append(source) }
        }
    }

    private func connectOutlets() {
        guard let spec, let root = viewStorage else { return }
        let connections = spec.outlets.compactMap { outlet -> (String, AnyObject)? in
            let target: AnyObject? =
                root.viewWithID(outlet.destinationID)
                ?? navigationItem.titleView?.viewWithID(outlet.destinationID)
                ?? navigationItem.allItems.first { $0.id == outlet.destinationID }
                ?? toolbarItems.first { $0.id == outlet.destinationID }
                ?? root.staticTableCells.first { $0.id == outlet.destinationID }
                ?? root.staticTableCells.lazy.compactMap { $0.contentView.viewWithID(outlet.destinationID) }.first
            return target.map { (outlet.property, $0) }
        }
        OutletConnector.connect(connections, of: self)
    }

    // MARK: Lifecycle (override points)

    /// Called once the view is loaded, before it first appears.
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: Segues (override points)

    /// Called on the source before a segue's destination loads its view: pass data here.
    open func prepare(for segue: StoryboardSegue, sender: AnyObject?) {}

    /// Asked before a user-triggered segue; `false` cancels it.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) -> Bool { true }

    /// Whether this controller is the destination for an unwind action: by default, when its
    /// class declares the action and it is not the source itself.
    open func canPerformUnwindSegueAction(_ action: String, from fromViewController: ViewController, sender: AnyObject?) -> Bool {
        fromViewController !== self && type(of: self).actionTable.declaresUnwindAction(action)
    }

    /// The children an unwind search may look into: by default every child except the one
    /// that holds the source.
    open func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        let excluded = childContaining(source)
        return children.filter { $0 !== excluded }
    }

    /// The child that is, or holds, the unwind source. Not meant to be overridden.
    public final func childContaining(_ source: UnwindSegueSource) -> ViewController? {
        var node: ViewController? = source.source
        while let current = node {
            if current.parent === self { return current }
            node = current.parent ?? current.presentingViewController
        }
        return nil
    }

    // MARK: Keys and termination (override points)

    /// Keys this controller handles while it is on top, beside the shell's own.
    open var keyCommands: [KeyCommand] { [] }

    /// Called on every controller in the hierarchy before the program exits (quit, hang-up,
    /// termination signal): save what the user was editing.
    open func applicationWillTerminate() {}

    // MARK: State restoration (override points)

    /// Saves this controller's own state (what it shows), keyed by names of your choice.
    open func encodeRestorableState(with coder: RestorationCoder) {}
    /// Reads back what `encodeRestorableState` saved, before the view appears.
    open func decodeRestorableState(with coder: RestorationCoder) {}

    // MARK: Hierarchy

    /// The application this controller runs in.
    public var application: Application? {
        applicationStorage ?? storyboard?.application ?? parent?.application
            ?? presentingViewController?.application
    }

    /// The nearest container of type `T` in the parent chain above this controller.
    func nearestAncestor<T: ViewController>(_ type: T.Type) -> T? {
        var node = parent
        while let current = node {
            if let match = current as? T { return match }
            node = current.parent
        }
        return nil
    }

    /// The top of the parent chain: the root of this controller's presentation context.
    public var rootAncestor: ViewController {
        var node = self
        while let parent = node.parent { node = parent }
        return node
    }

    /// The controller this one's presentation context presents, if any.
    public var presentedViewController: ViewController? {
        rootAncestor.presentedStorage
    }

    // MARK: Containment (override points for containers)

    /// The children this controller shows now: every embedded child by default; a navigation
    /// controller shows its top, a tab bar controller its selected tab. Appearance calls,
    /// `visibleControllers` and the shell's drawing follow this.
    open var childrenOnScreen: [ViewController] { children }

    /// For a container, the child whose screen the user sees and acts on (a navigation
    /// controller's top, the selected tab); nil for a controller that shows its own content.
    open var contentChild: ViewController? { nil }

    /// Whether this controller shows its children in place of a view of its own (a
    /// navigation controller, a tab bar controller, a split view controller). Containers
    /// override it along with `childrenOnScreen` and `contentChild`.
    open var isContainer: Bool { false }

    /// Whether this controller rearranges its children when the window's width class changes
    /// (a split view); only those are told, in a transition of their own.
    open var adaptsToSizeClass: Bool { false }

    /// Adds a child controller (containment), as UIKit's `addChild`.
    public func addChild(_ child: ViewController) {
        guard child !== self else { return }
        child.removeFromParent()
        child.parent = self
        if child.applicationStorage == nil { child.applicationStorage = application }
        children.append(child)
    }

    /// Makes `controllers` the children, in order, detaching the ones no longer among them.
    func replaceChildren(with controllers: [ViewController]) {
        for old in children where !controllers.contains(where: { $0 === old }) {
            old.removeFromParent()
        }
        for controller in controllers where controller.parent !== self {
            addChild(controller)
        }
        children = controllers
    }

    /// Runs a change of this container's children as one transition, with appearance calls,
    /// once the container is on screen; before that (while it is set up or loads) the
    /// change is part of the container's own appearance.
    func transitionIfOnScreen(_ change: () -> Void) {
        if let application, isVisible, application.isInHierarchy(self) {
            application.transition(.navigation, change)
        } else {
            change()
        }
    }

    /// Runs `body` as one transition of the trace, when this controller runs in an
    /// application (see `NavigationTrace.beginTransition`).
    func tracingTransition<Result>(keptWithoutCause: Bool = false, _ body: () -> Result) -> Result {
        guard let application else { return body() }
        return application.tracingTransition(keptWithoutCause: keptWithoutCause, body)
    }

    /// Removes this controller from its parent.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// The title shown in a navigation bar: the navigation item's title, else `title`.
    public var displayTitle: String? {
        if let title = navigationItem.title, !title.isEmpty { return title }
        return title
    }

    // MARK: Configuration from the storyboard

    func configure(spec: ControllerSpec, storyboard: Storyboard) {
        self.spec = spec
        self.storyboard = storyboard
        sceneDebugName = nil
        self.applicationStorage = storyboard.application
        if title == nil { title = spec.title }
        if let item = spec.navigationItem {
            let made = NavigationItem(spec: item)
            if navigationItem.title != nil, made.title == nil { made.title = navigationItem.title }
            navigationItem = made
        }
        if !spec.toolbarItems.isEmpty { toolbarItems = spec.toolbarItems.map(BarButtonItem.init(spec:)) }
        if let tab = spec.tabBarItem {
            tabBarItem.title = tab.title ?? tab.systemItem
            tabBarItem.imageName = tab.imageName
            tabBarItem.accessibility = tab.accessibility
        }
        if restorationIdentifier == nil { restorationIdentifier = spec.restorationIdentifier }
        if let style = spec.modalPresentationStyle { modalPresentationStyle = style }
    }
}
