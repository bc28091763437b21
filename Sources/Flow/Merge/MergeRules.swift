/// What the merge knows about Interface Builder's XML: how an element is told apart from its
/// siblings, which values Xcode derives by itself, and which attributes point at other objects.
enum MergeRules {
    /// Elements told apart by an attribute naming them rather than by an `id`.
    private static let namingAttribute: [String: String] = [
        "scene": "sceneID",
        "image": "name",
        "namedColor": "name",
        "systemColor": "name",
        "capability": "name",
        "plugIn": "identifier",
        "deployment": "identifier",
        "userDefinedRuntimeAttribute": "keyPath",
        "exclude": "reference",
        "include": "reference",
        "designable": "name",
    ]

    /// What tells `element` apart from its siblings, before ordinals: its `id`, its naming
    /// attribute, its `key`, else only its element name (and then its place among siblings of
    /// that name).
    static func identity(of element: MergeElement) -> (key: String, needsOrdinal: Bool) {
        if let id = element.id { return ("#" + id, false) }
        if let record = MergeArchive.recordIdentity(of: element) { return (record, false) }
        if let attribute = namingAttribute[element.name], let value = element.attribute(attribute) {
            return (element.name + ":" + value, false)
        }
        if let key = element.key { return (element.name + "@" + key, false) }
        // An archive's list of references (a record's children) holds each object once.
        if element.name == "reference", let target = element.attribute("ref") { return ("reference>" + target, false) }
        return (element.name, true)
    }

    /// The keys of a list of siblings, each unique within the list.
    static func keys<Children: Collection<MergeElement>>(of children: Children) -> [String] {
        var seen: [String: Int] = [:]
        return children.map { child in
            let (key, needsOrdinal) = identity(of: child)
            let count = seen[key, default: 0]
            seen[key] = count + 1
            if needsOrdinal || count > 0 { return key + "[\(count)]" }
            return key
        }
    }

    /// The document element's attributes that say which Xcode saved the file: the newer
    /// version's values win, never a conflict.
    static let headerAttributes: Set<String> = [
        "type", "version", "toolsVersion", "systemVersion", "targetRuntime", "propertyAccessControl",
        "useTraitCollections", "useSafeAreas", "colorMatched",
    ]

    /// Elements whose every value Xcode writes by itself (canvas positions, the preview
    /// device, the tools' versions, image sizes it reads from the catalog, the segues it
    /// chose to infer simulated metrics from).
    static func isDerivedElement(_ element: MergeElement, autoLayout: Bool) -> Bool {
        switch element.name {
        case "point": return element.key == "canvasLocation"
        case "rect":
            switch element.key {
            // AppKit lays out what a scroll view holds (its clip view, table, scrollers) itself.
            case "frame": return autoLayout || ["clipView", "tableView", "outlineView", "scroller", "tableHeaderView"].contains(element.parent?.name ?? "")
            case "screenRect": return true
            default: return false
            }
        case "size":
            // A text view's size limits follow its scroll view's.
            return element.parent?.name == "textView" && ["minSize", "maxSize"].contains(element.key ?? "")
        case "device", "adaptation", "deployment", "plugIn", "capability", "inferredMetricsTieBreakers": return true
        default:
            return element.parent?.name == "resources" || element.parent?.parent?.name == "resources"
                || element.parent?.name == "inferredMetricsTieBreakers" || MergeArchive.isDerived(element)
        }
    }

    /// Whether an attribute of an element is a value Xcode derives.
    static func isDerived(_ attribute: String, of element: MergeElement, autoLayout: Bool) -> Bool {
        if element.depth == 0 { return headerAttributes.contains(attribute) }
        if attribute == "misplaced" || attribute == "ambiguous" || attribute == "placeholderIntrinsicWidth"
            || attribute == "placeholderIntrinsicHeight"
        {
            return true
        }
        // A table column's width is where the table last laid it out.
        if element.name == "tableColumn" && attribute == "width" { return true }
        return isDerivedElement(element, autoLayout: autoLayout)
    }

    /// Whether the values both sides gave an attribute are one number written two ways, as a
    /// colour both sides picked is when one side's components were typed or picked in 8 bits
    /// (`0.23529411764705882`, 60/255) and the other's came from a float (`0.23529411759999999`):
    /// both written with a decimal point, equal to a float's precision. Either is the value, so
    /// the merge keeps the newer save's as for a derived one. Ids, references and whole numbers
    /// (a tag, a priority) are never taken for one another.
    static func isOneNumber(_ ours: String?, _ theirs: String?, attribute: String, of element: MergeElement) -> Bool {
        guard let ours, let theirs, ours.contains("."), theirs.contains("."), let o = Double(ours), let t = Double(theirs) else { return false }
        return attribute != "id" && !isReference(attribute, of: element) && isSameNumber(o, t)
    }

    /// Whether two numbers are one value written by two versions: equal to a float's
    /// precision, or both past a float's range ("no limit", written as the largest double by
    /// one and the largest float by another).
    static func isSameNumber(_ a: Double, _ b: Double) -> Bool {
        let unbounded = 3.4e38
        if abs(a) >= unbounded || abs(b) >= unbounded { return abs(a) >= unbounded && abs(b) >= unbounded && (a < 0) == (b < 0) }
        return abs(a - b) <= 1e-6 * max(abs(a), abs(b))
    }

    /// Attributes whose value is the `id` of another object of the document.
    static let referenceAttributes: Set<String> = [
        "destination", "firstItem", "secondItem", "target", "ref", "initialViewController", "tableViewCell",
        "collectionViewCell", "textLabel", "detailTextLabel", "imageView", "selectedItem", "headerView",
        "headOfMergedCell", "outlineTableColumn", "previousBinding", "initialItem",
    ]

    /// Whether `attribute` of `element` refers to another object by id.
    static func isReference(_ attribute: String, of element: MergeElement) -> Bool {
        if referenceAttributes.contains(attribute) { return true }
        switch (element.name, attribute) {
        case ("exclude", "reference"), ("segue", "reference"), ("gridCell", "row"), ("gridCell", "column"): return true
        default: return false
        }
    }

    /// Ids that name objects outside the document (a xib's File's Owner, First Responder,
    /// Application) and are never missing.
    static func isPlaceholderReference(_ value: String) -> Bool {
        value.hasPrefix("-") || value == "IBFirstResponder"
    }

    /// Compares two tool versions ("14113", "14490.70", "21701"): which is newer.
    static func isNewer(_ version: String?, than other: String?) -> Bool {
        let left = (version ?? "").split(separator: ".").map { Int($0) ?? 0 }
        let right = (other ?? "").split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            if a != b { return a > b }
        }
        return false
    }
}
