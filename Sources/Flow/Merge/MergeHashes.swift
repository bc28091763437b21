/// Digests of whole elements, to tell in one comparison whether a side changed an element:
/// `full` over everything but whitespace and comments, `semantic` leaving out what Xcode
/// derives by itself (so a change of frames alone is no change). Each is worked out once per
/// element and kept.
struct MergeHashes {
    private var fullHashes: [ObjectIdentifier: Int] = [:]
    private var semanticHashes: [ObjectIdentifier: Int] = [:]
    private var holders: [Holder: Bool] = [:]

    mutating func full(_ element: MergeElement) -> Int {
        if let known = fullHashes[ObjectIdentifier(element)] { return known }
        var hasher = Hasher()
        hasher.combine(element.name)
        for attribute in element.attributes.sorted(by: { $0.name < $1.name }) {
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
        }
        hasher.combine(element.textDigest)
        for child in element.children { hasher.combine(full(child)) }
        let value = hasher.finalize()
        fullHashes[ObjectIdentifier(element)] = value
        return value
    }

    mutating func semantic(_ element: MergeElement, autoLayout: Bool) -> Int {
        if let known = semanticHashes[ObjectIdentifier(element)] { return known }
        var hasher = Hasher()
        hasher.combine(element.name)
        if !MergeRules.isDerivedElement(element, autoLayout: autoLayout) {
            for attribute in element.attributes.sorted(by: { $0.name < $1.name })
            where !MergeRules.isDerived(attribute.name, of: element, autoLayout: autoLayout) {
                hasher.combine(attribute.name)
                hasher.combine(attribute.value)
            }
            hasher.combine(element.textDigest)
            for child in element.children where !MergeRules.isDerivedElement(child, autoLayout: autoLayout) {
                hasher.combine(semantic(child, autoLayout: autoLayout))
            }
        }
        let value = hasher.finalize()
        semanticHashes[ObjectIdentifier(element)] = value
        return value
    }

    /// Whether the element or one inside it has one of `ids`; `ids` must be the same set at
    /// every call for one `purpose`, whose answers are kept.
    mutating func contains(_ element: MergeElement, anyOf ids: Set<String>, purpose: Int) -> Bool {
        let key = Holder(element: ObjectIdentifier(element), purpose: purpose)
        if let known = holders[key] { return known }
        var found = element.id.map(ids.contains) ?? false
        if !found {
            for child in element.children where contains(child, anyOf: ids, purpose: purpose) {
                found = true
                break
            }
        }
        holders[key] = found
        return found
    }

    private struct Holder: Hashable {
        let element: ObjectIdentifier
        let purpose: Int
    }
}
