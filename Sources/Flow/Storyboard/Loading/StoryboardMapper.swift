/// Reads an ``XMLTree`` of a storyboard into a ``StoryboardDocument``.
///
/// The mapper folds Xcode's spellings from every format generation into one model and notes
/// what it cannot read as diagnostics (missing ids, unknown segue kinds, unknown views).
/// Cross-references between elements are checked afterwards by ``StoryboardValidator``.
struct StoryboardMapper {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    /// Controller elements, by element name.
    static let controllerKinds: [String: ControllerKind] = [
        "viewController": .viewController,
        "navigationController": .navigationController,
        "tableViewController": .tableViewController,
        "tabBarController": .tabBarController,
        "collectionViewController": .collectionViewController,
        "splitViewController": .splitViewController,
        "pageViewController": .pageViewController,
        "hostingController": .hostingController,
        "viewControllerPlaceholder": .reference,
    ]

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, file: file, location: location, message))
    }

    mutating func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, file: file, location: location, message))
    }

    /// The document, or `nil` when the root element is not a storyboard's.
    mutating func map(root: ParsedElement) -> StoryboardDocument? {
        guard root.name == "document" else {
            error(
                "the root element is <\(DiagnosticText.escaped(root.name))>, but a storyboard starts with <document>",
                at: root.location)
            return nil
        }
        var controllers: [ControllerSpec] = []
        for scenes in root.children(named: "scenes") {
            for scene in scenes.children(named: "scene") {
                if let controller = mapScene(scene) {
                    controllers.append(controller)
                }
            }
        }
        return StoryboardDocument(
            fileName: file,
            formatVersion: root["version"] ?? "3.0",
            initialControllerID: nonEmpty(root["initialViewController"]),
            controllers: controllers)
    }

    /// The scene's controller, found by `sceneMemberID` because old files list the first
    /// responder placeholder before it.
    private mutating func mapScene(_ scene: ParsedElement) -> ControllerSpec? {
        var controllerElements: [ParsedElement] = []
        var exitID: String?
        var detached: [ParsedElement] = []
        for objects in scene.children(named: "objects") {
            for object in objects.children {
                switch object["sceneMemberID"] {
                case "viewController": controllerElements.append(object)
                case "exit" where exitID == nil: exitID = nonEmpty(object["id"])
                case nil where object.name == "view": detached.append(object)
                default: break
                }
            }
        }
        guard let first = controllerElements.first else {
            let name = scene["sceneID"].map { " " + DiagnosticText.quoted($0) } ?? ""
            warning("scene\(name) has no view controller; it is skipped", at: scene.location)
            return nil
        }
        for extra in controllerElements.dropFirst() {
            error(
                "a second view controller in one scene (the first is at \(first.location))",
                at: extra.location)
        }
        var spec = mapController(first, exitID: exitID)
        spec?.sceneID = nonEmpty(scene["sceneID"])
        if spec != nil, !detached.isEmpty { spec?.detachedViews = detached.map { mapView($0) } }
        return spec
    }

    private mutating func mapController(_ element: ParsedElement, exitID: String?) -> ControllerSpec? {
        let elementName = DiagnosticText.escaped(element.name)
        guard let id = nonEmpty(element["id"]) else {
            error("view controller <\(elementName)> has no id", at: element.location)
            return nil
        }
        let kind: ControllerKind
        if let known = Self.controllerKinds[element.name] {
            kind = known
        } else {
            kind = .viewController
            warning(
                "unsupported controller <\(elementName)> \(DiagnosticText.quoted(id)) is treated as a plain view controller",
                at: element.location)
        }
        var reference: StoryboardReferenceSpec?
        if kind == .reference, let name = nonEmpty(element["storyboardName"]) {
            reference = StoryboardReferenceSpec(
                storyboardName: name, referencedIdentifier: nonEmpty(element["referencedIdentifier"]))
        }
        var spec = ControllerSpec(
            id: id,
            kind: kind,
            location: element.location,
            customClass: nonEmpty(element["customClass"]),
            storyboardIdentifier: element["storyboardIdentifier"],
            restorationIdentifier: element["restorationIdentifier"],
            title: element["title"],
            modalPresentationStyle: element["modalPresentationStyle"].flatMap(PresentationStyle.init(xmlValue:)),
            navigationItem: element.child(named: "navigationItem", key: "navigationItem").map { mapNavigationItem($0) },
            tabBarItem: element.child(named: "tabBarItem", key: "tabBarItem").map(mapTabBarItem),
            view: element.child(key: "view").map { mapView($0) },
            segues: collectSegues(in: element),
            outlets: outlets(of: element),
            runtimeAttributes: runtimeAttributes(of: element),
            reference: reference,
            exitID: exitID,
            toolbarItems: barButtonItems(in: element.child(named: "toolbarItems")),
            showsToolbar: showsToolbar(element))
        spec.userLabel = nonEmpty(element["userLabel"])
        return spec
    }

    /// The element's id; elements Xcode leaves without one (the content view of a cell in
    /// old files) get a stable stand-in so segue owners and views still agree.
    func elementID(_ element: ParsedElement) -> String {
        if let id = nonEmpty(element["id"]) { return id }
        if element.key == "contentView", let parent = element.parent {
            return elementID(parent) + ".content"
        }
        return "@\(element.location.line):\(element.location.column)"
    }
}

/// The string, or `nil` when it is absent or empty (Xcode writes `storyboardIdentifier=""`).
func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
}
