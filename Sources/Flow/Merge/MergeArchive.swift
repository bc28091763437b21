/// What the merge knows about Interface Builder 3 archives (`<archive
/// type="com.apple.InterfaceBuilder3…">`, the files of Xcode 4 and older): how their records are
/// told apart, which of their values Interface Builder writes by itself, and which save is newer.
///
/// An archive keeps its objects as a tree of `<object class="…" id="…">` elements, as a
/// storyboard does, and beside it lists that older formats match by position: object records
/// (`IBObjectRecord`, by the number in `objectID`), connection records (`IBConnectionRecord`, by
/// `connectionID`), and dictionaries written as two parallel arrays, sorted keys beside their
/// values (`dict.sortedKeys`, `dict.values`). The merge gives each of them identity: records by
/// their number, dictionary entries by their key. Numbers both sides gave to new records are
/// made unique first (``MergeRenumbering``).
enum MergeArchive {
    static func isArchive(_ source: MergeSource) -> Bool { source.root.name == "archive" }

    /// What tells a record apart from its siblings: its class and number
    /// (`IBObjectRecord:52`), or nil for any other element.
    static func recordIdentity(of element: MergeElement) -> String? {
        guard element.name == "object", let numberKey = element.attribute("class").flatMap({ numberKeys[$0] }) else { return nil }
        guard let number = element.children.first(where: { $0.key == numberKey })?.textDigest else { return nil }
        return "record:" + number
    }

    /// The element holding a record's number, by the record's class. Object and connection
    /// numbers are one sequence (the archive's `maxID` is the highest of both).
    static let numberKeys: [String: String] = ["IBObjectRecord": "objectID", "IBConnectionRecord": "connectionID"]

    /// Keys of the archive's `<data>` that Interface Builder writes by itself on every save:
    /// its versions and the runtime it targets, the plug-ins it had, the class descriptions it
    /// read from the headers, the objects last open in the editor, the nib it compiled from
    /// the document.
    static let derivedDocumentKeys: Set<String> = [
        "IBDocument.SystemVersion", "IBDocument.InterfaceBuilderVersion", "IBDocument.AppKitVersion",
        "IBDocument.HIToolboxVersion", "IBDocument.PluginVersions", "IBDocument.IntegratedClassDependencies",
        "IBDocument.PluginDependencies", "IBDocument.PluginDeclaredDependencies", "IBDocument.Classes",
        "IBDocument.EditedObjectIDs", "IBDocument.LastKnownRelativeProjectPath", "IBDocument.LastKnownImageSizes",
        "IBDocument.Metadata", "IBDocument.PluginDeclaredDependenciesTrackSystemTargetVersion",
        "IBDocument.PluginDeclaredDependencyDefaults", "IBDocument.PluginDeclaredDevelopmentDependencies",
        "IBDocument.previouslyAttemptedUpgradeToXcode5", "IBDocument.RunnableNib", "IBDocument.TargetRuntimeIdentifier",
    ]

    /// Properties of objects (`flattenedProperties` keys `N.property`, N an object's number)
    /// that are the editor's state or Interface Builder's own bookkeeping, not design.
    static let derivedProperties: Set<String> = [
        "IBPluginDependency", "IBEditorWindowLastContentRect", "editorWindowContentRectSynchronizationRect",
        "IBWindowTemplateEditedContentRect", "WindowOrigin", "IBPersistedLastKnownCanvasPosition", "ImportedFromIB2",
        "IBShouldRemoveOnLegacySave", "IBSegmentedControlTracker.WasGrowing", "IBSegmentedControlTracker.RoundRobinState",
        "IBViewEditorWindowController.showingLayoutRectangles", "IBViewEditorWindowController.showingBoundsRectangles",
        "lastResizeAction",
    ]

    /// Whether a `flattenedProperties` key (`12.IBPluginDependency`) names a derived property.
    static func isDerivedPropertyKey(_ key: String) -> Bool {
        guard let dot = key.firstIndex(of: "."), Int(key[..<dot]) != nil else { return false }
        return derivedProperties.contains(String(key[key.index(after: dot)...]))
    }

    /// Whether an element of an archive is written by Interface Builder by itself: one of the
    /// document's derived keys, the screen a window was last on, a derived property of an object.
    static func isDerived(_ element: MergeElement) -> Bool {
        guard let key = element.key else { return false }
        if element.depth == 2 { return derivedDocumentKeys.contains(key) }
        if key == "NSScreenRect" { return true }
        return element.parent?.key == "flattenedProperties" && isDerivedPropertyKey(key)
    }

    /// Whether theirs was saved by a newer Interface Builder than ours: the archive's format
    /// version, then Interface Builder's own.
    static func isNewer(_ theirs: MergeSource, than ours: MergeSource) -> Bool {
        let (t, o) = (theirs.root.attribute("version"), ours.root.attribute("version"))
        if t != o { return MergeRules.isNewer(t, than: o) }
        return MergeRules.isNewer(builderVersion(of: theirs), than: builderVersion(of: ours))
    }

    private static func builderVersion(of source: MergeSource) -> String? {
        source.root.children.first?.children.first { $0.key == "IBDocument.InterfaceBuilderVersion" }?.textDigest
    }

