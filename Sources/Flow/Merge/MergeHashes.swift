/// Digests of whole elements, to tell in one comparison whether a side changed an element:
/// `full` over everything but whitespace and comments, `semantic` leaving out what Xcode
/// derives by itself (so a change of frames alone is no change). Each is worked out once per
/// element and kept.
struct MergeHashes {
    private var semanticHashes: [MergeElement: Int] = [:]
    private var holders: [Holder: Bool] = [:]

    mutating func full(_ element: MergeElement) -> Int {
        element.tree.fullHash(of: element.place)
    }

    /// The full digest of every element of a tree, by place: in one pass from the last
    /// element to the first, so that each element's children are done before it.
    static func fullHashes(of tree: MergeTree) -> ContiguousArray<Int> {
        var result = ContiguousArray(repeating: 0, count: tree.nodes.count)
        var place = result.count
        while place > 0 {
            place -= 1
            let element = MergeElement(tree: tree, place: place)
            var hasher = Hasher()
            hasher.combine(element.name)
            hasher.combine(attributes(element.attributes))
            hasher.combine(element.textDigest)
            for child in element.children { hasher.combine(result[child.place]) }
            result[place] = hasher.finalize()
        }
        return result
    }

    mutating func semantic(_ element: MergeElement, autoLayout: Bool) -> Int {
        if let known = semanticHashes[element] { return known }
        var hasher = Hasher()
        hasher.combine(element.name)
        if !MergeRules.isDerivedElement(element, autoLayout: autoLayout) {
            hasher.combine(Self.attributes(element.attributes.filter { !MergeRules.isDerived($0.name, of: element, autoLayout: autoLayout) }))
            hasher.combine(element.textDigest)
            if element.attribute("class")?.hasSuffix("Dictionary") == true, let entries = MergeArchive.entries(of: element) {
                // An archive's dictionary of parallel arrays: its entries by key, leaving out
                // those Interface Builder writes by itself.
                for name in entries.keys where !MergeArchive.isDerivedEntry(name) {
                    hasher.combine(name)
                    hasher.combine(semantic(entries.byKey[name]!.value, autoLayout: autoLayout))
                }
            } else {
                for child in element.children where !MergeRules.isDerivedElement(child, autoLayout: autoLayout) {
                    hasher.combine(semantic(child, autoLayout: autoLayout))
                }
            }
        }
        let value = hasher.finalize()
        semanticHashes[element] = value
        return value
    }

    /// A digest of attributes that leaves out their order (Xcode's is fixed, a hand edit's
    /// need not be): each one's digest, added up.
    private static func attributes<Attributes: Sequence<MergeAttribute>>(_ attributes: Attributes) -> Int {
        var sum = 0
        for attribute in attributes {
            var hasher = Hasher()
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
            sum &+= hasher.finalize()
        }
        return sum
    }

    /// Whether the element or one inside it has an id that `matches`; `matches` must answer
    /// alike at every call for one `purpose`, whose answers are kept.
    mutating func contains(_ element: MergeElement, purpose: Int, matching matches: (String) -> Bool) -> Bool {
        let key = Holder(element: element, purpose: purpose)
        if let known = holders[key] { return known }
        var found = element.id.map(matches) ?? false
        if !found {
            for child in element.children where contains(child, purpose: purpose, matching: matches) {
                found = true
                break
            }
        }
        holders[key] = found
        return found
    }

    private struct Holder: Hashable {
        let element: MergeElement
        let purpose: Int
    }
}
