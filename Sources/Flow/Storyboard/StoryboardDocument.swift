import FoundationEssentials

/// A parsed, validated storyboard file: the scenes and segues a terminal needs, nothing else.
///
/// The loader builds one of these from Xcode's `.storyboard` XML. It is a plain value: the
/// runtime instantiates fresh controllers from it on every segue, so it never changes after load.
public struct StoryboardDocument: Sendable {
    /// The file the document was read from, used in diagnostics and to resolve references.
    public var fileName: String
    /// The `version` attribute of `<document>` (`1.1`, `2.0`, `3.0`).
    public var formatVersion: String
    /// The id of the entry point, if the file names one.
    public var initialControllerID: String?
    /// Every controller, in file order.
    public var controllers: [ControllerSpec]

    public init(
        fileName: String, formatVersion: String = "3.0",
        initialControllerID: String?, controllers: [ControllerSpec]
    ) {
        self.fileName = fileName
        self.formatVersion = formatVersion
        self.initialControllerID = initialControllerID
        self.controllers = controllers
        self.indexByID = [:]
        self.indexByStoryboardID = [:]
        for (index, controller) in controllers.enumerated() {
            indexByID[controller.id] = index
            if let identifier = controller.storyboardIdentifier, !identifier.isEmpty,
                indexByStoryboardID[identifier] == nil
            {
                indexByStoryboardID[identifier] = index
            }
        }
    }

    private var indexByID: [String: Int]
    private var indexByStoryboardID: [String: Int]

    /// The controller with this element id.
    public func controller(id: String) -> ControllerSpec? {
        indexByID[id].map { controllers[$0] }
    }

    /// Whether a scene's controller has this id; cheaper than ``controller(id:)`` when only
    /// that matters (a controller is a large value to copy).
    public func containsController(id: String) -> Bool {
        indexByID[id] != nil
    }

    /// The controller with this storyboard identifier (Xcode's "Storyboard ID").
    public func controller(storyboardIdentifier: String) -> ControllerSpec? {
        indexByStoryboardID[storyboardIdentifier].map { controllers[$0] }
    }
}

/// A position in a source file, 1-based, as compilers print it.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public static let unknown = SourceLocation(line: 0, column: 0)
    public var description: String { "\(line):\(column)" }
}

/// The kind of a scene's view controller element.
public enum ControllerKind: String, Sendable, CaseIterable {
    case viewController
    case navigationController
    case tableViewController
    case tabBarController
    case collectionViewController
    case splitViewController
    /// `pageViewController`: pages come from code, so from a file it is empty.
    case pageViewController
    /// `hostingController`: a SwiftUI view hosted by UIKit; its content comes from code.
    case hostingController
    /// `viewControllerPlaceholder`: a reference into another storyboard file.
    case reference
}

