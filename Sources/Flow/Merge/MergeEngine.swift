/// One pass of a merge: walks the three trees together and writes the merged bytes.
struct MergeEngine {
    let base: MergeSource
    let ours: MergeSource
    let theirs: MergeSource
    let choices: [String: MergeConflict.Choice]
    let adjustments: MergeAdjustments
    /// Whether theirs was saved by a newer Xcode: its derived values win.
    let theirsNewer: Bool
    /// Frames are derived (Auto Layout places the views).
    let autoLayout: Bool
    /// The spaces of one level of nesting, as ours writes it.
    let indentUnit: Int
    /// The files are Interface Builder 3 archives (``MergeArchive``).
    let archive: Bool
    /// The element being merged is inside a part of an archive Interface Builder writes by
    /// itself: where both sides changed it, the newer save's is taken whole.
    private var inDerivedPart = false
    private(set) var conflicts: [MergeConflict] = []
    /// The elements written whole, as their side has them, in the order of the result: its
    /// check carries them over instead of reading them again.
    private(set) var copies: [MergeCopy] = []
    private var output: [UInt8] = []
    /// What the pass found of which elements are the same or hold what: the answers hold for
    /// the three files whatever a pass decides, so a merge of more than one pass hands them on.
    private(set) var hashes: MergeHashes
    /// Whether the pass stops at its first conflict: a merge that keeps only a result with
    /// none (archives of two format versions) needs no more of it.
    private let stopsAtConflict: Bool
    /// Where each side's objects are: the location of an element with an id.
    private let locations: Locations
    /// Objects that moved, or that a check decided about: elements holding them (in any
    /// version) are merged child by child, never copied whole.
    private let holdersOfSpecial: Set<MergeElement>
    /// Elements holding an object one side deleted that the merge keeps.
    private let holdersOfRestored: Set<MergeElement>

    /// Where each version's objects are, and the objects that moved: the same at every pass
    /// of one merge, so worked out once (``locations(base:ours:theirs:)``).
    struct Locations {
        /// Each version's elements' children's locations, by place (``childLocations(in:)``).
        let base: ContiguousArray<Int>
        let ours: ContiguousArray<Int>
        let theirs: ContiguousArray<Int>
        let moved: Set<String>
    }

    static func locations(base: MergeSource, ours: MergeSource, theirs: MergeSource) -> Locations {
        let (b, o, t) = (childLocations(in: base), childLocations(in: ours), childLocations(in: theirs))
        var moved = Set<String>()
        for (id, element) in ours.byID {
            if let here = location(of: element, in: o), let there = theirs.byID[id].flatMap({ location(of: $0, in: t) }), there != here {
                moved.insert(id)
            }
        }
        for (id, element) in base.byID {
            guard let before = location(of: element, in: b) else { continue }
            if let now = ours.byID[id].flatMap({ location(of: $0, in: o) }), now != before { moved.insert(id) }
            if let now = theirs.byID[id].flatMap({ location(of: $0, in: t) }), now != before { moved.insert(id) }
        }
        return Locations(base: b, ours: o, theirs: t, moved: moved)
    }

    init(
        base: MergeSource, ours: MergeSource, theirs: MergeSource, locations: Locations, choices: [String: MergeConflict.Choice],
        adjustments: MergeAdjustments, hashes: MergeHashes = MergeHashes(), stopsAtConflict: Bool = false
    ) {
        self.base = base
        self.hashes = hashes
        self.stopsAtConflict = stopsAtConflict
        self.ours = ours
        self.theirs = theirs
        self.choices = choices
        self.adjustments = adjustments
        archive = MergeArchive.isArchive(ours) && MergeArchive.isArchive(theirs)
        theirsNewer =
            archive
            ? MergeArchive.isNewer(theirs, than: ours)
            : MergeRules.isNewer(theirs.root.attribute("toolsVersion"), than: ours.root.attribute("toolsVersion"))
        autoLayout = (ours.root.attribute("useAutolayout") ?? theirs.root.attribute("useAutolayout")) == "YES"
        indentUnit = Self.indentation(of: ours)
        self.locations = locations
        let special = locations.moved.union(adjustments.leftOut.keys).union(adjustments.notes.keys).union(adjustments.restored)
            .union(adjustments.duplicates)
        holdersOfSpecial = Self.holders(of: special, in: [base, ours, theirs])
        holdersOfRestored = Self.holders(of: adjustments.restored, in: [base, ours, theirs])
    }

