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
        let kinds = NameKinds(tree: tree)
        // One object per element with an id, at most: room for them all at once, as for the
        // tree's arrays, and no more (a storyboard's elements without ids are a quarter of
        // them or more: rects, colours, fonts, the elements that group others).
        let withIDs = tree.attributes.reduce(0) { $1.name == kinds.id ? $0 + 1 : $0 }
        objects.reserveCapacity(withIDs)
        index.reserveCapacity(withIDs)
        for scenes in root.children(named: "scenes") {
            for scene in scenes.children(named: "scene") {
                read(scene: scene, kinds: kinds)
            }
        }
    }

    /// What each element and attribute name of a file is to the diff, by the name's number:
    /// one array look-up per element or attribute, where comparing each name with the
    /// fifty the diff reads would cost fifty comparisons of text.
    struct NameKinds {
        /// What an element with no id says about the object it belongs to.
        enum Detail {
            case none, rect, autoresizingMask, string, state, segment, accessibility, textInputTraits, fontDescription, color
            case runtimeAttribute

            init(element name: String) {
                switch name {
                case "rect": self = .rect
                case "autoresizingMask": self = .autoresizingMask
                case "string": self = .string
                case "state": self = .state
                case "segment": self = .segment
                case "accessibility": self = .accessibility
                case "textInputTraits": self = .textInputTraits
                case "fontDescription": self = .fontDescription
                case "color": self = .color
                case "userDefinedRuntimeAttribute": self = .runtimeAttribute
                default: self = .none
                }
            }
        }

        static let text: UInt8 = 1, property: UInt8 = 2, connection: UInt8 = 4, reference: UInt8 = 8, textInput: UInt8 = 16
        /// Each attribute name's kinds, as bits.
        var attributes: [UInt8]
        /// Each element name's role when the element has an id (nil: decided by where it is).
        var roles: [Role?]
        var details: [Detail]
        /// The numbers of the names the reader looks for (-1 when the file has none).
        let id: Int32, scene: Int32, objects: Int32

        init(tree: XMLTree) {
            var attributes = [UInt8](repeating: 0, count: tree.names.count)
            for (names, kind) in [
                (DiffSnapshot.textAttributes, Self.text), (DiffSnapshot.propertyAttributes, Self.property),
                (DiffSnapshot.connectionAttributes, Self.connection), (DiffSnapshot.referenceAttributes, Self.reference),
                (DiffSnapshot.textInputAttributes, Self.textInput),
            ] {
                for name in names { if let number = tree.numbers[name] { attributes[Int(number)] |= kind } }
            }
            self.attributes = attributes
            roles = tree.names.map(DiffSnapshot.role(ofElement:))
            details = tree.names.map(Detail.init(element:))
            id = tree.nameNumber("id") ?? -1
            scene = tree.nameNumber("scene") ?? -1
            objects = tree.nameNumber("objects") ?? -1
        }

        /// Calls `body` with the name, value and kinds of each of `element`'s attributes of `kind`.
        func forEach(of element: ParsedElement, _ kind: UInt8, _ body: (String, String, UInt8) -> Void) {
            let tree = element.tree
            let node = tree.nodes[element.index]
            for index in Int(node.attributeStart)..<Int(node.attributeEnd) {
                let attribute = tree.attributes[index]
                let found = attributes[Int(attribute.name)]
                guard found & kind != 0 else { continue }
                body(tree.names[Int(attribute.name)], tree.value(of: attribute), found)
            }
        }
    }

    private mutating func read(scene: ParsedElement, kinds: NameKinds) {
        let tree = scene.tree
        let nodes = tree.nodes
        let sceneNumber = scenes.count
        let first = objects.count
        let sceneID = scene["sceneID"] ?? ""
        var controllerID: String?
        // For each element of the scene (by index from the scene's), the object it belongs to.
        let count = scene.descendantCount + 1
        var owners = [Int32](repeating: -1, count: count)
        var isObject = [Bool](repeating: false, count: count)
        var segmentCounts: [Int: Int] = [:]
        // Elements are told apart by their names' numbers, never by comparing text.
        for index in scene.index + 1..<scene.index + count {
            let node = nodes[index]
            let slot = index - scene.index
            let parentSlot = Int(node.parent) - scene.index
            let parentIsObject = parentSlot > 0 && isObject[parentSlot]
            let owner: Int32 = parentSlot > 0 ? owners[parentSlot] : -1
            let element = ParsedElement(tree: tree, index: index)
            if node.name != kinds.scene, let id = element[kinds.id] {
                let role = kinds.roles[Int(node.name)]
                    ?? (controllerID == nil && nodes[Int(node.parent)].name == kinds.objects ? .controller : .view)
                if role == .controller { controllerID = id }
                var object = Object(
                    id: id, element: tree.names[Int(node.name)], role: role, scene: sceneNumber,
                    parent: owner >= 0 ? objects[Int(owner)].id : nil, parentIndex: owner, key: element.key,
                    line: element.location.line, column: element.location.column)
                read(attributesOf: element, into: &object, kinds: kinds)
                // One look-up: an id seen before keeps its first object, a new one gets this.
                let next = objects.count
                object.first = Self.held(&self.index[id, default: next])
                owners[slot] = Int32(objects.count)
                isObject[slot] = true
                objects.append(object)
                continue
            }
            owners[slot] = owner
            let detail = kinds.details[Int(node.name)]
            guard owner >= 0, detail != .none else { continue }
            readDetail(
                element, detail, parentIsObject: parentIsObject, into: Int(owner),
                segmentCounts: &segmentCounts, kinds: kinds)
        }
        scenes.append(Scene(sceneID: sceneID, controllerID: controllerID ?? sceneID, objectRange: first..<objects.count))
    }

    /// The value an `inout` access holds (a dictionary's slot, made when it was missing).
    private static func held(_ slot: inout Int) -> Int { slot }

    /// An object element's own attributes.
    private func read(attributesOf element: ParsedElement, into object: inout Object, kinds: NameKinds) {
        switch object.role {
        case .controller, .view:
            kinds.forEach(of: element, NameKinds.text | NameKinds.property | NameKinds.reference) { name, value, kind in
                if kind & NameKinds.text != 0, name != "label" { object.texts[name] = value }
                if kind & NameKinds.property != 0 { object.properties[name] = value }
                if kind & NameKinds.reference != 0 { object.references[name] = value }
            }
        case .segue, .connection, .constraint:
            kinds.forEach(of: element, NameKinds.connection | NameKinds.reference) { name, value, kind in
                if kind & NameKinds.connection != 0 { object.properties[name] = value }
                if kind & NameKinds.reference != 0 { object.references[name] = value }
            }
        case .placeholder:
            kinds.forEach(of: element, NameKinds.reference) { name, value, _ in object.references[name] = value }
        }
    }

    /// What an id-less element says about the object it belongs to.
    private mutating func readDetail(
        _ element: ParsedElement, _ detail: NameKinds.Detail, parentIsObject: Bool, into owner: Int, segmentCounts: inout [Int: Int],
        kinds: NameKinds
    ) {
        switch detail {
        case .rect where element.key == "frame" && parentIsObject:
            let rect = (element["x"] ?? "0") + " " + (element["y"] ?? "0") + " " + (element["width"] ?? "0") + " " + (element["height"] ?? "0")
            objects[owner].frame = rect + (objects[owner].frame.map { " " + $0 } ?? "")
        case .autoresizingMask where parentIsObject:
            let mask = element.tree.attributes[Int(element.tree.nodes[element.index].attributeStart)..<Int(element.tree.nodes[element.index].attributeEnd)]
                .map { element.tree.names[Int($0.name)] }.filter { $0 != "key" }.sorted().joined(separator: ",")
            // No flags (Xcode's spelling for every cell) is a mask too: the view keeps its size
            // and place when its superview's change.
            objects[owner].frame = (objects[owner].frame.map { $0 + " " } ?? "") + "mask " + (mask.isEmpty ? "none" : mask)
        case .string:
            if let key = element.key { objects[owner].texts[key] = element.text }
        case .state:
            if let title = element["title"] {
                let state = element.key ?? "normal"
                objects[owner].texts[state == "normal" ? "title" : "\(state) title"] = title
            }
        case .segment:
            let number = segmentCounts[owner, default: 0]
            segmentCounts[owner] = number + 1
            if let title = element["title"] { objects[owner].texts["segment \(number + 1)"] = title }
        case .accessibility:
            if let label = element["label"] { objects[owner].texts["accessibility label"] = label }
            if let hint = element["hint"] { objects[owner].texts["accessibility hint"] = hint }
            if let identifier = element["identifier"] { objects[owner].properties["accessibility identifier"] = identifier }
            if element["isElement"] != nil { objects[owner].properties["accessibility element"] = element["isElement"] }
        case .textInputTraits:
            kinds.forEach(of: element, NameKinds.textInput) { name, value, _ in objects[owner].properties[name] = value }
        case .fontDescription where parentIsObject:
            objects[owner].properties[element.key ?? "font"] = Self.font(element)
        case .color where parentIsObject:
            if let key = element.key, let colour = DiffColour.canonical(element) { objects[owner].properties[key] = colour }
        case .runtimeAttribute:
            if let path = element["keyPath"] {
                objects[owner].properties["runtime attribute " + path] = element["value"] ?? element.children.first.map { Self.summary(of: $0) } ?? ""
            }
        default:
            break
        }
    }

    /// A font as a reader names it: `system 17`, `boldSystem 15`, `Avenir-Heavy 20`, `text
    /// style headline`, with its weight when it has one.
    private static func font(_ element: ParsedElement) -> String {
        var parts: [String] = []
        if let style = element["style"] {
            parts.append("text style " + (style.hasPrefix("UICTFontTextStyle") ? String(style.dropFirst("UICTFontTextStyle".count)).lowercased() : style))
        } else {
            parts.append(element["name"] ?? element["type"] ?? "font")
        }
        if let size = element["pointSize"] { parts.append(size) }
        if let weight = element["weight"] { parts.append(weight) }
        return parts.joined(separator: " ")
    }

    /// A child value element of a runtime attribute, as text.
    private static func summary(of element: ParsedElement) -> String {
        if let key = element.key, element.name == "color" { return DiffColour.canonical(element) ?? key }
        return element["value"] ?? element.text
    }
}