/// One scene's controller element, with everything the runtime and the renderers need.
public struct ControllerSpec: Sendable, Identifiable {
    public var id: String
    public var kind: ControllerKind
    public var location: SourceLocation
    public var customClass: String?
    public var storyboardIdentifier: String?
    public var restorationIdentifier: String?
    /// The `sceneID` of the `<scene>` holding the controller, which Xcode shows as the
    /// scene's id (commands accept it to name the scene).
    public var sceneID: String?
    /// The controller's own `title` attribute.
    public var title: String?
    /// The name Xcode's document outline gives the scene (`userLabel`), when its designer
    /// named it: what a tab with no title or image words is called.
    public var userLabel: String?
    public var modalPresentationStyle: PresentationStyle?
    public var navigationItem: NavigationItemSpec?
    public var tabBarItem: TabBarItemSpec?
    /// The root view of a `viewController` (with its subviews), or the table/collection view
    /// of a table or collection view controller.
    public var view: ViewSpec?
    /// Every segue owned anywhere in this controller's subtree (cells, buttons, bar buttons,
    /// container views, the controller itself), in file order. Relationships are included.
    public var segues: [SegueSpec]
    /// Outlets owned by the controller element itself (`<connections>` of the controller).
    public var outlets: [OutletSpec]
    /// `userDefinedRuntimeAttributes` on the controller.
    public var runtimeAttributes: [String: String]
    /// For `.reference`: the other file and, optionally, the identifier inside it.
    public var reference: StoryboardReferenceSpec?
    /// The id of the scene's `<exit>` proxy, if it has one.
    public var exitID: String?
    /// The bar button items of the controller's toolbar (`<toolbarItems>`), shown along the
    /// bottom of its screen while its navigation controller's toolbar shows, or its own
    /// `showsToolbar` says the scene has one.
    public var toolbarItems: [BarButtonItemSpec]
    /// For a navigation controller, whether its toolbar shows (`toolbarHidden="NO"`, or a
    /// `<toolbar key="toolbar">` not hidden); for another controller, whether its scene was
    /// designed with a toolbar at the bottom (`<simulatedToolbarMetrics
    /// key="simulatedBottomBarMetrics">`), which code shows.
    public var showsToolbar: Bool
    /// Views the scene holds beside its controller, outside its view, that code puts in
    /// place (an empty state, a footer), top-level `<view>`s of the scene's objects.
    public var detachedViews: [ViewSpec] = []

    public init(
        id: String, kind: ControllerKind, location: SourceLocation = .unknown,
        customClass: String? = nil, storyboardIdentifier: String? = nil,
        restorationIdentifier: String? = nil, title: String? = nil,
        modalPresentationStyle: PresentationStyle? = nil,
        navigationItem: NavigationItemSpec? = nil, tabBarItem: TabBarItemSpec? = nil,
        view: ViewSpec? = nil, segues: [SegueSpec] = [], outlets: [OutletSpec] = [],
        runtimeAttributes: [String: String] = [:], reference: StoryboardReferenceSpec? = nil,
        exitID: String? = nil, toolbarItems: [BarButtonItemSpec] = [], showsToolbar: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.location = location
        self.customClass = customClass
        self.storyboardIdentifier = storyboardIdentifier
        self.restorationIdentifier = restorationIdentifier
        self.title = title
        self.modalPresentationStyle = modalPresentationStyle
        self.navigationItem = navigationItem
        self.tabBarItem = tabBarItem
        self.view = view
        self.segues = segues
        self.outlets = outlets
        self.runtimeAttributes = runtimeAttributes
        self.reference = reference
        self.exitID = exitID
        self.toolbarItems = toolbarItems
        self.showsToolbar = showsToolbar
    }

    /// Displayed title: the navigation item's title, else the controller's title.
    public var displayTitle: String? {
        if let title = navigationItem?.title { return title }
        return title
    }

    /// Relationship segues (navigation root, tab children), in file order.
    public var relationships: [SegueSpec] {
        segues.filter { $0.kind == .relationship }
    }

    /// Triggered segues (every kind but relationships), in file order.
    public var triggeredSegues: [SegueSpec] {
        segues.filter { $0.kind != .relationship }
    }

    /// The segue with this identifier, if any.
    public func segue(identifier: String) -> SegueSpec? {
        segues.first { $0.identifier == identifier }
    }

    /// Segues fired by the element with this id (a cell, a button, a bar button item).
    public func segues(ownedBy ownerID: String) -> [SegueSpec] {
        segues.filter { $0.owner.elementID == ownerID }
    }

    /// The table view of this scene, if any: the controller's own (`tableViewController`) or
    /// the first one among the view's subviews.
    public var tableView: TableSpec? {
        view?.firstTable
    }
}

/// `storyboardName` and `referencedIdentifier` of a `viewControllerPlaceholder`.
public struct StoryboardReferenceSpec: Sendable, Hashable {
    public var storyboardName: String
    public var referencedIdentifier: String?
    /// The exact file, for references the tool makes itself (a folder's launcher lists
    /// storyboards that may share a name); files never set it.
    public var fileURL: URL?
    public init(storyboardName: String, referencedIdentifier: String? = nil, fileURL: URL? = nil) {
        self.storyboardName = storyboardName
        self.referencedIdentifier = referencedIdentifier
        self.fileURL = fileURL
    }
}

