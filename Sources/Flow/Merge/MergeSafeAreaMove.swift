/// Xcode 9's move to safe-area layout guides, which Xcode makes by itself to every scene of a
/// document once "Use Safe Area Layout Guides" is on: a controller's top and bottom layout
/// guides (`<layoutGuides>`) give way to its view's safe area (`<viewLayoutGuide
/// key="safeArea">`), and a constraint to the top guide's bottom or the bottom guide's top now
/// holds to the safe area's top or bottom, one to the view's own leading or trailing edge to
/// the safe area's. A side that deleted an object while the other only
/// made this move deleted what nobody changed: the deletion is no conflict.
enum MergeSafeAreaMove {
    /// Whether `survivor` holds what `base` held once the move is left aside in both (and
    /// what Xcode derives, as ``MergeHashes/semantic(_:autoLayout:)`` leaves it out).
    static func sameButForTheMove(_ base: MergeElement, _ survivor: MergeElement, autoLayout: Bool) -> Bool {
        guard document(of: base).name == "document", document(of: survivor).name == "document" else { return false }
        let (baseGuides, survivorGuides) = (Guides(around: base), Guides(around: survivor))
        // Only a move: the base had guides of the old kind and the survivor has a safe area.
        guard !baseGuides.top.isEmpty || !baseGuides.bottom.isEmpty, !survivorGuides.safeAreas.isEmpty else { return false }
        return digest(base, guides: baseGuides, autoLayout: autoLayout) == digest(survivor, guides: survivorGuides, autoLayout: autoLayout)
    }

    /// The ids of a scene's layout guides, by kind.
    struct Guides {
        var top: Set<String> = []
        var bottom: Set<String> = []
        var safeAreas: Set<String> = []
        /// Controllers' own views, whose leading and trailing edges the move gives to the safe area.
        var views: Set<String> = []

        /// The guides of the scene (or a xib's top-level object) that holds `element`.
        init(around element: MergeElement) {
            var holder = element
            if let scene = element.scene {
                holder = scene
            } else {
                while holder.depth > 2, let parent = holder.parent { holder = parent }
            }
            holder.visit { guide in
                guard let id = guide.id else { return }
                if guide.key == "view" { views.insert(id) }
                if guide.name == "viewControllerLayoutGuide" {
                    if guide.attribute("type") == "top" { top.insert(id) } else if guide.attribute("type") == "bottom" { bottom.insert(id) }
                } else if guide.name == "viewLayoutGuide" && guide.key == "safeArea" {
                    safeAreas.insert(id)
                }
            }
        }

        /// A constraint's item and attribute as the safe area would name them: the top guide's
        /// bottom is the safe area's top, the bottom guide's top its bottom.
        func moved(item: String?, attribute: String?) -> (item: String?, attribute: String?) {
            guard let item else { return (nil, attribute) }
            if top.contains(item) && attribute == "bottom" { return ("safe area", "top") }
            if bottom.contains(item) && attribute == "top" { return ("safe area", "bottom") }
            if safeAreas.contains(item) { return ("safe area", attribute) }
            if views.contains(item) && (attribute == "leading" || attribute == "trailing") { return ("safe area", attribute) }
            return (item, attribute)
        }
    }

    /// A digest of an element and all it holds, leaving out the guides of either kind, with
    /// constraints naming the safe area for the guides, and leaving out what Xcode derives.
    private static func digest(_ element: MergeElement, guides: Guides, autoLayout: Bool) -> Int {
        var hasher = Hasher()
        hasher.combine(element.name)
        if !MergeRules.isDerivedElement(element, autoLayout: autoLayout) {
            var attributes: [String: String] = [:]
            for attribute in element.attributes where !MergeRules.isDerived(attribute.name, of: element, autoLayout: autoLayout) {
                attributes[attribute.name] = attribute.value
            }
            if element.name == "constraint" {
                // Without a first item, a constraint's first item is the view that holds it.
                if attributes["firstItem"] == nil, let holder = element.parent?.parent?.id { attributes["firstItem"] = holder }
                for (item, kind) in [("firstItem", "firstAttribute"), ("secondItem", "secondAttribute")] {
                    let moved = guides.moved(item: attributes[item], attribute: attributes[kind])
                    attributes[item] = moved.item
                    attributes[kind] = moved.attribute
                }
            }
            for name in attributes.keys.sorted() {
                hasher.combine(name)
                hasher.combine(attributes[name])
            }
            hasher.combine(element.textDigest)
            for child in element.children where !MergeRules.isDerivedElement(child, autoLayout: autoLayout) && !isGuide(child) {
                hasher.combine(digest(child, guides: guides, autoLayout: autoLayout))
            }
        }
        return hasher.finalize()
    }

    private static func document(of element: MergeElement) -> MergeElement {
        var element = element
        while let parent = element.parent { element = parent }
        return element
    }

    /// A controller's list of top and bottom guides, or a view's safe area.
    private static func isGuide(_ element: MergeElement) -> Bool {
        switch element.name {
        case "layoutGuides": return element.children.allSatisfy { $0.name == "viewControllerLayoutGuide" }
        case "viewLayoutGuide": return element.key == "safeArea"
        default: return false
        }
    }
}
