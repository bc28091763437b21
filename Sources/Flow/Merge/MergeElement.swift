/// The elements of one file as the merge reads it, kept together: one array of elements in
/// document order, one of all their attributes, and one of their children's places, so that
/// reading a file of 28,000 elements fills a few arrays rather than allocating objects, lists
/// and strings for each element, and letting it go frees a few arrays.
final class MergeTree {
    /// One element, where its bytes are and where its attributes and children are listed.
    struct Node {
        let name: String
        let id: String?
        let key: String?
        /// What is inside an element holding text (its text, or for a mixed element everything
        /// inside it), as written; nil for an element of elements only.
        var textDigest: String?
        /// Where its leading bytes start; they end where its start tag starts.
        let leadingStart: Int32
        let tagStart: Int32
        let tagEnd: Int32
        /// The bytes between its last child and its end tag, and where the element ends.
        var trailingStart: Int32
        var endTagStart: Int32
        var end: Int32
        let attributeStart: Int32
        let attributeCount: Int32
        var childStart: Int32 = 0
        var childCount: Int32 = 0
        /// Its parent's place, -1 for the document element.
        let parent: Int32
        let depth: Int32
        /// The place after its last descendant: an element and all it holds are
        /// `nodes[place..<subtreeEnd]`.
        var subtreeEnd: Int32
        let selfClosing: Bool
        var hasText = false
    }

    /// Every element, in document order.
    private(set) var nodes = UnsafeBufferPointer<Node>(start: nil, count: 0)
    /// Every attribute; an element's are `attributeCount` of them from `attributeStart`.
    private(set) var attributes = UnsafeBufferPointer<MergeAttribute>(start: nil, count: 0)
    /// The places of every element's children; an element's are `childCount` of them from `childStart`.
    private(set) var childPlaces = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    /// The file's bytes.
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    deinit {
        Self.release(nodes)
        Self.release(attributes)
        Self.release(childPlaces)
    }

    /// Takes a scan's arrays once it is done (the scanner makes elements of the tree before
    /// then, as it notes them by id). They are copied once into memory the tree owns and read
    /// in place: every step of a merge reads them, and reading an array a class holds counts
    /// a reference to the array's storage at every read (a fifth of a merge's time, on the
    /// largest merges). The memory is the tree's alone, never changed after, and freed with it.
    func fill(nodes: ContiguousArray<Node>, attributes: ContiguousArray<MergeAttribute>, childPlaces: ContiguousArray<Int32>) {
        precondition(self.nodes.isEmpty && self.attributes.isEmpty && self.childPlaces.isEmpty, "a tree is filled once")
        self.nodes = Self.owned(nodes)
        self.attributes = Self.owned(attributes)
        self.childPlaces = Self.owned(childPlaces)
    }

    /// A copy of `elements` in memory of its own (none for no elements).
    private static func owned<Element>(_ elements: ContiguousArray<Element>) -> UnsafeBufferPointer<Element> {
        guard !elements.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = memory.initialize(from: elements)
        return UnsafeBufferPointer(memory)
    }

    /// Frees what ``owned(_:)`` made.
    private static func release<Element>(_ elements: UnsafeBufferPointer<Element>) {
        guard elements.baseAddress != nil else { return }
        let memory = UnsafeMutableBufferPointer(mutating: elements)
        memory.deinitialize()
        memory.deallocate()
    }
}

/// One element of a ``MergeSource``: its place in its file's ``MergeTree``.
///
/// An element is valid while its source is (a merge keeps its three sources, and each pass's
/// result, for as long as it looks at them), so it points at its tree without counting a
/// reference, which every step of a merge, over every element of six files, would pay.
struct MergeElement: Hashable {
    unowned(unsafe) let tree: MergeTree
    let place: Int