/// How a presented controller covers its presenter.
public enum PresentationStyle: String, Sendable, CaseIterable {
    case fullScreen
    case overFullScreen
    case pageSheet
    case formSheet
    case currentContext
    case overCurrentContext
    case popover
    case automatic

    /// Sheets leave the presenter on screen underneath and give it no appearance calls.
    public var isSheet: Bool {
        switch self {
        case .pageSheet, .formSheet, .overFullScreen, .overCurrentContext, .popover: true
        case .fullScreen, .currentContext, .automatic: false
        }
    }

    /// Reads Xcode's attribute value, `nil` for values a terminal cannot tell apart.
    public init?(xmlValue: String) {
        switch xmlValue {
        case "fullScreen": self = .fullScreen
        case "overFullScreen": self = .overFullScreen
        case "pageSheet": self = .pageSheet
        case "formSheet": self = .formSheet
        case "currentContext": self = .currentContext
        case "overCurrentContext": self = .overCurrentContext
        case "popover": self = .popover
        case "automatic", "default": self = .automatic
        default: return nil
        }
    }
}

/// A navigation item: title, title view, back button and bar button items.
public struct NavigationItemSpec: Sendable {
    public var id: String?
    public var title: String?
    /// The title the next controller's back button shows: the `backBarButtonItem`'s title,
    /// else the item's `backButtonTitle`.
    public var backButtonTitle: String?
    public var leftItems: [BarButtonItemSpec]
    public var rightItems: [BarButtonItemSpec]
    /// A view shown in place of the title (`key="titleView"`), often a segmented control.
    public var titleView: ViewSpec?
    public init(
        id: String? = nil, title: String? = nil, backButtonTitle: String? = nil,
        leftItems: [BarButtonItemSpec] = [], rightItems: [BarButtonItemSpec] = [], titleView: ViewSpec? = nil
    ) {
        self.id = id
        self.title = title
        self.backButtonTitle = backButtonTitle
        self.leftItems = leftItems
        self.rightItems = rightItems
        self.titleView = titleView
    }
}

/// The system items a bar button can be.
public enum BarButtonSystemItem: String, Sendable, CaseIterable {
    case add, done, cancel, save, edit, compose, reply, action, organize, bookmarks, search,
        refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close
    case flexibleSpace, fixedSpace

