/// A parsed XML file kept as flat arrays: elements in document order, their attributes, and
/// the bytes of the attribute values.
///
/// Flat arrays rather than a tree of objects: they free without recursion (a hostile file can
/// nest deeply), an element's descendants are one contiguous index range, and a file of a
/// million elements costs a handful of allocations instead of millions. Element and attribute
/// names are stored once each (`names`) and referred to by number; attribute values stay bytes
/// until someone asks for one, because most (frames, constraints, fonts) are never read.
final class XMLTree {
    struct Node {
        /// Index into `names`.
        var name: Int32
        /// Index of the parent element; -1 for the root.
        var parent: Int32
        /// First child and next sibling, -1 when there is none.
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// One past the index of the last descendant, filled in when the element closes.
        var subtreeEnd: Int32
        /// The element's attributes: `attributes[attributeStart..<attributeEnd]`.
        var attributeStart: Int32
        var attributeEnd: Int32
        /// Index into `texts`, for elements that carry text (`<string key="text">`); -1 otherwise.
        var text: Int32 = -1
        /// Where the start tag's `<` is.
        var line: Int32
        var column: Int32
    }

    struct Attribute {
        /// Index into `names`.
        var name: Int32
        /// The value: `values[valueStart..<valueStart + valueCount]`, UTF-8.
        var valueStart: Int32
        var valueCount: Int32
    }

    let nodes: [Node]
    let attributes: [Attribute]
    let values: [UInt8]
    let names: [String]
    /// Each name's index in `names`.
    let numbers: [String: Int32]
    let texts: [String]

    init(nodes: [Node], attributes: [Attribute], values: [UInt8], names: [String], texts: [String]) {
        self.nodes = nodes
        self.attributes = attributes
        self.values = values
        self.names = names
        self.texts = texts
        var numbers: [String: Int32] = [:]
        for (number, name) in names.enumerated() { numbers[name] = Int32(number) }
        self.numbers = numbers
    }

    /// The document element, if the file had one.
    var root: ParsedElement? {
        nodes.isEmpty ? nil : ParsedElement(tree: self, index: 0)
    }

    /// The number of a name the loader spells in its code, or `nil` when no element or
    /// attribute of the file has it.
    ///
    /// The mapper asks for a few dozen names hundreds of thousands of times; remembering the
    /// answer by the address of the literal makes each question one comparison instead of
    /// hashing the text. (A tree is read by one load on one thread, hence no lock, and the
    /// cache is the only thing that changes after the parse.)
    func nameNumber(_ name: StaticString) -> Int32? {
        // Literals of one scalar may be stored as the scalar itself; the top bit, never set in
        // a user-space address, tells those keys apart.
        let key =
            name.hasPointerRepresentation
            ? UInt(bitPattern: name.utf8Start) : UInt(name.unicodeScalar.value) | (1 << (UInt.bitWidth - 1))
        let slot = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> (64 - Self.literalCacheBits))
        let cached = literalNumbers[slot]
        if cached.key == key { return cached.number < 0 ? nil : cached.number }
        let number = numbers[name.description]
        literalNumbers[slot] = (key, number ?? -1)
        return number
    }

    private static let literalCacheBits = 7
    @exclusivity(unchecked) private var literalNumbers = [(key: UInt, number: Int32)](
        repeating: (0, -1), count: 1 << XMLTree.literalCacheBits)

    /// An attribute's value as text.
    func value(of attribute: Attribute) -> String {
        values.withUnsafeBufferPointer { buffer in
            let start = Int(attribute.valueStart)
            return String(
                decoding: UnsafeBufferPointer(rebasing: buffer[start..<start + Int(attribute.valueCount)]), as: UTF8.self)
        }
    }
}

/// A handle on one element of an ``XMLTree``.
struct ParsedElement {
    let tree: XMLTree
    let index: Int

    private var node: XMLTree.Node { tree.nodes[index] }

    var name: String { tree.names[Int(node.name)] }
    var location: SourceLocation { SourceLocation(line: Int(node.line), column: Int(node.column)) }
    var text: String { node.text < 0 ? "" : tree.texts[Int(node.text)] }

    /// The attribute's value, `nil` when absent.
    subscript(_ attribute: StaticString) -> String? {
        guard let number = tree.nameNumber(attribute) else { return nil }
        return self[number]
    }

    /// The value of the attribute with name number `number`, `nil` when absent.
    subscript(_ number: Int32) -> String? {
        let node = self.node
        for candidate in tree.attributes[Int(node.attributeStart)..<Int(node.attributeEnd)] where candidate.name == number {
            return tree.value(of: candidate)
        }
        return nil
    }

    /// The `key` attribute: the role an element plays in its parent (`view`, `contentView`…).
    var key: String? { self["key"] }

    /// Whether the element has child elements.
    var hasChildren: Bool { node.firstChild >= 0 }