    static func == (left: MergeElement, right: MergeElement) -> Bool {
        left.place == right.place && left.tree === right.tree
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(tree))
        hasher.combine(place)
    }

    var name: String { tree.nodes[place].name }
    /// Its `id` and `key` attributes, read at every step of a merge.
    var id: String? { tree.nodes[place].id }
    var key: String? { tree.nodes[place].key }

    var attributes: MergeAttributes {
        MergeAttributes(tree: tree, start: Int(tree.nodes[place].attributeStart), count: Int(tree.nodes[place].attributeCount))
    }

    /// Its child elements, in order.
    var children: MergeChildren {
        MergeChildren(tree: tree, start: Int(tree.nodes[place].childStart), count: Int(tree.nodes[place].childCount))
    }

    /// The bytes between the previous sibling (or the parent's start tag) and this element:
    /// indentation and comments.
    var leading: Range<Int> { Int(tree.nodes[place].leadingStart)..<Int(tree.nodes[place].tagStart) }
    /// The bytes between the last child and the end tag; empty for a self-closing element.
    var trailing: Range<Int> { Int(tree.nodes[place].trailingStart)..<Int(tree.nodes[place].endTagStart) }
    /// The whole element, start tag to end tag.
    var range: Range<Int> { Int(tree.nodes[place].tagStart)..<Int(tree.nodes[place].end) }
    var startTag: Range<Int> { Int(tree.nodes[place].tagStart)..<Int(tree.nodes[place].tagEnd) }
    var selfClosing: Bool { tree.nodes[place].selfClosing }

    /// The text of an element that holds text and no elements (`<string key="text">`), as
    /// written (escapes kept); nil otherwise.
    var text: Range<Int>? {
        let node = tree.nodes[place]
        return node.hasText && node.childCount == 0 ? Int(node.tagEnd)..<Int(node.endTagStart) : nil
    }

    /// An element mixing text and elements, merged as one value.
    var isOpaque: Bool { tree.nodes[place].hasText && tree.nodes[place].childCount > 0 }
    /// What is inside an element holding text, as written; nil for an element of elements only.
    var textDigest: String? { tree.nodes[place].textDigest }

    var parent: MergeElement? {
        let parent = tree.nodes[place].parent
        return parent < 0 ? nil : MergeElement(tree: tree, place: Int(parent))
    }

    /// Its nesting depth; the document element is 0.
    var depth: Int { Int(tree.nodes[place].depth) }

    /// The value of an attribute, decoded.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Calls `body` for this element and every descendant, in document order.
    func visit(_ body: (MergeElement) -> Void) {
        for descendant in place..<Int(tree.nodes[place].subtreeEnd) {
            body(MergeElement(tree: tree, place: descendant))
        }
    }

    /// The nearest ancestor (or itself) with an `id`.
    var nearestObject: MergeElement? {
        var element: MergeElement? = self
        while let current = element {
            if current.id != nil { return current }
            element = current.parent
        }
        return nil
    }

    /// The `<scene>` it is in.
    var scene: MergeElement? {
        var element: MergeElement? = self
        while let current = element {
            if current.name == "scene" { return current }
            element = current.parent
        }
        return nil
    }
}

/// What a tree lists for its elements, one run of it each: children and attributes.
protocol MergeTreeItem {
    /// The item at a place of the tree's list.
    static func item(at index: Int, of tree: MergeTree) -> Self
}

extension MergeElement: MergeTreeItem {
    static func item(at index: Int, of tree: MergeTree) -> MergeElement {
        MergeElement(tree: tree, place: Int(tree.childPlaces[index]))
    }
}

extension MergeAttribute: MergeTreeItem {
    static func item(at index: Int, of tree: MergeTree) -> MergeAttribute { tree.attributes[index] }
}

/// One element's run of a tree's list: its children in order, or its attributes as written.
struct MergeTreeRun<Item: MergeTreeItem>: RandomAccessCollection {
    unowned(unsafe) let tree: MergeTree
    let start: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Item { Item.item(at: start + position, of: tree) }
}

typealias MergeChildren = MergeTreeRun<MergeElement>
typealias MergeAttributes = MergeTreeRun<MergeAttribute>