    /// The elements that are or hold an object with one of `ids`, in any of the versions.
    private static func holders(of ids: Set<String>, in sources: [MergeSource]) -> Set<MergeElement> {
        var result = Set<MergeElement>()
        for id in ids {
            for source in sources {
                var element = source.byID[id]
                while let current = element, result.insert(current).inserted {
                    element = current.parent
                }
            }
        }
        return result
    }

    // MARK: - Locations

    /// The spaces before the document element's first child, Xcode's four unless the file says otherwise.
    private static func indentation(of source: MergeSource) -> Int {
        guard let first = source.root.children.first else { return 4 }
        let leading = source.bytes[first.leading]
        guard let newline = leading.lastIndex(of: 0x0A) else { return 4 }
        let spaces = leading.distance(from: newline, to: leading.endIndex) - 1
        return spaces > 0 ? spaces : 4
    }

    /// Where each element's children are, by place: a digest of the path of keys from the
    /// nearest element with an id (or the document element) down to it. An object's location
    /// is its parent's entry. Digests, not the paths themselves, in one pass in document order
    /// (a parent comes before its children): this runs over every element of three files.
    private static func childLocations(in source: MergeSource) -> ContiguousArray<Int> {
        var result = ContiguousArray(repeating: rootLocation, count: source.tree.nodes.count)
        for place in 1..<max(1, result.count) {
            let element = MergeElement(tree: source.tree, place: place)
            guard !element.children.isEmpty, let parent = element.parent else { continue }
            result[place] = location(result[parent.place], element)
        }
        return result
    }

    /// Where an element is: its parent's children's location; nil for the document element.
    private static func location(of element: MergeElement, in childLocations: ContiguousArray<Int>) -> Int? {
        element.parent.map { childLocations[$0.place] }
    }

    /// The location of the document element's children.
    static let rootLocation = "/".hashValue

    /// Where the children of `element` are, whose own siblings are at `parent`: its id, else
    /// its name, key and scene id under its parent's location. (Places among siblings of one
    /// name are left out: lists of objects hold objects with ids.)
    static func location(_ parent: Int, _ element: MergeElement) -> Int {
        var hasher = Hasher()
        if let id = element.id {
            hasher.combine(id)
            return hasher.finalize()
        }
        hasher.combine(parent)
        hasher.combine(element.name)
        hasher.combine(element.key)
        hasher.combine(element.attribute("sceneID"))
        return hasher.finalize()
    }

    /// Where the merge puts an object with an id: where the side that moved it put it.
    private func mergedLocation(of id: String) -> Int? {
        let (b, o, t) = (
            base.byID[id].flatMap { Self.location(of: $0, in: locations.base) },
            ours.byID[id].flatMap { Self.location(of: $0, in: locations.ours) },
            theirs.byID[id].flatMap { Self.location(of: $0, in: locations.theirs) }
        )
        switch (o, t) {
        case (let o?, let t?):
            if o == t { return o }
            if o == b { return t }
            return o
        case (let o?, nil): return o
        case (nil, let t?): return t
        case (nil, nil): return nil
        }
    }

    // MARK: - Running

    mutating func run() -> [UInt8] {
        output.reserveCapacity(max(ours.bytes.count, theirs.bytes.count) + 1024)
        let prologSide = theirsNewer ? theirs : ours
        output.append(contentsOf: prologSide.bytes[prologSide.prolog])
        mergeElement(MergeTriple(base: base.root, ours: ours.root, theirs: theirs.root), location: Self.rootLocation, depth: 0, indent: [])
        output.append(contentsOf: ours.bytes[ours.epilog])
        return output
    }

    /// The side's source.
    private func source(_ side: MergeSide) -> MergeSource {
        switch side {
        case .base: base
        case .ours: ours
        case .theirs: theirs
        }
    }

