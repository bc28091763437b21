#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a side changed an element: `same` compares two elements as written, leaving out
/// whitespace, comments, attribute order and escapes; `semantic` is a digest that also leaves
/// out what Xcode derives by itself (so a change of frames alone is no change), worked out once
/// per element and kept.
struct MergeHashes {
    /// Each tree's semantic digests, by place (nil until worked out): a list per tree rather
    /// than one table of elements, as a merge of two formats digests every element of three
    /// files.
    private var semanticHashes: [(tree: MergeTree, hashes: ContiguousArray<Int?>)] = []
    private var holders: [Holder: Bool] = [:]
    /// What `same` found for two elements whose bytes differ.
    private var sameness: [Pair: Bool] = [:]

    /// Whether two elements are the same: the same bytes, or the same name, attributes (in
    /// any order), text and children. The bytes are compared first, and where they differ
    /// the comparison stops at the first difference: a merge asks this of the three versions
    /// of every element it walks through, and most hold what is unchanged.
    mutating func same(_ left: MergeElement, _ right: MergeElement) -> Bool {
        if left == right || Self.sameBytes(left, right) { return true }
        let pair = Pair(left: left, right: right)
        if let known = sameness[pair] { return known }
        var result = left.name == right.name && left.sameText(as: right) && Self.sameAttributes(left, right)
        if result {
            let (leftChildren, rightChildren) = (left.children, right.children)
            result = leftChildren.count == rightChildren.count
            var index = 0
            while result && index < leftChildren.count {
                result = same(leftChildren[index], rightChildren[index])
                index += 1
            }
        }
        sameness[pair] = result
        return result
    }

    private static func sameBytes(_ left: MergeElement, _ right: MergeElement) -> Bool {
        let (leftRange, rightRange) = (left.range, right.range)
        guard leftRange.count == rightRange.count else { return false }
        return left.tree.bytes.withUnsafeBufferPointer { leftBytes in
            right.tree.bytes.withUnsafeBufferPointer { rightBytes in
                memcmp(leftBytes.baseAddress! + leftRange.lowerBound, rightBytes.baseAddress! + rightRange.lowerBound, leftRange.count) == 0
            }
        }
    }

    /// The same attributes with the same values, in any order (Xcode's is fixed, a hand
    /// edit's need not be). A start tag names an attribute once.
    private static func sameAttributes(_ left: MergeElement, _ right: MergeElement) -> Bool {
        let (leftAttributes, rightAttributes) = (left.attributes, right.attributes)
        guard leftAttributes.count == rightAttributes.count else { return false }
        for (index, attribute) in leftAttributes.enumerated() {
            let other = rightAttributes[index]
            if other.name == attribute.name && other.value == attribute.value { continue }
            guard rightAttributes.contains(where: { $0.name == attribute.name && $0.value == attribute.value }) else { return false }
        }
        return true
    }

    private struct Pair: Hashable {
        let left: MergeElement
        let right: MergeElement
    }

    mutating func semantic(_ element: MergeElement, autoLayout: Bool) -> Int {
        let list = semanticHashes.firstIndex { $0.tree === element.tree } ?? {
            semanticHashes.append((element.tree, ContiguousArray(repeating: nil, count: element.tree.nodes.count)))
            return semanticHashes.count - 1
        }()
        if let known = semanticHashes[list].hashes[element.place] { return known }
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
        semanticHashes[list].hashes[element.place] = value
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