    /// The label shown in a terminal.
    public var title: String {
        switch self {
        case .add: "+"
        case .fastForward: "Fast Forward"
        case .flexibleSpace, .fixedSpace: ""
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// The key a shell gives the item wherever it is, in the notation of
    /// ``KeyCommand/input``: `+` adds, Ctrl-S is Done and Save. The one place these are
    /// decided: the key map binds them, the bar names them and the linter checks clashes
    /// with them. (Cancel's Esc depends on the screen, so it is the key map's alone.)
    public var defaultKey: String? {
        switch self {
        case .add: "+"
        case .done, .save: "C-s"
        default: nil
        }
    }
}

/// A bar button item, with the action or segue it fires.
public struct BarButtonItemSpec: Sendable {
    public var id: String
    public var title: String?
    public var systemItem: BarButtonSystemItem?
    /// The item's image (`image=`, or `<imageReference key="image">` in newer files).
    public var image: Image?
    public var style: String?
    /// Action selectors fired on the owning controller, e.g. `done:`.
    public var actions: [ActionSpec]
    /// A key equivalent from `userDefinedRuntimeAttributes` (`keyEquivalent`).
    public var keyEquivalent: String?
    /// `enabled="NO"` in the file.
    public var isEnabled: Bool
    /// What the file says about the item for screen readers.
    public var accessibility: Accessibility
    /// A control the item shows in its place (`<segmentedControl key="customView">`, a
    /// switch, a label…); a button there is read into the item itself instead.
    public var customView: ViewSpec?
    public var location: SourceLocation

    public init(
        id: String, title: String? = nil, systemItem: BarButtonSystemItem? = nil, image: Image? = nil,
        style: String? = nil, actions: [ActionSpec] = [], keyEquivalent: String? = nil, isEnabled: Bool = true,
        accessibility: Accessibility = Accessibility(),
        location: SourceLocation = .unknown
    ) {
        self.accessibility = accessibility
        self.id = id
        self.title = title
        self.systemItem = systemItem
        self.image = image
        self.style = style
        self.actions = actions
        self.keyEquivalent = keyEquivalent
        self.isEnabled = isEnabled
        self.location = location
    }

    /// The text shown for this item: its title, else its system item's name, else (an item
    /// with an image only) its accessibility label, else its image's name.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        if let systemItem { return systemItem.title }
        return accessibility.spokenLabel ?? image?.name ?? "Item"
    }

    /// The item's image, by name.
    public var imageName: String? { image?.name }

    /// Whether the item shows only an image: no title and no system item to name it.
    public var isImageOnly: Bool {
        (title ?? "").isEmpty && systemItem == nil && image != nil
    }

    /// Whether the item is only room between others (a flexible or fixed space).
    public var isSpace: Bool {
        systemItem == .flexibleSpace || systemItem == .fixedSpace
    }
}

/// A tab bar item of a tab bar controller's child.
public struct TabBarItemSpec: Sendable {
    public var id: String?
    public var title: String?
    public var systemItem: String?
    /// The tab's image (`image="house"`).
    public var imageName: String?
    /// What the file says about the tab for screen readers.
    public var accessibility: Accessibility
    public init(
        id: String? = nil, title: String? = nil, systemItem: String? = nil, imageName: String? = nil,
        accessibility: Accessibility = Accessibility()
    ) {
        self.id = id
        self.title = title
        self.systemItem = systemItem
        self.imageName = imageName
        self.accessibility = accessibility
    }
}

/// `<action selector=… destination=… eventType=…>`.
public struct ActionSpec: Sendable, Hashable {
    public var selector: String
    public var destinationID: String
    public var eventType: String?
    public init(selector: String, destinationID: String, eventType: String? = nil) {
        self.selector = selector
        self.destinationID = destinationID
        self.eventType = eventType
    }
}

/// `<outlet property=… destination=…>`, owned by the controller or by a cell (custom cell
/// classes wire their labels this way).
public struct OutletSpec: Sendable, Hashable {
    public var property: String
    public var destinationID: String
    public var isCollection: Bool
    public init(property: String, destinationID: String, isCollection: Bool = false) {
        self.property = property
        self.destinationID = destinationID
        self.isCollection = isCollection
    }
}

/// Segue kinds, with old and new spellings folded together.
public enum SegueKind: String, Sendable, CaseIterable {
    /// `push` or `show`.
    case show
    /// `showDetail` (treated as show).
    case showDetail
    /// `modal` or `presentation`.
    case present
    /// `popoverPresentation` or `popover` (treated as a sheet).
    case popover
    case embed
    case unwind
    case custom
    case relationship

    /// Reads Xcode's `kind` attribute in either spelling.
    public init?(xmlValue: String) {
        switch xmlValue {
        case "push", "show": self = .show
        case "showDetail", "replace": self = .showDetail
        case "modal", "presentation": self = .present
        case "popoverPresentation", "popover": self = .popover
        case "embed": self = .embed
        case "unwind": self = .unwind
        case "custom": self = .custom
        case "relationship": self = .relationship
        default: return nil
        }
    }
}

/// Which containment a relationship segue establishes.
public enum RelationshipKind: String, Sendable, CaseIterable {
    /// A navigation controller's root.
    case rootViewController
    /// A tab of a tab bar controller.
    case viewControllers
    /// A split view's primary column.
    case masterViewController
    /// A three-column split view's middle column.
    case supplementaryViewController
    /// A split view's secondary column.
    case detailViewController
    /// What a split view shows on a compact screen instead of its columns.
    case compactViewController

