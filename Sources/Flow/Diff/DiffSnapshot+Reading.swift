extension DiffSnapshot {
    /// Reads the scenes of a file's bytes as libxml2 reports its elements, keeping no tree;
    /// errors as the loader's parse gives them, and "not a storyboard" for a file with no
    /// `<document>` holding `<scenes>`.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String) throws(StoryboardLoadError) -> DiffSnapshot {
        try StoryboardLoader.check(bytes, fileName: fileName)
        // Xcode writes about one object per 180 bytes.
        let reader = Reader(expectedObjects: bytes.count / 160 + 16)
        let events = XMLEventReader(bytes: bytes, names: reader.names)
        if let problem = events.read(into: reader) {
            throw StoryboardLoader.unreadable([problem], fileName: fileName)
        }
        guard reader.rootName == Name.document.rawValue, reader.hasScenes else {
            throw StoryboardLoadError(
                diagnostics: [Diagnostic(.error, file: fileName, location: reader.rootLocation, "not a storyboard: no <document> with <scenes>")],
                isUnreadable: true)
        }
        return reader.snapshot
    }

    /// Reads the scenes of a parsed file: its elements in document order, given to the same
    /// reader as a file's events (a live reload parses each save once, for the runtime too).
    init(tree: XMLTree) {
        // One object per element with an id, at most: room for them all at once, and no more
        // (a storyboard's elements without ids are a quarter of them or more: rects, colours,
        // fonts, the elements that group others).
        let idName = tree.names.firstIndex(of: "id").map { Int32($0) }
        let withIDs = idName.map { id in tree.attributes.reduce(0) { $1.name == id ? $0 + 1 : $0 } } ?? 0
        let reader = Reader(expectedObjects: withIDs)
        var names = reader.names
        let numbers = tree.names.map { names.number(of: $0) }
        let spellings = names.names
        // The elements still open, innermost last: each closes where its descendants end.
        var open: [ParsedElement] = []
        func close(_ element: ParsedElement) { reader.end(text: element.keptText) }
        for index in tree.nodes.indices {
            let element = ParsedElement(tree: tree, index: index)
            while let innermost = open.last, innermost.subtreeEnd <= index { close(open.removeLast()) }
            reader.start(
                numbers[Int(element.nameNumber)], element.attributes(numberedBy: numbers), spelling: { spellings[Int($0)] },
                location: { element.location })
            open.append(element)
        }
        while let innermost = open.popLast() { close(innermost) }
        self = reader.snapshot
    }

    /// Names the reader asks for by name: numbered first in its ``NameTable``, in this order,
    /// so each is known by its case's raw value.
    enum Name: Int32, CaseIterable {
        case id, key, document, scenes, scene, objects, sceneID, initialViewController, useAutolayout
        case x, y, width, height, title, label, hint, identifier, isElement
        case style, name, type, pointSize, weight, keyPath, value, color
        case systemColor, cocoaTouchSystemColor, alpha, white, red, green, blue

        /// The name as a file spells it: the case's own name.
        var spelling: String { Self.spellings[Int(rawValue)] }

        private static let spellings = [
            "id", "key", "document", "scenes", "scene", "objects", "sceneID", "initialViewController", "useAutolayout",
            "x", "y", "width", "height", "title", "label", "hint", "identifier", "isElement",
            "style", "name", "type", "pointSize", "weight", "keyPath", "value", "color",
            "systemColor", "cocoaTouchSystemColor", "alpha", "white", "red", "green", "blue",
        ]
    }

    /// What each element and attribute name is to the diff, by the name's number: one array
    /// look-up per element or attribute, where comparing each name with the fifty the diff
    /// reads would cost fifty comparisons of text.
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
        private var attributes: [UInt8]
        /// Each element name's role when the element has an id (nil: decided by where it is).
        private var roles: [Role?]
        private var details: [Detail]

        /// The kinds of the names the diff reads, numbered in `names` (which gains those it lacked).
        init(numbering names: inout NameTable) {
            for name in Name.allCases {
                let number = names.number(of: name.spelling)
                assert(number == name.rawValue, "the reader's names are numbered first, in order")
            }
            let lists = [
                (DiffSnapshot.textAttributes, Self.text), (DiffSnapshot.propertyAttributes, Self.property),
                (DiffSnapshot.connectionAttributes, Self.connection), (DiffSnapshot.referenceAttributes, Self.reference),
                (DiffSnapshot.textInputAttributes, Self.textInput),
            ]
            var kinds: [Int32: UInt8] = [:]
            for (list, kind) in lists {
                for name in list { kinds[names.number(of: name), default: 0] |= kind }
            }
            for name in [
                "segue", "outlet", "outletCollection", "action", "constraint", "placeholder", "exit", "viewLayoutGuide", "layoutGuide",
                "rect", "autoresizingMask", "string", "state", "segment", "accessibility", "textInputTraits", "fontDescription",
                "userDefinedRuntimeAttribute",
            ] {
                _ = names.number(of: name)
            }
            attributes = names.names.indices.map { kinds[Int32($0)] ?? 0 }
            roles = names.names.map(DiffSnapshot.role(ofElement:))
            details = names.names.map(Detail.init(element:))
        }

        /// The kinds of attribute name `number`, as bits (none for a name the diff never reads).
        func attribute(_ number: Int32) -> UInt8 {
            number >= 0 && Int(number) < attributes.count ? attributes[Int(number)] : 0
        }

        func role(_ number: Int32) -> Role? {
            Int(number) < roles.count ? roles[Int(number)] : nil
        }

        func detail(_ number: Int32) -> Detail {
            Int(number) < details.count ? details[Int(number)] : .none
        }
    }

    /// Builds a snapshot from a file's elements, each read once as it comes: an element's
    /// owner is its parent's, or its parent when the parent is an object, and parents come
    /// before their children. No recursion (a hostile file can nest deeply) and no tree.
    ///
    /// What an element says about its owner is written when the element starts, as a reader
    /// of the whole file in document order would; two values come only later (a `<string>`'s
    /// text at its end, a runtime attribute's value from its first child) and are written
    /// then, unless an element inside wrote the same value first: one that starts later wins.
    final class Reader: XMLEventHandler {
        /// The names read by name and by kind, numbered in advance.
        let names: NameTable
        private let kinds: NameKinds
        @exclusivity(unchecked) private(set) var snapshot = DiffSnapshot()
        /// The document element's name number and position, and whether it holds `<scenes>`.
        @exclusivity(unchecked) private(set) var rootName: Int32 = -1
        @exclusivity(unchecked) private(set) var rootLocation = SourceLocation.unknown
        @exclusivity(unchecked) private(set) var hasScenes = false

        /// Where an element lies: the document element, a `<scenes>` in it, a `<scene>` in
        /// that, inside a scene, or anywhere else (never read).
        private enum Place { case root, scenes, scene, inside, outside }

        /// A value of an object written when an element ends, not when it starts.
        private struct Later {
            var owner: Int
            var isText: Bool
            var key: String
            /// Whether an element that started later (one inside) wrote the same value.
            var overtaken = false
        }

        /// An open element.
        private struct Frame {
            var name: Int32
            var place: Place
            /// The object the element belongs to (itself, when it is one); -1 for none.
            var owner: Int32 = -1
            var isObject = false
            /// The index in `laters` of the value it writes when it ends; -1 for none.
            var later: Int32 = -1
            /// A runtime attribute whose value is its first child's, not seen yet.
            var awaitsChild = false
            /// The element's text is its parent's (a runtime attribute's) value.
            var givesParentText = false
        }

        // The reader's state is only ever touched from its own calls, one at a time on the
        // thread reading, so the runtime's exclusivity checks are left out for it (as for the
        // tree builder's).

        @exclusivity(unchecked) private var frames: [Frame] = []
        /// The values open elements write when they end, outermost first.
        @exclusivity(unchecked) private var laters: [Later] = []

        // The scene being read.
        @exclusivity(unchecked) private var sceneID = ""
        @exclusivity(unchecked) private var sceneStart = 0
        @exclusivity(unchecked) private var controllerID: String?
        @exclusivity(unchecked) private var segmentCounts: [Int: Int] = [:]
        /// Where a frame's numbers are put together.
        @exclusivity(unchecked) private var frameBytes: [UInt8] = []
        private static let rectNames: [Name] = [.x, .y, .width, .height]

        /// A reader with room for about `expectedObjects` objects from the start, as the tree's
        /// arrays have for its elements.
        init(expectedObjects: Int) {
            var names = NameTable()
            kinds = NameKinds(numbering: &names)
            self.names = names
            snapshot.objects.reserveCapacity(expectedObjects)
            snapshot.index.reserveCapacity(expectedObjects)
            frames.reserveCapacity(64)
        }

        func startElement(_ name: Int32, _ attributes: XMLEventReader.Attributes, in reader: XMLEventReader) {
            start(name, attributes, spelling: { reader.names.names[Int($0)] }, location: reader.startOfTag)
        }

        func endElement(_ name: Int32, text: String?) {
            end(text: text)
        }

        /// An element starts: `spelling` gives a name number's text, `location` the element's
        /// position (asked only for the elements whose position is kept).
        func start<Attributes: XMLAttributeList>(
            _ name: Int32, _ attributes: Attributes, spelling: (Int32) -> String, location: () -> SourceLocation
        ) {
            guard let parent = frames.last else {
                rootName = name
                rootLocation = location()
                snapshot.initialID = attributes[Name.initialViewController.rawValue]
                snapshot.usesAutoLayout = attributes[Name.useAutolayout.rawValue] == "YES"
                frames.append(Frame(name: name, place: .root))
                return
            }
            switch parent.place {
            case .root where name == Name.scenes.rawValue:
                hasScenes = true
                frames.append(Frame(name: name, place: .scenes))
            case .scenes where name == Name.scene.rawValue:
                sceneID = attributes[Name.sceneID.rawValue] ?? ""
                sceneStart = snapshot.objects.count
                controllerID = nil
                segmentCounts.removeAll(keepingCapacity: true)
                frames.append(Frame(name: name, place: .scene))
            case .scene, .inside:
                startInside(name, attributes, spelling: spelling, location: location)
            default:
                frames.append(Frame(name: name, place: .outside))
            }
        }

        /// An element ends; `text` is its character data when it is a text element.
        func end(text: String?) {
            guard let last = frames.indices.last else { return }
            // A `<string>`'s text, or a runtime attribute's value when it had no child (no text).
            if frames[last].later >= 0 { writeLater(last, text ?? "") }
            let frame = frames.removeLast()
            if frame.givesParentText { writeLater(frames.count - 1, text ?? "") }
            if frame.place == .scene {
                snapshot.scenes.append(
                    Scene(sceneID: sceneID, controllerID: controllerID ?? sceneID, objectRange: sceneStart..<snapshot.objects.count))
            }
        }

        private func startInside<Attributes: XMLAttributeList>(
            _ name: Int32, _ attributes: Attributes, spelling: (Int32) -> String, location: () -> SourceLocation
        ) {
            let parentSlot = frames.count - 1
            let parent = frames[parentSlot]
            var frame = Frame(name: name, place: .inside, owner: parent.place == .scene ? -1 : parent.owner)
            if parent.awaitsChild {
                // A runtime attribute's value is its first child's: a colour, a value, or its text.
                frames[parentSlot].awaitsChild = false
                if let key = attributes[Name.key.rawValue], name == Name.color.rawValue {
                    writeLater(parentSlot, DiffColour.canonical { attributes[$0.rawValue] } ?? key)
                } else if let value = attributes[Name.value.rawValue] {
                    writeLater(parentSlot, value)
                } else {
                    frame.givesParentText = true
                }
            }
            let owner = Int(frame.owner)
            if name != Name.scene.rawValue, let id = attributes[Name.id.rawValue] {
                let role = kinds.role(name) ?? (controllerID == nil && parent.name == Name.objects.rawValue ? .controller : .view)
                if role == .controller { controllerID = id }
                let position = location()
                let next = snapshot.objects.count
                snapshot.objects.append(
                    Object(
                        id: id, element: spelling(name), role: role, scene: snapshot.scenes.count,
                        parent: owner >= 0 ? snapshot.objects[owner].id : nil, parentIndex: Int32(owner), key: attributes[Name.key.rawValue],
                        line: position.line, column: position.column))
                // Filled where it lies, not copied in.
                read(attributes, spelling: spelling, into: &snapshot.objects[next])
                // One look-up: an id seen before keeps its first object, a new one gets this.
                snapshot.objects[next].first = Self.held(&snapshot.index[id, default: next])
                frame.owner = Int32(next)
                frame.isObject = true
            } else if owner >= 0 {
                let detail = kinds.detail(name)
                if detail != .none {
                    readDetail(detail, attributes, spelling: spelling, parentIsObject: parent.place == .inside && parent.isObject, into: owner, frame: &frame)
                }
            }
            frames.append(frame)
        }

        /// The value an `inout` access holds (a dictionary's slot, made when it was missing).
        private static func held(_ slot: inout Int) -> Int { slot }

        /// An object element's own attributes.
        private func read<Attributes: XMLAttributeList>(_ attributes: Attributes, spelling: (Int32) -> String, into object: inout Object) {
            let wanted: UInt8
            switch object.role {
            case .controller, .view: wanted = NameKinds.text | NameKinds.property | NameKinds.reference
            case .segue, .connection, .constraint: wanted = NameKinds.connection | NameKinds.reference
            case .placeholder: wanted = NameKinds.reference
            }
            for index in 0..<attributes.count {
                let number = attributes.name(index)
                let kind = kinds.attribute(number) & wanted
                guard kind != 0 else { continue }
                let name = spelling(number)
                let value = attributes.value(index)
                switch object.role {
                case .controller, .view:
                    if kind & NameKinds.text != 0, name != "label" { object.texts[name] = value }
                    if kind & NameKinds.property != 0 { object.properties[name] = value }
                case .segue, .connection, .constraint:
                    if kind & NameKinds.connection != 0 { object.properties[name] = value }
                case .placeholder:
                    break
                }
                if kind & NameKinds.reference != 0 { object.references[name] = value }
            }
        }

        /// What an id-less element says about the object it belongs to.
        private func readDetail<Attributes: XMLAttributeList>(
            _ detail: NameKinds.Detail, _ attributes: Attributes, spelling: (Int32) -> String, parentIsObject: Bool, into owner: Int,
            frame: inout Frame
        ) {
            func attribute(_ name: Name) -> String? { attributes[name.rawValue] }
            switch detail {
            case .rect where parentIsObject && attribute(.key) == "frame":
                // `x y width height`, put together from the values' bytes: one string made, not seven.
                frameBytes.removeAll(keepingCapacity: true)
                for (number, name) in Self.rectNames.enumerated() {
                    if number > 0 { frameBytes.append(UInt8(ascii: " ")) }
                    if let index = attributes.index(of: name.rawValue) {
                        attributes.appendValue(index, to: &frameBytes)
                    } else {
                        frameBytes.append(UInt8(ascii: "0"))
                    }
                }
                let rect = String(decoding: frameBytes, as: UTF8.self)
                snapshot.objects[owner].frame = rect + (snapshot.objects[owner].frame.map { " " + $0 } ?? "")
            case .autoresizingMask where parentIsObject:
                let mask = (0..<attributes.count).filter { attributes.name($0) >= 0 }.map { spelling(attributes.name($0)) }
                    .filter { $0 != "key" }.sorted().joined(separator: ",")
                // No flags (Xcode's spelling for every cell) is a mask too: the view keeps its size
                // and place when its superview's change.
                snapshot.objects[owner].frame = (snapshot.objects[owner].frame.map { $0 + " " } ?? "") + "mask " + (mask.isEmpty ? "none" : mask)
            case .string:
                if let key = attribute(.key) { later(&frame, Later(owner: owner, isText: true, key: key)) }
            case .state:
                if let title = attribute(.title) {
                    let state = attribute(.key) ?? "normal"
                    write(owner, isText: true, state == "normal" ? "title" : "\(state) title", title)
                }
            case .segment:
                let number = segmentCounts[owner, default: 0]
                segmentCounts[owner] = number + 1
                if let title = attribute(.title) { write(owner, isText: true, "segment \(number + 1)", title) }
            case .accessibility:
                if let label = attribute(.label) { write(owner, isText: true, "accessibility label", label) }
                if let hint = attribute(.hint) { write(owner, isText: true, "accessibility hint", hint) }
                if let identifier = attribute(.identifier) { write(owner, isText: false, "accessibility identifier", identifier) }
                if let isElement = attribute(.isElement) { write(owner, isText: false, "accessibility element", isElement) }
            case .textInputTraits:
                for index in 0..<attributes.count where kinds.attribute(attributes.name(index)) & NameKinds.textInput != 0 {
                    write(owner, isText: false, spelling(attributes.name(index)), attributes.value(index))
                }
            case .fontDescription where parentIsObject:
                write(owner, isText: false, attribute(.key) ?? "font", Self.font(attribute))
            case .color where parentIsObject:
                if let key = attribute(.key), let colour = DiffColour.canonical(attribute) { write(owner, isText: false, key, colour) }
            case .runtimeAttribute:
                if let path = attribute(.keyPath) {
                    let key = "runtime attribute " + path
                    if let value = attribute(.value) {
                        write(owner, isText: false, key, value)
                    } else {
                        later(&frame, Later(owner: owner, isText: false, key: key))
                        frame.awaitsChild = true
                    }
                }
            default:
                break
            }
        }

        /// Writes one of an object's texts or properties, which overtakes the same value of
        /// any open element still to write it.
        private func write(_ owner: Int, isText: Bool, _ key: String, _ value: String) {
            for index in laters.indices where laters[index].owner == owner && laters[index].isText == isText && laters[index].key == key {
                laters[index].overtaken = true
            }
            if isText {
                snapshot.objects[owner].texts[key] = value
            } else {
                snapshot.objects[owner].properties[key] = value
            }
        }

        private func later(_ frame: inout Frame, _ value: Later) {
            frame.later = Int32(laters.count)
            laters.append(value)
        }

        /// Writes the value the open element at `slot` waited for, unless one inside it overtook it.
        /// The innermost open element waiting to write is always the one that ends first.
        private func writeLater(_ slot: Int, _ value: String) {
            guard frames[slot].later >= 0, let later = laters.popLast() else { return }
            assert(frames[slot].later == laters.count, "values written later are written innermost first")
            frames[slot].later = -1
            frames[slot].awaitsChild = false
            if !later.overtaken { write(later.owner, isText: later.isText, later.key, value) }
        }

        /// A font as a reader names it: `system 17`, `boldSystem 15`, `Avenir-Heavy 20`, `text
        /// style headline`, with its weight when it has one.
        private static func font(_ attribute: (Name) -> String?) -> String {
            var parts: [String] = []
            if let style = attribute(.style) {
                parts.append(
                    "text style " + (style.hasPrefix("UICTFontTextStyle") ? String(style.dropFirst("UICTFontTextStyle".count)).lowercased() : style))
            } else {
                parts.append(attribute(.name) ?? attribute(.type) ?? "font")
            }
            if let size = attribute(.pointSize) { parts.append(size) }
            if let weight = attribute(.weight) { parts.append(weight) }
            return parts.joined(separator: " ")
        }
    }
}
