/// A parsed XML file kept as a flat array of elements in document order.
///
/// A flat array rather than a tree of objects: it frees without recursion (a hostile file can
/// nest deeply), and an element's descendants are one contiguous index range.
final class XMLTree {
    struct Node {
        var name: String
        var attributes: [String: String]
        var location: SourceLocation
        var parent: Int?
        var children: [Int] = []
        /// One past the index of the last descendant, filled in when the element closes.
        var subtreeEnd: Int
        /// Character data, kept only for elements that carry text (`<string key="text">`).
        var text: String = ""
    }

    var nodes: [Node] = []

    /// The document element, if the file had one.
    var root: ParsedElement? {
        nodes.isEmpty ? nil : ParsedElement(tree: self, index: 0)
    }
}

/// A handle on one element of an ``XMLTree``.
struct ParsedElement {
    let tree: XMLTree
    let index: Int

    private var node: XMLTree.Node { tree.nodes[index] }

    var name: String { node.name }
    var location: SourceLocation { node.location }
    var text: String { node.text }
    var attributes: [String: String] { node.attributes }

    /// The attribute's value, `nil` when absent.
    subscript(_ attribute: String) -> String? { tree.nodes[index].attributes[attribute] }

    /// The `key` attribute: the role an element plays in its parent (`view`, `contentView`…).
    var key: String? { self["key"] }

    var parent: ParsedElement? {
        tree.nodes[index].parent.map { ParsedElement(tree: tree, index: $0) }
    }

    var children: [ParsedElement] {
        tree.nodes[index].children.map { ParsedElement(tree: tree, index: $0) }
    }

    /// Children with this element name, in order.
    func children(named wanted: String) -> [ParsedElement] {
        tree.nodes[index].children.compactMap { child in
            tree.nodes[child].name == wanted ? ParsedElement(tree: tree, index: child) : nil
        }
    }

    /// The first child with this element name (and this `key`, when given).
    func child(named wanted: String, key wantedKey: String? = nil) -> ParsedElement? {
        for child in tree.nodes[index].children {
            let node = tree.nodes[child]
            guard node.name == wanted else { continue }
            if let wantedKey, node.attributes["key"] != wantedKey { continue }
            return ParsedElement(tree: tree, index: child)
        }
        return nil
    }

    /// The first child whose `key` attribute is this, whatever its element name.
    func child(key wantedKey: String) -> ParsedElement? {
        for child in tree.nodes[index].children where tree.nodes[child].attributes["key"] == wantedKey {
            return ParsedElement(tree: tree, index: child)
        }
        return nil
    }

    /// Every element below this one, in document order (not including itself).
    var descendants: [ParsedElement] {
        let end = tree.nodes[index].subtreeEnd
        guard end > index + 1 else { return [] }
        return (index + 1..<end).map { ParsedElement(tree: tree, index: $0) }
    }

    /// Whether `other` lies inside this element.
    func contains(_ other: ParsedElement) -> Bool {
        other.index > index && other.index < tree.nodes[index].subtreeEnd
    }
}
