/// What `storyboard diff` and `storyboard outline` compare of one storyboard file: its scenes
/// and the objects in them, read from the parsed XML.
///
/// Read from the XML rather than the runtime's ``StoryboardDocument``, which keeps only what a
/// run needs: constraints, frames, accessibility and outlets to views are all part of a
/// change a reviewer wants to see. Only what carries meaning is kept: the document's tool
/// versions, `<dependencies>`, `<resources>`, canvas locations and Interface Builder's own
/// flags (`misplaced`, `ambiguous`) are never read, so they can never show as a change.
/// Fonts are read (a text's look is part of a review) as one value each: `system 17`.
struct DiffSnapshot: Equatable {
    /// What an object is to the diff.
    enum Role: String {
        /// A scene's view controller (or storyboard reference).
        case controller
        /// A view, bar item, navigation item, gesture recognizer, table section…
        case view
        /// A segue, in its source's `<connections>`.
        case segue
        /// An outlet, outlet collection or action.
        case connection
        /// An Auto Layout constraint, in its view's `<constraints>`.
        case constraint
        /// Objects never reported themselves: First Responder, Exit, layout guides.
        case placeholder
    }

    /// One element with an `id`, and what was read about it and its id-less children.
    struct Object: Equatable {
        var id: String
        var element: String
        var role: Role
        /// The index of the scene it is in.
        var scene: Int
        /// The nearest enclosing object: a view's superview or owner, a segue's source, a
        /// constraint's view. `nil` for a scene's top-level objects.
        var parent: String?
        /// The index of that object in ``DiffSnapshot/objects``; -1 when there is none.
        var parentIndex: Int32 = -1
        /// The index of the first object with this id: its own, unless a broken file repeats
        /// the id (the others are never compared, as the id names the first).
        var first = 0
        /// The role it plays in its parent (`view`, `contentView`…).
        var key: String?
        /// Texts a person reads, by name (`text`, `title`, `placeholder`, `segment 1`…).
        var texts = Fields()
        /// Properties that change behaviour or identity, by name.
        var properties = Fields()
        /// Ids this object points at, by attribute (`destination`, `firstItem`…).
        var references = Fields()
        /// The frame and autoresizing mask, as written; layout only.
        var frame: String?
        /// Where the element starts.
        var line: Int
        var column: Int
    }

    /// One `<scene>`.
    struct Scene: Equatable {
        var sceneID: String
        /// The controller's object id, or the scene id when it has none.
        var controllerID: String
        /// The scene's objects: `objects[objectRange]`.
        var objectRange: Range<Int>
    }

    var objects: [Object] = []
    /// Each object's index, by id (the first, when a broken file repeats one).
    var index: [String: Int] = [:]
    var scenes: [Scene] = []
    /// The document's `initialViewController`.
    var initialID: String?
    /// Whether the document uses Auto Layout: then frames are what Interface Builder last
    /// computed for the canvas, and constraints decide the layout.
    var usesAutoLayout = false

    /// The object with `id`, if there is one.
    func object(_ id: String?) -> Object? {
        guard let id, let found = index[id] else { return nil }
        return objects[found]
    }

    /// The controller of scene `scene`.
    func controller(of scene: Int) -> Object? {
        object(scenes[scene].controllerID)
    }
}

extension DiffSnapshot {
    /// Attributes of an object element that are texts a person reads.
    static let textAttributes: [String] = [
        "text", "title", "placeholder", "headerTitle", "footerTitle", "prompt", "backButtonTitle", "label",
    ]

    /// Attributes of an object element that change what it does or is.
    static let propertyAttributes: [String] = [
        "customClass", "storyboardIdentifier", "restorationIdentifier", "hidden", "enabled", "userInteractionEnabled",
        "secureTextEntry", "keyboardType", "returnKeyType", "accessoryType", "editingAccessoryType", "selectionStyle",
        "dataMode", "reuseIdentifier", "style", "selected", "on", "image", "systemItem", "buttonType",
        "selectedSegmentIndex", "datePickerMode", "allowsSelection", "allowsMultipleSelection", "scrollEnabled",
        "pagingEnabled", "modalPresentationStyle", "storyboardName", "referencedIdentifier", "tag", "value",
        "minimumValue", "maximumValue", "numberOfPages", "currentPage", "searchBarStyle",
    ]

    /// Attributes of a segue, outlet, action or constraint compared as properties.
    static let connectionAttributes: [String] = [
        "kind", "identifier", "relationship", "unwindAction", "animates", "customClass", "modalPresentationStyle",
        "modalTransitionStyle", "property", "selector", "eventType", "collectionClass", "firstAttribute",
        "secondAttribute", "constant", "multiplier", "relation", "priority", "trigger", "action",
    ]

    /// Attributes that name another object.
    static let referenceAttributes: [String] = ["destination", "firstItem", "secondItem", "splitViewControllerDetailViewController"]

    /// Attributes of `<textInputTraits>` that change behaviour.
    static let textInputAttributes: [String] = [
        "secureTextEntry", "keyboardType", "returnKeyType", "autocapitalizationType", "autocorrectionType", "textContentType",
    ]

    /// Elements holding a segue, outlet, action or constraint.
    static func role(ofElement name: String) -> Role? {
        switch name {
        case "segue": .segue
        case "outlet", "outletCollection", "action": .connection
        case "constraint": .constraint
        case "placeholder", "exit", "viewLayoutGuide", "layoutGuide": .placeholder
        default: nil
        }
    }
}