    /// The container that holds children this way.
    public var container: ControllerKind {
        switch self {
        case .rootViewController: .navigationController
        case .viewControllers: .tabBarController
        case .masterViewController, .supplementaryViewController, .detailViewController, .compactViewController:
            .splitViewController
        }
    }
}

/// What fires a triggered segue.
public enum SegueOwner: Sendable, Hashable {
    /// A manual segue, owned by the controller; fired by `performSegue(withIdentifier:)`.
    case controller
    /// A table or collection view cell (selection, or the accessory action).
    case cell(id: String)
    case barButtonItem(id: String)
    case button(id: String)
    case containerView(id: String)
    /// Any other control that fires segues (a gesture recognizer, a custom view).
    case view(id: String)

    /// The id of the owning element, `nil` for manual segues.
    public var elementID: String? {
        switch self {
        case .controller: nil
        case .cell(let id), .barButtonItem(let id), .button(let id), .containerView(let id),
            .view(let id):
            id
        }
    }
}

/// A segue as written in the file.
public struct SegueSpec: Sendable, Identifiable {
    public var id: String
    public var identifier: String?
    public var kind: SegueKind
    /// A controller id, or the scene's `<exit>` id for unwind segues.
    public var destinationID: String
    public var owner: SegueOwner
    public var relationship: RelationshipKind?
    /// The unwind action selector, e.g. `unwindToList:`.
    public var unwindAction: String?
    /// The segue class of a custom segue (or of a standard one that overrides `perform`).
    public var customClass: String?
    public var modalPresentationStyle: PresentationStyle?
    /// A cell's accessory segue fires from the accessory button, not from selection.
    public var isAccessoryAction: Bool
    /// A key equivalent from `userDefinedRuntimeAttributes` of the owner (`keyEquivalent`).
    public var keyEquivalent: String?
    /// For a popover: the element it points at (`popoverAnchorBarButtonItem`,
    /// `popoverAnchorView`), else the element that fires it.
    public var popoverAnchorID: String?
    public var location: SourceLocation