    /// Whether an element is the archive's `maxID`, the highest number given: the merge keeps
    /// the higher of both sides'.
    static func isMaxID(_ element: MergeElement) -> Bool {
        element.name == "int" && element.key == "maxID"
    }

    // MARK: - Values both sides changed

    /// The text of a value both sides changed where a rule decides it, or nil for a conflict:
    /// flags (`NSCellFlags`, `NSvFlags`, a style `Mask`) merge bit by bit (each bit as the side
    /// that changed it has it); the deployment target both raised is the higher; two spellings
    /// of the same numbers (`{1e+13, 1e+13}` and `{10000000000000, 10000000000000}`, or "no
    /// limit" as the largest double and the largest float) are the newer save's; a point, size
    /// or rectangle merges number by number.
    static func mergedValue(base: String?, ours: String, theirs: String, key: String?, theirsNewer: Bool) -> String? {
        guard let key else { return nil }
        if key.hasSuffix("Flags") || key.hasSuffix("Flags2") || key.hasSuffix("Mask"), let base, let b = Int64(base),
            let o = Int64(ours), let t = Int64(theirs)
        {
            let changedByOurs = o ^ b
            return String((o & changedByOurs) | (t & ~changedByOurs))
        }
        if key == "IBDocument.SystemTarget", let o = Int(ours), let t = Int(theirs) { return String(max(o, t)) }
        let (oursShape, oursNumbers) = numbers(in: ours)
        let (theirsShape, theirsNumbers) = numbers(in: theirs)
        guard !oursNumbers.isEmpty, oursShape == theirsShape, oursNumbers.count == theirsNumbers.count else { return nil }
        if zip(oursNumbers, theirsNumbers).allSatisfy({ MergeRules.isSameNumber($0.value, $1.value) }) { return theirsNewer ? theirs : ours }
        // A point, size or rectangle (`{{20, 40}, {300, 22}}`) merges number by number, as a
        // storyboard's `<rect>` merges attribute by attribute.
        guard let base, oursShape.allSatisfy({ "{}, #".contains($0) }) else { return nil }
        let (baseShape, baseNumbers) = numbers(in: base)
        guard baseShape == oursShape, baseNumbers.count == oursNumbers.count else { return nil }
        var merged: [String] = []
        for ((b, o), t) in zip(zip(baseNumbers, oursNumbers), theirsNumbers) {
            if MergeRules.isSameNumber(o.value, b.value) {
                merged.append(t.text)
            } else if MergeRules.isSameNumber(t.value, b.value) || MergeRules.isSameNumber(o.value, t.value) {
                merged.append(o.text)
            } else {
                return nil
            }
        }
        var result = ""
        var remaining = merged.makeIterator()
        for character in oursShape {
            if character == "#" { result += remaining.next() ?? "" } else { result.append(character) }
        }
        return result
    }

    /// The numbers in a value like `{{20, 40}, {1e+13, 300.5}}`, as written and as values, and
    /// what is around them (`{{#, #}, {#, #}}`).
    private static func numbers(in text: String) -> (shape: String, numbers: [(text: String, value: Double)]) {
        var shape = ""
        var numbers: [(text: String, value: Double)] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            if let number = Double(current) {
                numbers.append((current, number))
                shape += "#"
            } else {
                shape += current
            }
            current = ""
        }
        for character in text {
            if character.isNumber || "+-.eE".contains(character) {
                current.append(character)
            } else {
                flush()
                shape.append(character)
            }
        }
        flush()
        return (shape, numbers)
    }

    // MARK: - Dictionaries of parallel arrays

    /// One entry of a dictionary written as parallel arrays: its key's element and its value's.
    struct Entry {
        let key: MergeElement
        let value: MergeElement
    }

    /// The entries of a dictionary element written as `dict.sortedKeys` beside `dict.values`,
    /// by key; nil when the element is no such dictionary or its arrays do not pair up.
    static func entries(of dictionary: MergeElement?) -> (keys: [String], byKey: [String: Entry])? {
        guard let dictionary,
            let sortedKeys = dictionary.children.first(where: { $0.key == "dict.sortedKeys" }),
            let values = dictionary.children.first(where: { $0.key == "dict.values" })
        else { return nil }
        let keyElements = sortedKeys.children.filter { $0.key == nil }
        let valueElements = values.children.filter { $0.key == nil }
        guard keyElements.count == valueElements.count else { return nil }
        var keys: [String] = []
        var byKey: [String: Entry] = [:]
        keys.reserveCapacity(keyElements.count)
        byKey.reserveCapacity(keyElements.count)
        for (key, value) in zip(keyElements, valueElements) {
            let name = key.name + ":" + (key.textDigest ?? key.attribute("value") ?? key.attribute("ref") ?? "")
            guard byKey[name] == nil else { return nil }
            keys.append(name)
            byKey[name] = Entry(key: key, value: value)
        }
        return (keys, byKey)
    }

    /// Whether a dictionary entry's key (as ``entries(of:)`` names it) is a derived property.
    static func isDerivedEntry(_ name: String) -> Bool {
        name.hasPrefix("string:") && isDerivedPropertyKey(String(name.dropFirst(7)))
    }
}