    /// Writes one element that is in ours, theirs or both; `location` is where its children are.
    private mutating func mergeElement(_ triple: MergeTriple, location: Int, depth: Int, indent: [UInt8]) {
        guard let primary = triple.ours ?? triple.theirs, !(stopsAtConflict && !conflicts.isEmpty) else { return }
        // Whole elements first: one side unchanged, or both changed alike, and no object in
        // it that the merge places, drops or annotates on its own.
        if let o = triple.ours, let t = triple.theirs {
            let plain = !touchesSpecial(o) && !touchesSpecial(t)
            if plain && hashes.same(o, t) {
                copy(o, from: .ours, depth: depth)
                return
            }
            if plain, let b = triple.base, hashes.same(o, b) {
                copy(t, from: .theirs, depth: depth)
                return
            }
            if plain, let b = triple.base, hashes.same(t, b) {
                copy(o, from: .ours, depth: depth)
                return
            }
            if o.isOpaque || t.isOpaque {
                // The contents as values: which of the three are the same.
                let theirsValue = hashes.same(o, t) ? "ours" : "theirs"
                let baseValue = triple.base.map { hashes.same($0, o) ? "ours" : hashes.same($0, t) ? theirsValue : "base" }
                let (side, conflict) = decide(
                    triple, what: "contents", values: ("ours", theirsValue, baseValue),
                    derived: false, display: (ours.text(o.range), theirs.text(t.range), triple.base.map { base.text($0.range) }))
                writeNotes(conflict.map { [$0] } ?? [], indent: indent)
                copy(side == .theirs ? t : o, from: side == .theirs ? .theirs : .ours, depth: depth)
                return
            }
        } else {
            let side: MergeSide = triple.ours != nil ? .ours : .theirs
            if !touchesSpecial(primary) && !sharesObjects(primary, side: side) {
                copy(primary, from: side, depth: depth)
                return
            }
        }
        if archive, let o = triple.ours, let t = triple.theirs {
            // The highest number given: the higher side's, so that no number is given twice.
            if MergeArchive.isMaxID(o) {
                let higher = (Int(t.textDigest ?? "") ?? 0) > (Int(o.textDigest ?? "") ?? 0)
                copy(higher ? t : o, from: higher ? .theirs : .ours, depth: depth)
                return
            }
            // What Interface Builder writes by itself, changed by both: the newer save's.
            if inDerivedPart || MergeArchive.isDerived(o) {
                copy(theirsNewer ? t : o, from: theirsNewer ? .theirs : .ours, depth: depth)
                return
            }
            // A value both changed that a rule decides (flags bit by bit…).
            if let oText = o.text, let tText = t.text, o.attributes.count == t.attributes.count, o.key == t.key, let b = triple.base,
                let bText = b.text, o.textDigest != b.textDigest, t.textDigest != b.textDigest, o.textDigest != t.textDigest,
                let value = MergeArchive.mergedValue(
                    base: base.text(bText), ours: ours.text(oText), theirs: theirs.text(tText), key: o.key, theirsNewer: theirsNewer)
            {
                output.append(contentsOf: ours.bytes[o.startTag])
                output.append(contentsOf: Array(value.utf8))
                output.append(contentsOf: ours.bytes[oText.upperBound..<o.range.upperBound])
                return
            }
        }
        var notes: [MergeConflict] = []
        let attributes = mergeAttributes(triple, notes: &notes)
        let text = mergeText(triple, notes: &notes)
        writeNotes(notes, indent: indent)

        // The start tag, then what it holds written straight after it; an element left with
        // nothing inside is written again as one tag.
        let tagStart = output.count
        writeStartTag(of: primary, attributes, ours: triple.ours, isEmpty: false)
        if let text {
            output.append(contentsOf: source(text.side).bytes[text.range])
        } else {
            guard let trailing = mergeChildren(triple, location: location, depth: depth) else {
                output.removeSubrange(tagStart...)
                while let last = copies.last, last.offset >= tagStart { copies.removeLast() }
                writeStartTag(of: primary, attributes, ours: triple.ours, isEmpty: true)
                return
            }
            output.append(contentsOf: trailing)
        }
        output.append(contentsOf: Array("</".utf8))
        output.append(contentsOf: Array(primary.name.utf8))
        output.append(UInt8(ascii: ">"))
    }