    /// The number of the element's name (see `XMLTree.nameNumber`).
    var nameNumber: Int32 { node.name }

    /// Calls `body` with each child element, in order, making no list of them.
    func forEachChild(_ body: (ParsedElement) -> Void) {
        var child = node.firstChild
        while child >= 0 {
            body(ParsedElement(tree: tree, index: Int(child)))
            child = tree.nodes[Int(child)].nextSibling
        }
    }

    var parent: ParsedElement? {
        let parent = node.parent
        return parent < 0 ? nil : ParsedElement(tree: tree, index: Int(parent))
    }

    /// The child elements, in order.
    var children: [ParsedElement] {
        var result: [ParsedElement] = []
        var child = node.firstChild
        while child >= 0 {
            result.append(ParsedElement(tree: tree, index: Int(child)))
            child = tree.nodes[Int(child)].nextSibling
        }
        return result
    }

    /// Children with this element name, in order.
    func children(named wanted: StaticString) -> [ParsedElement] {
        guard let number = tree.nameNumber(wanted) else { return [] }
        var result: [ParsedElement] = []
        var child = node.firstChild
        while child >= 0 {
            let childNode = tree.nodes[Int(child)]
            if childNode.name == number { result.append(ParsedElement(tree: tree, index: Int(child))) }
            child = childNode.nextSibling
        }
        return result
    }

    /// The first child with this element name (and this `key`, when given).
    func child(named wanted: StaticString, key wantedKey: String? = nil) -> ParsedElement? {
        guard let number = tree.nameNumber(wanted) else { return nil }
        let key = tree.nameNumber("key")
        var child = node.firstChild
        while child >= 0 {
            let element = ParsedElement(tree: tree, index: Int(child))
            if element.node.name == number, wantedKey == nil || key.flatMap({ element[$0] }) == wantedKey {
                return element
            }
            child = element.node.nextSibling
        }
        return nil
    }

    /// The first child whose `key` attribute is this, whatever its element name.
    func child(key wantedKey: String) -> ParsedElement? {
        guard let key = tree.nameNumber("key") else { return nil }
        var child = node.firstChild
        while child >= 0 {
            let element = ParsedElement(tree: tree, index: Int(child))
            if element[key] == wantedKey { return element }
            child = element.node.nextSibling
        }
        return nil
    }

    /// Every element below this one, in document order (not including itself).
    var descendants: LazyMapSequence<Range<Int>, ParsedElement> {
        let tree = self.tree
        return (index + 1..<max(index + 1, Int(node.subtreeEnd))).lazy.map { ParsedElement(tree: tree, index: $0) }
    }

    /// Calls `body` with every element below this one that has `attribute`, in document
    /// order, and the attribute's index in the tree; reads the tree directly, for whole-file
    /// checks.
    func forEachDescendant(with attribute: StaticString, _ body: (ParsedElement, Int) -> Void) {
        guard let number = tree.nameNumber(attribute) else { return }
        let nodes = tree.nodes
        let attributes = tree.attributes
        for descendant in index + 1..<max(index + 1, Int(nodes[index].subtreeEnd)) {
            let node = nodes[descendant]
            for candidate in Int(node.attributeStart)..<Int(node.attributeEnd) where attributes[candidate].name == number {
                body(ParsedElement(tree: tree, index: descendant), candidate)
                break
            }
        }
    }

    /// How many elements lie below this one.
    var descendantCount: Int { max(0, Int(node.subtreeEnd) - index - 1) }

    /// Whether `other` lies inside this element.
    func contains(_ other: ParsedElement) -> Bool {
        other.index > index && other.index < Int(node.subtreeEnd)
    }
}

extension ParsedElement {
    /// The element's attributes as a list, their names numbered by `numbers` (the tree's
    /// number of a name → the reader's): for a reader of events, fed from a tree already parsed.
    struct Attributes: XMLAttributeList {
        let tree: XMLTree
        let range: Range<Int>
        let numbers: [Int32]

        var count: Int { range.count }
        func name(_ index: Int) -> Int32 { numbers[Int(tree.attributes[range.lowerBound + index].name)] }
        func value(_ index: Int) -> String { tree.value(of: tree.attributes[range.lowerBound + index]) }
        func appendValue(_ index: Int, to bytes: inout [UInt8]) {
            let attribute = tree.attributes[range.lowerBound + index]
            bytes += tree.values[Int(attribute.valueStart)..<Int(attribute.valueStart + attribute.valueCount)]
        }
    }

    func attributes(numberedBy numbers: [Int32]) -> Attributes {
        Attributes(tree: tree, range: Int(node.attributeStart)..<Int(node.attributeEnd), numbers: numbers)
    }

    /// The index of the first element after this one's descendants.
    var subtreeEnd: Int { Int(node.subtreeEnd) }

    /// The element's character data when it is a text element (`<string>`), `nil` otherwise.
    var keptText: String? { node.text < 0 ? nil : tree.texts[Int(node.text)] }
}
