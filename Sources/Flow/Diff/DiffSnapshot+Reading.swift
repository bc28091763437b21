extension DiffSnapshot {
    /// Reads the scenes of a parsed file.
    ///
    /// One pass over the flat element arrays in document order, with no recursion (a hostile
    /// file can nest deeply): each element's owner is its parent's, or its parent when the
    /// parent is an object, and parents come before their children.
    init(tree: XMLTree) {
        guard let root = tree.root else { return }
        initialID = root["initialViewController"]
        usesAutoLayout = root["useAutolayout"] == "YES"
        let idName = tree.nameNumber("id") ?? -1
        for scenes in root.children(named: "scenes") {
            for scene in scenes.children(named: "scene") {
                read(scene: scene, idName: idName)
            }
        }
    }

    private mutating func read(scene: ParsedElement, idName: Int32) {
        let tree = scene.tree
        let sceneNumber = scenes.count
        let first = objects.count
        let sceneID = scene["sceneID"] ?? ""
        var controllerID: String?
        // For each element of the scene (by index from the scene's), the object it belongs to.
        var owners = [Int32](repeating: -1, count: scene.descendantCount + 1)
        var isObject = [Bool](repeating: false, count: scene.descendantCount + 1)
        var segmentCounts: [Int: Int] = [:]
        for element in scene.descendants {
            let slot = element.index - scene.index
            guard let parent = element.parent else { continue }
            let parentSlot = parent.index - scene.index
            let parentIsObject = parentSlot > 0 && isObject[parentSlot]
            let owner: Int32 = parentSlot > 0 ? owners[parentSlot] : -1
            let name = element.name
            if let id = element[idName], name != "scene" {
                let role = Self.role(ofElement: name) ?? (controllerID == nil && parent.name == "objects" ? .controller : .view)
                if role == .controller { controllerID = id }
                var object = Object(
                    id: id, element: name, role: role, scene: sceneNumber,
                    parent: owner >= 0 ? objects[Int(owner)].id : nil, key: element.key,
                    line: element.location.line, column: element.location.column)
                read(attributesOf: element, into: &object)
                if index[id] == nil { index[id] = objects.count }
                owners[slot] = Int32(objects.count)
                isObject[slot] = true
                objects.append(object)
                continue
            }
            owners[slot] = owner
            guard owner >= 0 else { continue }
            readDetail(element, parentIsObject: parentIsObject, into: Int(owner), segmentCounts: &segmentCounts)
        }
        scenes.append(Scene(sceneID: sceneID, controllerID: controllerID ?? sceneID, objectRange: first..<objects.count))
    }

    /// An object element's own attributes.
    private func read(attributesOf element: ParsedElement, into object: inout Object) {
        switch object.role {
        case .controller, .view:
            for name in Self.textAttributes where name != "label" {
                if let value = element[Self.staticName(name)] { object.texts[name] = value }
            }
            for name in Self.propertyAttributes {
                if let value = element[Self.staticName(name)] { object.properties[name] = value }
            }
        case .segue, .connection, .constraint:
            for name in Self.connectionAttributes {
                if let value = element[Self.staticName(name)] { object.properties[name] = value }
            }
        case .placeholder:
            break
        }
        for name in Self.referenceAttributes {
            if let value = element[Self.staticName(name)] { object.references[name] = value }
        }
    }

    /// What an id-less element says about the object it belongs to.
    private mutating func readDetail(
        _ element: ParsedElement, parentIsObject: Bool, into owner: Int, segmentCounts: inout [Int: Int]
    ) {
        switch element.name {
        case "rect" where element.key == "frame" && parentIsObject:
            objects[owner].frame = [element["x"], element["y"], element["width"], element["height"]]
                .map { $0 ?? "0" }.joined(separator: " ") + (objects[owner].frame.map { " " + $0 } ?? "")
        case "autoresizingMask" where parentIsObject:
            let mask = element.tree.attributes[Int(element.tree.nodes[element.index].attributeStart)..<Int(element.tree.nodes[element.index].attributeEnd)]
                .map { element.tree.names[Int($0.name)] }.filter { $0 != "key" }.sorted().joined(separator: ",")
            objects[owner].frame = (objects[owner].frame.map { $0 + " " } ?? "") + "mask " + mask
        case "string":
            if let key = element.key { objects[owner].texts[key] = element.text }
        case "state":
            if let title = element["title"] {
                let state = element.key ?? "normal"
                objects[owner].texts[state == "normal" ? "title" : "\(state) title"] = title
            }
        case "segment":
            let number = segmentCounts[owner, default: 0]
            segmentCounts[owner] = number + 1
            if let title = element["title"] { objects[owner].texts["segment \(number + 1)"] = title }
        case "accessibility":
            if let label = element["label"] { objects[owner].texts["accessibility label"] = label }
            if let hint = element["hint"] { objects[owner].texts["accessibility hint"] = hint }
            if let identifier = element["identifier"] { objects[owner].properties["accessibility identifier"] = identifier }
            if element["isElement"] != nil { objects[owner].properties["accessibility element"] = element["isElement"] }
        case "textInputTraits":
            for name in Self.textInputAttributes {
                if let value = element[Self.staticName(name)] { objects[owner].properties[name] = value }
            }
        case "color" where parentIsObject:
            if let key = element.key, let colour = DiffColour.canonical(element) { objects[owner].properties[key] = colour }
        case "userDefinedRuntimeAttribute":
            if let path = element["keyPath"] {
                objects[owner].properties["runtime attribute " + path] = element["value"] ?? element.children.first.map { Self.summary(of: $0) } ?? ""
            }
        default:
            break
        }
    }

    /// A child value element of a runtime attribute, as text.
    private static func summary(of element: ParsedElement) -> String {
        if let key = element.key, element.name == "color" { return DiffColour.canonical(element) ?? key }
        return element["value"] ?? element.text
    }

    /// The literal for an attribute name the tables spell as strings: the tree looks names
    /// up by literal, so each table entry maps to its literal here.
    static func staticName(_ name: String) -> StaticString {
        staticNames[name] ?? "?"
    }

    private static let staticNames: [String: StaticString] = {
        let all: [StaticString] = [
            "text", "title", "placeholder", "headerTitle", "footerTitle", "prompt", "backButtonTitle", "label",
            "customClass", "storyboardIdentifier", "restorationIdentifier", "hidden", "enabled", "userInteractionEnabled",
            "secureTextEntry", "keyboardType", "returnKeyType", "accessoryType", "editingAccessoryType", "selectionStyle",
            "dataMode", "reuseIdentifier", "style", "selected", "on", "image", "systemItem", "buttonType",
            "selectedSegmentIndex", "datePickerMode", "allowsSelection", "allowsMultipleSelection", "scrollEnabled",
            "pagingEnabled", "modalPresentationStyle", "storyboardName", "referencedIdentifier", "tag", "value",
            "minimumValue", "maximumValue", "numberOfPages", "currentPage", "searchBarStyle",
            "kind", "identifier", "relationship", "unwindAction", "animates", "modalTransitionStyle", "property",
            "selector", "eventType", "collectionClass", "firstAttribute", "secondAttribute", "constant", "multiplier",
            "relation", "priority", "trigger", "action",
            "destination", "firstItem", "secondItem", "splitViewControllerDetailViewController",
            "autocapitalizationType", "autocorrectionType", "textContentType",
        ]
        var names: [String: StaticString] = [:]
        for name in all { names[name.description] = name }
        return names
    }()
}