    /// Writes a merged start tag: ours' bytes when nothing in it changed.
    private mutating func writeStartTag(
        of element: MergeElement, _ attributes: [(attribute: MergeAttribute, side: MergeSide)], ours o: MergeElement?, isEmpty: Bool
    ) {
        let sameAsOurs: Bool = {
            guard let o, attributes.count == o.attributes.count, o.selfClosing == isEmpty else { return false }
            return zip(attributes, o.attributes).allSatisfy { $0.side == .ours && $0.attribute == $1 }
        }()
        if sameAsOurs, let o {
            output.append(contentsOf: ours.bytes[o.startTag])
            return
        }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: Array(element.name.utf8))
        for attribute in attributes {
            output.append(0x20)
            output.append(contentsOf: source(attribute.side).bytes[attribute.attribute.whole])
        }
        output.append(contentsOf: isEmpty ? Array("/>".utf8) : [UInt8(ascii: ">")])
    }

    /// Whether an element holds an object the merge moves, drops or annotates on its own, so
    /// that it cannot be copied whole.
    private mutating func touchesSpecial(_ element: MergeElement) -> Bool {
        holdersOfSpecial.contains(element)
    }

    /// Whether an element only one side has holds objects the other side has too (a view
    /// wrapped in a new stack view by one side, changed by the other).
    private mutating func sharesObjects(_ element: MergeElement, side: MergeSide) -> Bool {
        let other = side == .ours ? theirs : ours
        return hashes.contains(element, purpose: side == .ours ? 0 : 1) { other.byID[$0] != nil }
    }

    /// Whether the merge drops an object with an id (deleted by one side, unchanged by the other).
    private mutating func isDeleted(_ id: String) -> Bool {
        guard let b = base.byID[id] else { return false }
        let o = ours.byID[id]
        let t = theirs.byID[id]
        if o != nil && t != nil { return false }
        if adjustments.restored.contains(id) { return false }
        if o == nil && t == nil { return true }
        let survivor = o ?? t!
        return hashes.semantic(survivor, autoLayout: autoLayout) == hashes.semantic(b, autoLayout: autoLayout)
            || MergeSafeAreaMove.sameButForTheMove(b, survivor, autoLayout: autoLayout)
            || choices[deletionKey(id)] == (o == nil ? .ours : .theirs)
    }

    private func deletionKey(_ id: String) -> String { "delete:" + id }

    /// Writes an element as one side has it, re-indented if the merge puts it at another depth.
    private mutating func copy(_ element: MergeElement, from side: MergeSide, depth: Int) {
        let bytes = source(side).bytes[element.range]
        let shift = (depth - element.depth) * indentUnit
        guard shift != 0 else {
            copies.append(MergeCopy(offset: output.count, element: element))
            output.append(contentsOf: bytes)
            return
        }
        Self.reindent(bytes, by: shift, into: &output)
    }

    /// Bytes with every line after the first moved right (or left) by `shift` spaces.
    static func reindent<Bytes: Collection>(_ bytes: Bytes, by shift: Int, into output: inout [UInt8]) where Bytes.Element == UInt8 {
        var atLineStart = false
        var dropped = 0
        for byte in bytes {
            if atLineStart {
                if shift < 0 && byte == 0x20 && dropped < -shift {
                    dropped += 1
                    continue
                }
                if shift > 0 { output.append(contentsOf: repeatElement(0x20, count: shift)) }
                atLineStart = false
            }
            output.append(byte)
            if byte == 0x0A {
                atLineStart = true
                dropped = 0
            }
        }
    }

    /// Writes comments naming conflicts, each on a line of its own before the element.
    private mutating func writeNotes(_ notes: [MergeConflict], indent: [UInt8]) {
        for note in notes {
            output.append(contentsOf: Array(note.comment.utf8))
            output.append(0x0A)
            output.append(contentsOf: indent)
            if !conflicts.contains(where: { $0.key == note.key }) && !adjustments.conflicts.contains(where: { $0.key == note.key }) {
                conflicts.append(note)
            }
        }
    }

    // MARK: - Values

    /// Decides one value three ways: the side whose value the merge takes, and the conflict
    /// when both changed it and it is not derived.
    private mutating func decide(
        _ triple: MergeTriple, what: String, values: (ours: String?, theirs: String?, base: String?), derived: Bool,
        display: (ours: String?, theirs: String?, base: String?)? = nil
    ) -> (MergeSide, MergeConflict?) {
        if values.ours == values.theirs || values.theirs == values.base { return (.ours, nil) }
        if values.ours == values.base { return (.theirs, nil) }
        if derived { return (theirsNewer ? .theirs : .ours, nil) }
        let element = triple.ours ?? triple.theirs!
        let key = "value:" + objectKey(element) + ":" + what
        if let chosen = choices[key] { return (chosen == .base ? .base : chosen == .theirs ? .theirs : .ours, nil) }
        let choice = MergeConflict.Choice.ours
        let shown = display ?? values
        let conflict = MergeConflict(
            kind: .bothChanged, key: key, scene: sceneName(of: element), object: objectName(element), what: what,
            ours: shown.ours, theirs: shown.theirs, base: shown.base, kept: choice, objectID: element.nearestObject?.id)
        return (choice == .base ? .base : choice == .theirs ? .theirs : .ours, conflict)
    }

    /// A name for an element that stays the same in every version: its nearest id and the keys below it.
    private func objectKey(_ element: MergeElement) -> String {
        var parts: [String] = []
        var current: MergeElement? = element
        while let node = current {
            if let id = node.id {
                parts.append("#" + id)
                break
            }
            parts.append(MergeRules.identity(of: node).key)
            current = node.parent
        }
        return parts.reversed().joined(separator: "/")
    }

    /// The merged attributes of an element, each with the side whose bytes it is written from.
    private mutating func mergeAttributes(_ triple: MergeTriple, notes: inout [MergeConflict]) -> [(attribute: MergeAttribute, side: MergeSide)] {
        let element = triple.ours ?? triple.theirs!
        var names: [String] = (triple.ours ?? triple.theirs)?.attributes.map(\.name) ?? []
        if let o = triple.ours, let t = triple.theirs {
            // Theirs' new attributes after the attribute they follow in theirs.
            for (index, attribute) in t.attributes.enumerated() where !names.contains(attribute.name) {
                if triple.base?.attribute(attribute.name) != nil && o.attribute(attribute.name) == nil { continue }
                let previous = t.attributes[..<index].last { names.contains($0.name) }
                let position = previous.flatMap { names.firstIndex(of: $0.name) }.map { $0 + 1 } ?? 0
                names.insert(attribute.name, at: position)
            }
        }
        var result: [(MergeAttribute, MergeSide)] = []
        for name in names {
            let values = (
                triple.ours?.attributes.first { $0.name == name }, triple.theirs?.attributes.first { $0.name == name },
                triple.base?.attributes.first { $0.name == name }
            )
            let derived =
                MergeRules.isDerived(name, of: element, autoLayout: autoLayout)
                || MergeRules.isOneNumber(values.0?.value, values.1?.value, attribute: name, of: element)
            let (side, conflict) =
                triple.ours == nil || triple.theirs == nil
                ? (triple.ours == nil ? MergeSide.theirs : .ours, nil)
                : decide(triple, what: "attribute " + name, values: (values.0?.value, values.1?.value, values.2?.value), derived: derived)
            if let conflict { notes.append(conflict) }
            let chosen: MergeAttribute? =
                switch side {
                case .ours: values.0
                case .theirs: values.1
                case .base: values.2
                }
            if let chosen { result.append((chosen, side)) }
        }
        return result
    }

    /// The merged text of an element holding text, or nil when it holds elements.
    private mutating func mergeText(_ triple: MergeTriple, notes: inout [MergeConflict]) -> (range: Range<Int>, side: MergeSide)? {
        let texts = (
            triple.ours.flatMap { o in o.text.map { ours.text($0) } }, triple.theirs.flatMap { t in t.text.map { theirs.text($0) } },
            triple.base.flatMap { b in b.text.map { base.text($0) } }
        )
        guard texts.0 != nil || texts.1 != nil else { return nil }
        if triple.ours?.children.isEmpty == false || triple.theirs?.children.isEmpty == false {
            return nil
        }
        let (side, conflict) =
            triple.ours == nil || triple.theirs == nil
            ? (triple.ours == nil ? MergeSide.theirs : .ours, nil)
            : decide(triple, what: "text", values: texts, derived: false)
        if let conflict { notes.append(conflict) }
        let element: MergeElement? =
            switch side {
            case .ours: triple.ours
            case .theirs: triple.theirs
            case .base: triple.base
            }
        guard let element, let range = element.text else { return nil }
        return (range, side)
    }

    // MARK: - Children

    /// Writes the merged children of an element, and gives the bytes before its end tag; nil
    /// (and nothing but whitespace written) when no child is left.
    private mutating func mergeChildren(_ triple: MergeTriple, location: Int, depth: Int) -> [UInt8]? {
        let lists = (base: Self.children(of: triple.base), ours: Self.children(of: triple.ours), theirs: Self.children(of: triple.theirs))
        let keys = (base: MergeRules.keys(of: lists.base), ours: MergeRules.keys(of: lists.ours), theirs: MergeRules.keys(of: lists.theirs))
        // Objects the merge places elsewhere are not this element's children.
        func here(_ pair: (String, MergeElement)) -> Bool {
            guard let id = pair.1.id else { return true }
            return mergedLocation(of: id) == location
        }
        let oursHere = zip(keys.ours, lists.ours).filter(here)
        let theirsHere = zip(keys.theirs, lists.theirs).filter(here)
        let order = Self.mergedOrder(base: keys.base, ours: oursHere.map(\.0), theirs: theirsHere.map(\.0))
        let byKey = (
            base: Dictionary(zip(keys.base, lists.base), uniquingKeysWith: { first, _ in first }),
            ours: Dictionary(oursHere, uniquingKeysWith: { first, _ in first }),
            theirs: Dictionary(theirsHere, uniquingKeysWith: { first, _ in first })
        )

        // An element one side deleted that the merge keeps (its conflict is named once, on
        // it) keeps all it holds: its children are no deletions of their own.
        let keptWhole = triple.base != nil && (triple.ours == nil || triple.theirs == nil)
        // An archive's dictionary of parallel arrays merges entry by entry, by key.
        let dictionary = archive ? mergedEntries(triple) : nil
        let bodyStart = output.count
        var written = 0
        for key in order {
            if stopsAtConflict && !conflicts.isEmpty { break }
            let o = byKey.ours[key]
            let t = byKey.theirs[key]
            let element = (o ?? t)!
            let side: MergeSide = o != nil ? .ours : .theirs
            if let dictionary, !element.selfClosing, let part = element.key, part == "dict.sortedKeys" || part == "dict.values" {
                writeParallel(element, side: side, entries: dictionary, values: part == "dict.values", depth: depth + 1, location: Self.location(location, element))
                written += 1
                continue
            }
            if let id = element.id {
                // An object is the same object wherever each version has it.
                let objects = MergeTriple(base: base.byID[id], ours: ours.byID[id], theirs: theirs.byID[id])
                if adjustments.duplicates.contains(id) { continue }
                if let conflict = adjustments.leftOut[id] {
                    output.append(contentsOf: source(side).bytes[element.leading])
                    output.append(contentsOf: Array(conflict.comment.utf8))
                    continue
                }
                var notes = adjustments.notes[id] ?? []
                if !keptWhole && objects.base != nil && (objects.ours == nil || objects.theirs == nil) {
                    if isDeleted(id) { continue }
                    if !adjustments.restored.contains(id) { notes.append(deletionConflict(element, key: deletionKey(id), deletedByOurs: objects.ours == nil)) }
                }
                writeChild(objects, leadingFrom: element, side: side, depth: depth + 1, location: Self.location(location, element), notes: notes)
                written += 1
                continue
            }
            // Elements without ids: by key within this parent.
            let b = byKey.base[key]
            var notes: [MergeConflict] = []
            if !keptWhole && b != nil && (o == nil || t == nil) {
                let changed = hashes.semantic(b!, autoLayout: autoLayout) != hashes.semantic(element, autoLayout: autoLayout)
                    && !MergeSafeAreaMove.sameButForTheMove(b!, element, autoLayout: autoLayout)
                let conflictKey = "delete:" + objectKey(element)
                let deletedByOurs = o == nil
                let holdsRestored = holdersOfRestored.contains(element)
                if !holdsRestored {
                    if !changed || MergeRules.isDerivedElement(element, autoLayout: autoLayout)
                        || choices[conflictKey] == (deletedByOurs ? .ours : .theirs)
                    {
                        continue
                    }
                    notes.append(deletionConflict(element, key: conflictKey, deletedByOurs: deletedByOurs))
                }
            }
            writeChild(MergeTriple(base: b, ours: o, theirs: t), leadingFrom: element, side: side, depth: depth + 1, location: Self.location(location, element), notes: notes)
            written += 1
        }
        let trailing: [UInt8]
        if let o = triple.ours, !o.selfClosing {
            trailing = Array(ours.bytes[o.trailing])
        } else if let t = triple.theirs, !t.selfClosing {
            trailing = Array(theirs.bytes[t.trailing])
        } else {
            trailing = [0x0A] + Array(repeating: 0x20, count: depth * indentUnit)
        }
        if written == 0 && output[bodyStart...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return nil
        }
        return trailing
    }

    /// An element's children, none for an element a version does not have.
    private static func children(of element: MergeElement?) -> [MergeElement] {
        element.map { Array($0.children) } ?? []
    }

    // MARK: - Dictionaries of parallel arrays

    /// One entry of a merged dictionary: its key and value as each side has them, and the
    /// conflict of a change one side made to an entry the other deleted.
    private struct MergedEntry {
        let name: String
        let base: MergeArchive.Entry?
        let ours: MergeArchive.Entry?
        let theirs: MergeArchive.Entry?
        let note: MergeConflict?
    }

    /// The entries of a dictionary written as parallel arrays, merged by key in the order of
    /// both sides' keys; nil when a side does not write it so.
    private mutating func mergedEntries(_ triple: MergeTriple) -> [MergedEntry]? {
        guard let o = MergeArchive.entries(of: triple.ours), let t = MergeArchive.entries(of: triple.theirs) else { return nil }
        let b = MergeArchive.entries(of: triple.base) ?? ([], [:])
        var result: [MergedEntry] = []
        for name in Self.mergedOrder(base: b.keys, ours: o.keys, theirs: t.keys) {
            let (baseEntry, oursEntry, theirsEntry) = (b.byKey[name], o.byKey[name], t.byKey[name])
            var note: MergeConflict?
            if let baseEntry, let kept = oursEntry ?? theirsEntry, oursEntry == nil || theirsEntry == nil {
                // Deleted by one side: gone, unless the other changed what it holds.
                let conflictKey = "delete:" + objectKey(kept.value.parent ?? kept.value) + "/" + name
                let deleter: MergeConflict.Choice = oursEntry == nil ? .ours : .theirs
                let holdsRestored = holdersOfRestored.contains(kept.value)
                if !holdsRestored
                    && (hashes.same(kept.value, baseEntry.value) || MergeArchive.isDerivedEntry(name) || choices[conflictKey] == deleter)
                {
                    continue
                }
                note = deletionConflict(kept.value, key: conflictKey, deletedByOurs: oursEntry == nil)
            }
            result.append(MergedEntry(name: name, base: baseEntry, ours: oursEntry, theirs: theirsEntry, note: note))
        }
        return result
    }

    /// Writes the keys or the values of a merged dictionary of parallel arrays: the array's
    /// start tag and the children that are not entries as `element`'s side has them, then
    /// each entry's key (as the side that has it writes it) or its merged value.
    private mutating func writeParallel(_ element: MergeElement, side: MergeSide, entries: [MergedEntry], values: Bool, depth: Int, location: Int) {
        let bytes = source(side).bytes
        appendLeading(bytes[element.leading], shift: (depth - element.depth) * indentUnit)
        output.append(contentsOf: bytes[element.startTag])
        for child in element.children where child.key != nil {
            appendLeading(bytes[child.leading], shift: (depth + 1 - child.depth) * indentUnit)
            copy(child, from: side, depth: depth + 1)
        }
        for entry in entries {
            let (entrySide, present): (MergeSide, MergeArchive.Entry) = entry.ours.map { (.ours, $0) } ?? (.theirs, entry.theirs!)
            let shown = values ? present.value : present.key
            guard values else {
                appendLeading(source(entrySide).bytes[shown.leading], shift: (depth + 1 - shown.depth) * indentUnit)
                copy(shown, from: entrySide, depth: depth + 1)
                continue
            }
            let saved = inDerivedPart
            inDerivedPart = inDerivedPart || MergeArchive.isDerivedEntry(entry.name)
            let triple = MergeTriple(base: entry.base?.value, ours: entry.ours?.value, theirs: entry.theirs?.value)
            writeChild(triple, leadingFrom: shown, side: entrySide, depth: depth + 1, location: Self.location(location, shown), notes: entry.note.map { [$0] } ?? [])
            inDerivedPart = saved
        }
        output.append(contentsOf: bytes[element.trailing])
        output.append(contentsOf: Array("</".utf8))
        output.append(contentsOf: Array(element.name.utf8))
        output.append(UInt8(ascii: ">"))
    }

    /// Bytes before an element, moved right or left by `shift` spaces.
    private mutating func appendLeading(_ bytes: ArraySlice<UInt8>, shift: Int) {
        if shift == 0 {
            output.append(contentsOf: bytes)
        } else {
            Self.reindent(bytes, by: shift, into: &output)
        }
    }

    /// The order of a merged list of siblings: the order of the side that reordered what both
    /// kept (ours when both or neither did), with each side's insertions after the sibling
    /// they follow on that side.
    static func mergedOrder(base: [String], ours: [String], theirs: [String]) -> [String] {
        // Both sides' lists alike (most lists a merge walks through): nothing to place.
        if ours == theirs { return ours }
        let oursSet = Set(ours)
        let theirsSet = Set(theirs)
        let common = base.filter { oursSet.contains($0) && theirsSet.contains($0) }
        let commonSet = Set(common)
        let theirsLeads = ours.filter(commonSet.contains) == common && theirs.filter(commonSet.contains) != common
        let (primary, secondary) = theirsLeads ? (theirs, ours) : (ours, theirs)
        // Each insertion of the secondary side goes after the sibling it follows there; those
        // before any shared sibling go before the first one, and a list with none shared
        // takes them at its end.
        var after: [String: [String]] = [:]
        var leading: [String] = []
        var previous: String?
        let placed = theirsLeads ? theirsSet : oursSet
        for key in secondary {
            if placed.contains(key) {
                previous = key
            } else if let previous {
                after[previous, default: []].append(key)
            } else {
                leading.append(key)
            }
        }
        var order: [String] = []
        order.reserveCapacity(primary.count + secondary.count)
        let firstShared = secondary.first(where: placed.contains)
        for key in primary {
            if key == firstShared {
                order += leading
                leading = []
            }
            order.append(key)
            order += after[key] ?? []
        }
        return order + leading
    }

    /// The conflict of an element one side deleted and the other changed; the changed one stays.
    private func deletionConflict(_ element: MergeElement, key: String, deletedByOurs: Bool) -> MergeConflict {
        let kept: MergeConflict.Choice = choices[key] ?? (deletedByOurs ? .theirs : .ours)
        return MergeConflict(
            kind: .deletedAndChanged, key: key, scene: sceneName(of: element), object: objectName(element),
            what: "", ours: deletedByOurs ? nil : "changed",
            theirs: deletedByOurs ? "changed" : nil, base: "", kept: kept, objectID: element.nearestObject?.id)
    }

    /// Writes a child: the bytes before it (from the side whose element it is, re-indented to
    /// its depth), comments for its conflicts, then the element.
    private mutating func writeChild(_ triple: MergeTriple, leadingFrom element: MergeElement, side: MergeSide, depth: Int, location: Int, notes: [MergeConflict]) {
        var leadingSide = side
        var leadingElement = element
        // A changed comment before an object (a scene's title) comes with the side that changed it.
        if side == .ours, let t = triple.theirs, let b = triple.base, let o = triple.ours,
            ours.bytes[o.leading] == base.bytes[b.leading], theirs.bytes[t.leading] != base.bytes[b.leading],
            t.depth == o.depth, t.parent?.name == o.parent?.name
        {
            leadingSide = .theirs
            leadingElement = t
        }
        let leading = source(leadingSide).bytes[leadingElement.leading]
        let shift = (depth - leadingElement.depth) * indentUnit
        let start = output.count
        if shift == 0 {
            output.append(contentsOf: leading)
        } else {
            Self.reindent(leading, by: shift, into: &output)
        }
        let indent = Self.trailingIndent(output[start...])
        writeNotes(notes, indent: indent)
        mergeElement(triple, location: location, depth: depth, indent: indent)
    }

    /// The spaces after the last newline of some bytes: the indentation they leave.
    static func trailingIndent(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard let newline = bytes.lastIndex(of: 0x0A) else { return [] }
        return Array(bytes[(newline + 1)...].prefix { $0 == 0x20 || $0 == 0x09 })
    }

    func sceneName(of element: MergeElement) -> String? { MergeNames.scene(of: element) }

    func objectName(_ element: MergeElement) -> String { MergeNames.object(element) }
}

/// Which version a value or element comes from.
enum MergeSide {
    case base, ours, theirs
}

/// One element as each version has it.
struct MergeTriple {
    var base: MergeElement?
    var ours: MergeElement?
    var theirs: MergeElement?
}