    public init(
        id: String, identifier: String? = nil, kind: SegueKind, destinationID: String,
        owner: SegueOwner = .controller, relationship: RelationshipKind? = nil,
        unwindAction: String? = nil, customClass: String? = nil,
        modalPresentationStyle: PresentationStyle? = nil, isAccessoryAction: Bool = false,
        keyEquivalent: String? = nil, popoverAnchorID: String? = nil, location: SourceLocation = .unknown
    ) {
        self.popoverAnchorID = popoverAnchorID
        self.id = id
        self.identifier = identifier
        self.kind = kind
        self.destinationID = destinationID
        self.owner = owner
        self.relationship = relationship
        self.unwindAction = unwindAction
        self.customClass = customClass
        self.modalPresentationStyle = modalPresentationStyle
        self.isAccessoryAction = isAccessoryAction
        self.keyEquivalent = keyEquivalent
        self.location = location
    }
}

/// An sRGB colour with components from 0 to 1.
public struct RGBColor: Hashable, Sendable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#RRGGBB`, components clamped and rounded.
    public var hex: String {
        func byte(_ value: Double) -> String {
            let clamped = Int((min(max(value.isNaN ? 0 : value, 0), 1) * 255).rounded())
            let digits = String(clamped, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }
}

/// Text alignment of labels and fields.
public enum TextAlignment: String, Sendable {
    case natural, left, center, right, justified
}

/// A view element and its subviews, ordered top to bottom.
public struct ViewSpec: Sendable, Identifiable {
    public var id: String
    public var kind: ViewKind
    public var customClass: String?
    /// The frame's origin, when the file has one; used only to order siblings.
    public var frameOrigin: (x: Double, y: Double)?
    /// The frame's size, when the file has one; used only to tell a view that spans its
    /// superview from one that doesn't.
    public var frameSize: (width: Double, height: Double)?
    public var backgroundColor: RGBColor?
    /// The image the view shows: an image view's, a button's (its configuration's, else its
    /// normal state's).
    public var image: Image?
    public var isHidden: Bool
    /// Subviews ordered top to bottom (then left to right).
    public var subviews: [ViewSpec]
    /// Action connections of this control.
    public var actions: [ActionSpec]
    /// Outlets owned by this view (custom cells wire their labels this way).
    public var outlets: [OutletSpec]
    /// `userDefinedRuntimeAttributes`, keyPath → value as text.
    public var runtimeAttributes: [String: String]
    /// What the file says about the element for screen readers.
    public var accessibility: Accessibility
    public var location: SourceLocation
    /// A label's `numberOfLines` (1 when the file leaves it out; 0, as many as its text
    /// needs); nil for other views.
    public var numberOfLines: Int?
    /// Whether a scrolling view (a table, a grid, a text view) scrolls; a table that does
    /// not is as tall as its rows, inside a scroll view that scrolls for it.
    public var isScrollEnabled = true

    /// The name of the image the view shows, if any.
    public var imageName: String? { image?.name }

    public init(
        id: String, kind: ViewKind, customClass: String? = nil,
        frameOrigin: (x: Double, y: Double)? = nil, frameSize: (width: Double, height: Double)? = nil,
        backgroundColor: RGBColor? = nil, image: Image? = nil,
        isHidden: Bool = false, subviews: [ViewSpec] = [], actions: [ActionSpec] = [],
        outlets: [OutletSpec] = [], runtimeAttributes: [String: String] = [:],
        accessibility: Accessibility = Accessibility(),
        location: SourceLocation = .unknown
    ) {
        self.accessibility = accessibility
        self.frameSize = frameSize
        self.id = id
        self.kind = kind
        self.customClass = customClass
        self.frameOrigin = frameOrigin
        self.backgroundColor = backgroundColor
        self.image = image
        self.isHidden = isHidden
        self.subviews = subviews
        self.actions = actions
        self.outlets = outlets
        self.runtimeAttributes = runtimeAttributes
        self.location = location
    }

    /// A key equivalent from `userDefinedRuntimeAttributes` (`keyEquivalent`).
    public var keyEquivalent: String? { runtimeAttributes["keyEquivalent"] }

    /// The first table in this view's tree, itself included.
    public var firstTable: TableSpec? {
        if let table = kind.tableSpec { return table }
        for subview in subviews {
            if let table = subview.firstTable { return table }
        }
        return nil
    }

    /// The view with this id in this tree, itself included.
    public func find(id wanted: String) -> ViewSpec? {
        if id == wanted { return self }
        for subview in subviews {
            if let found = subview.find(id: wanted) { return found }
        }
        if let table = kind.tableSpec {
            for cell in table.allCells {
                if let found = cell.contentView.find(id: wanted) { return found }
            }
        }
        return nil
    }

    /// The cells a table's or a collection's element holds (a collection's prototypes);
    /// none for any other kind.
    public var cells: [CellSpec] {
        kind.tableSpec?.allCells ?? kind.collectionSpec?.prototypes ?? []
    }

    /// Every view in this tree, depth first, in order.
    public var allViews: [ViewSpec] {
        [self] + subviews.flatMap(\.allViews)
    }
}

/// What a view element is.
public enum ViewKind: Sendable {
    case view
    case stackView(axis: StackAxis)
    case scrollView
    case label(text: String, alignment: TextAlignment, isBold: Bool)
    case textField(text: String, placeholder: String?, isSecure: Bool)
    case textView(text: String)
    case slider(value: Double, minimum: Double, maximum: Double)
    case toggle(isOn: Bool)
    case stepper(value: Double, minimum: Double, maximum: Double, step: Double)
    case button(title: String)
    case segmentedControl(segments: [String], selectedIndex: Int)
    /// (Boxed, as `table` is: a kind is copied with every view spec, so it is kept to the size
    /// of its smaller payloads.)
    indirect case datePicker(DatePickerSpec)
    case progressView(progress: Double)
    case imageView(imageName: String?)
    case containerView
    case navigationBar(title: String?)
    indirect case table(TableSpec)
    case collection(CollectionSpec)
    /// `activityIndicatorView`: a spinner while it animates; one stopped with
    /// `hidesWhenStopped` is not drawn.
    case activityIndicator(isAnimating: Bool, hidesWhenStopped: Bool)
    /// `searchBar`: a field whose text filters the rows of the table it heads (or its
    /// screen's table).
    case searchBar(text: String, placeholder: String?)
    /// `toolbar` placed as a subview, with the bar button items of its `<items>`.
    case toolbar(items: [BarButtonItemSpec])
    /// `pageControl`: a dot per page.
    case pageControl(numberOfPages: Int, currentPage: Int)
    /// `pickerView`: its rows come from code, so from a file it is a stand-in.
    case pickerView
    /// `mapView`: a labelled stand-in.
    case mapView
    /// `wkWebView`, or the old `webView`: a labelled stand-in naming the page when a runtime
    /// attribute gives its address.
    case webView(url: String?)
    /// A kind that reads its own element and makes its own view (`ViewElementKinds`); boxed,
    /// as an existential is larger than the other payloads.
    indirect case element(any ViewElementKind)
    /// A class the terminal cannot draw: shown as a placeholder box (with a load warning).
    case unknown(elementName: String)
}

/// A date picker as the file sets it up.
public struct DatePickerSpec: Sendable, Hashable {
    /// What the picker chooses (`datePickerMode`).
    public enum Mode: String, Sendable, CaseIterable {
        case time, date, dateAndTime, countDownTimer
    }

    /// `datePickerMode`; UIKit's default is date and time.
    public var mode: Mode
    /// `<date key="date">`; nil means now, as UIKit starts a picker.
    public var date: Date?
    /// `<date key="minimumDate">` and `<date key="maximumDate">`.
    public var minimumDate: Date?
    public var maximumDate: Date?
    /// `minuteInterval`: the step of the minutes, from 1 to 30.
    public var minuteInterval: Int
    /// `countDownDuration`, in seconds, for a count-down timer.
    public var countDownDuration: Double

    public init(
        mode: Mode = .dateAndTime, date: Date? = nil, minimumDate: Date? = nil, maximumDate: Date? = nil,
        minuteInterval: Int = 1, countDownDuration: Double = 0
    ) {
        self.mode = mode
        self.date = date
        self.minimumDate = minimumDate
        self.maximumDate = maximumDate
        self.minuteInterval = minuteInterval
        self.countDownDuration = countDownDuration
    }
}

/// A stack view's direction.
public enum StackAxis: String, Sendable {
    case vertical, horizontal
}

/// A table view as drawn in the file.
public struct TableSpec: Sendable {
    public enum DataMode: String, Sendable { case staticCells = "static", prototypes }
    public enum Style: String, Sendable { case plain, grouped, insetGrouped }
    public var id: String
    public var dataMode: DataMode
    public var style: Style
    /// Static sections (for `dataMode` static), usually empty for prototype tables.
    public var sections: [TableSectionSpec]
    /// Prototype cells, by reuse identifier order.
    public var prototypes: [CellSpec]
    /// The id of the view above the rows (`key="tableHeaderView"`), one of the table's
    /// subviews.
    public var headerViewID: String?
    /// The id of the view under the rows (`key="tableFooterView"`), one of the table's
    /// subviews.
    public var footerViewID: String?

    public init(
        id: String, dataMode: DataMode, style: Style = .plain,
        sections: [TableSectionSpec] = [], prototypes: [CellSpec] = [], headerViewID: String? = nil
    ) {
        self.headerViewID = headerViewID
        self.id = id
        self.dataMode = dataMode
        self.style = style
        self.sections = sections
        self.prototypes = prototypes
    }

    /// The prototype with this reuse identifier.
    public func prototype(reuseIdentifier: String) -> CellSpec? {
        prototypes.first { $0.reuseIdentifier == reuseIdentifier }
    }

    /// Static and prototype cells together.
    public var allCells: [CellSpec] {
        prototypes + sections.flatMap(\.cells)
    }
}

/// A static table section.
public struct TableSectionSpec: Sendable {
    public var id: String?
    public var headerTitle: String?
    public var footerTitle: String?
    public var cells: [CellSpec]
    public init(id: String? = nil, headerTitle: String? = nil, footerTitle: String? = nil, cells: [CellSpec] = []) {
        self.id = id
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.cells = cells
    }
}

/// A table view cell's style.
public enum CellStyle: String, Sendable, CaseIterable {
    /// `IBUITableViewCellStyleDefault`: one label ("Basic").
    case basic
    /// `IBUITableViewCellStyleSubtitle`: text over detail.
    case subtitle
    /// `IBUITableViewCellStyleValue1`: text left, detail right ("Right Detail").
    case value1
    /// `IBUITableViewCellStyleValue2`: detail label right-aligned then text ("Left Detail").
    case value2
    /// No `style`: the content view's subviews are the cell.
    case custom

    public init(xmlValue: String?) {
        switch xmlValue {
        case "IBUITableViewCellStyleDefault": self = .basic
        case "IBUITableViewCellStyleSubtitle": self = .subtitle
        case "IBUITableViewCellStyleValue1": self = .value1
        case "IBUITableViewCellStyleValue2": self = .value2
        default: self = .custom
        }
    }
}

/// A cell's accessory.
public enum AccessoryType: String, Sendable, CaseIterable {
    case none, disclosureIndicator, detailDisclosureButton, detailButton, checkmark
}

/// A table or collection view cell: static, or a prototype.
public struct CellSpec: Sendable, Identifiable {
    public var id: String
    public var style: CellStyle
    public var reuseIdentifier: String?
    public var accessoryType: AccessoryType
    public var customClass: String?
    /// Text of the label referenced by `textLabel`, if any.
    public var text: String?
    /// Text of the label referenced by `detailTextLabel`, if any.
    public var detailText: String?
    /// The ids of the `textLabel`/`detailTextLabel` labels, so outlets can reach them.
    public var textLabelID: String?
    public var detailTextLabelID: String?
    /// The content view (for custom cells, its subviews are drawn).
    public var contentView: ViewSpec
    /// `selectionStyle="none"` cells don't highlight or fire selection.
    public var isSelectable: Bool
    /// Outlets owned by the cell element (a custom cell class's labels).
    public var outlets: [OutletSpec] = []
    /// What the file says about the cell for screen readers.
    public var accessibility = Accessibility()
    public var location: SourceLocation

    public init(
        id: String, style: CellStyle = .basic, reuseIdentifier: String? = nil,
        accessoryType: AccessoryType = .none, customClass: String? = nil, text: String? = nil,
        detailText: String? = nil, textLabelID: String? = nil, detailTextLabelID: String? = nil,
        contentView: ViewSpec? = nil, isSelectable: Bool = true,
        location: SourceLocation = .unknown
    ) {
        self.id = id
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        self.accessoryType = accessoryType
        self.customClass = customClass
        self.text = text
        self.detailText = detailText
        self.textLabelID = textLabelID
        self.detailTextLabelID = detailTextLabelID
        self.contentView = contentView ?? ViewSpec(id: id + ".content", kind: .view)
        self.isSelectable = isSelectable
        self.location = location
    }
}

/// A collection view: its prototype cells and static-like items.
public struct CollectionSpec: Sendable {
    public var id: String
    public var prototypes: [CellSpec]
    /// The ids of the section header and footer views (`sectionHeaderView`,
    /// `sectionFooterView`), which are among the collection's subviews.
    public var headerViewID: String?
    public var footerViewID: String?
    public init(id: String, prototypes: [CellSpec] = []) {
        self.id = id
        self.prototypes = prototypes
    }
}
