/// The elements of one file as the merge reads it, kept together: one array of elements in
/// document order, one of all their attributes, and one of their children's places, so that
/// reading a file of 28,000 elements fills a few arrays rather than allocating objects, lists
/// and strings for each element, and letting it go frees a few arrays.
///
/// Elements and attributes are plain numbers: where their bytes are in the file, and their
/// names and keys by number in tables holding each distinct one once. An attribute's value
/// stays bytes until it is asked for (most are only copied); an id is made a string once.
final class MergeTree {
    /// One element, where its bytes are and where its attributes and children are listed.
    struct Node {
        /// Its name, by number in `names`.
        var name: Int32
        /// Its `id`, by number in `ids`, and its `key`, by number in `keys`; -1 for none.
        var id: Int32
        var key: Int32
        /// Where its leading bytes start; they end where its start tag starts.
        var leadingStart: Int32
        var tagStart: Int32
        var tagEnd: Int32
        /// The bytes between its last child and its end tag, and where the element ends.
        var trailingStart: Int32
        var endTagStart: Int32
        var end: Int32
        var attributeStart: Int32
        let attributeCount: Int32
        var childStart: Int32 = 0
        var childCount: Int32 = 0
        /// Its parent's place, -1 for the document element.
        var parent: Int32
        let depth: Int32
        /// The place after its last descendant: an element and all it holds are
        /// `nodes[place..<subtreeEnd]`.
        var subtreeEnd: Int32
        let selfClosing: Bool
        /// It holds text (or CDATA): what is inside it, as written, is its text.
        var hasText = false
    }

    /// One attribute: its name by number in `names`, and where it and its value are.
    struct Attribute {
        let name: Int32
        /// Where `name="value"` starts; it ends after the value's closing quote.
        let start: Int32
        let valueStart: Int32
        let valueEnd: Int32
        /// The value holds entity or character references, to replace when it is read.
        let escaped: Bool
    }

    /// Every element, in document order.
    private(set) var nodes = UnsafeBufferPointer<Node>(start: nil, count: 0)
    /// Every attribute; an element's are `attributeCount` of them from `attributeStart`.
    private(set) var attributes = UnsafeBufferPointer<Attribute>(start: nil, count: 0)
    /// The places of every element's children; an element's are `childCount` of them from `childStart`.
    private(set) var childPlaces = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    /// The names of elements and attributes, the keys, and the ids the file gives, each once.
    private(set) var names = UnsafeBufferPointer<String>(start: nil, count: 0)
    private(set) var keys = UnsafeBufferPointer<String>(start: nil, count: 0)
    private(set) var ids = UnsafeBufferPointer<String>(start: nil, count: 0)
    /// The file's bytes.
    let bytes: [UInt8]
    /// Where each line starts, for positions in messages: worked out when one is asked for.
    private(set) lazy var lineStarts = MergeSource.lineStarts(of: bytes)

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    deinit {
        Self.release(nodes)
        Self.release(attributes)
        Self.release(childPlaces)
        Self.release(names)
        Self.release(keys)
        Self.release(ids)
    }

    /// Takes a scan's lists once it is done (the scanner makes elements of the tree before
    /// then, as it notes them by id). They are read in place: every step of a merge reads
    /// them, and reading an array a class holds counts a reference to the array's storage at
    /// every read (a fifth of a merge's time, on the largest merges). The memory is the
    /// tree's alone from then on, never changed, and freed with it; elements and attributes
    /// are plain numbers, so taking them copies nothing.
    func fill(
        nodes: inout MergeTreeList<Node>, attributes: inout MergeTreeList<Attribute>, childPlaces: inout MergeTreeList<Int32>,
        names: [String], keys: [String], ids: inout MergeTreeList<String>
    ) {
        precondition(self.nodes.isEmpty && self.attributes.isEmpty && self.childPlaces.isEmpty, "a tree is filled once")
        self.nodes = nodes.take()
        self.attributes = attributes.take()
        self.childPlaces = childPlaces.take()
        self.ids = ids.take()
        self.names = Self.owned(names)
        self.keys = Self.owned(keys)
    }

    /// A copy of `elements` in memory of its own (none for no elements).
    private static func owned<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        guard !elements.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = memory.initialize(from: elements)
        return UnsafeBufferPointer(memory)
    }

    /// Frees a list the tree owns.
    private static func release<Element>(_ elements: UnsafeBufferPointer<Element>) {
        guard elements.baseAddress != nil else { return }
        let memory = UnsafeMutableBufferPointer(mutating: elements)
        memory.deinitialize()
        memory.deallocate()
    }

    /// The value of an attribute, its references replaced.
    func value(of attribute: Attribute) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            let range = Int(attribute.valueStart)..<Int(attribute.valueEnd)
            guard attribute.escaped else { return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self) }
            // The scan checked every reference, so this cannot fail.
            return (try? MergeScanner.decoded(buffer, range).get()) ?? String(decoding: buffer[range], as: UTF8.self)
        }
    }

    /// The bytes of a range, as text.
    func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether a range of some bytes is ASCII.
    static func isASCII(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 < 0x80 }
    }
}

/// A list a scan fills, growing as it goes, whose memory a ``MergeTree`` then takes without
/// copying. Whoever fills one either hands it to a tree or calls ``free()``.
struct MergeTreeList<Element> {
    private var memory: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private var capacity = 0

    init(capacity: Int) {
        reserve(max(capacity, 16))
    }

    subscript(index: Int) -> Element { memory![index] }

    /// Changes an element in place.
    func update(_ index: Int, _ change: (inout Element) -> Void) {
        change(&memory![index])
    }

    mutating func append(_ element: Element) {
        if count == capacity { reserve(capacity * 2) }
        (memory! + count).initialize(to: element)
        count += 1
    }

    private mutating func reserve(_ wanted: Int) {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: wanted)
        if let memory {
            larger.moveInitialize(from: memory, count: count)
            memory.deallocate()
        }
        memory = larger
        capacity = wanted
    }

    /// Its elements, for the caller to free; the list is left empty.
    mutating func take() -> UnsafeBufferPointer<Element> {
        defer { memory = nil; count = 0; capacity = 0 }
        return UnsafeBufferPointer(start: memory, count: count)
    }

    /// Frees its elements (a scan that stopped at an error).
    mutating func free() {
        if let memory {
            memory.deinitialize(count: count)
            memory.deallocate()
        }
        memory = nil
        count = 0
        capacity = 0
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

    var name: String { tree.names[Int(tree.nodes[place].name)] }
    /// Its `id` and `key` attributes, read at every step of a merge.
    var id: String? {
        let id = tree.nodes[place].id
        return id < 0 ? nil : tree.ids[Int(id)]
    }
    var key: String? {
        let key = tree.nodes[place].key
        return key < 0 ? nil : tree.keys[Int(key)]
    }

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
    var textDigest: String? {
        let node = tree.nodes[place]
        return node.hasText ? tree.text(Int(node.tagEnd)..<Int(node.endTagStart)) : nil
    }

    /// Whether two elements hold the same text (``textDigest``), compared as bytes first.
    func sameText(as other: MergeElement) -> Bool {
        let (node, otherNode) = (tree.nodes[place], other.tree.nodes[other.place])
        guard node.hasText && otherNode.hasText else { return node.hasText == otherNode.hasText }
        let (range, otherRange) = (Int(node.tagEnd)..<Int(node.endTagStart), Int(otherNode.tagEnd)..<Int(otherNode.endTagStart))
        let sameBytes = tree.bytes.withUnsafeBufferPointer { bytes in
            other.tree.bytes.withUnsafeBufferPointer { otherBytes in bytes[range].elementsEqual(otherBytes[otherRange]) }
        }
        // Texts whose bytes differ may still be the same string (one character composed two
        // ways, or two malformed sequences both read as U+FFFD); not two ASCII texts.
        if sameBytes { return true }
        if MergeTree.isASCII(tree.bytes, range) && MergeTree.isASCII(other.tree.bytes, otherRange) { return false }
        return textDigest == other.textDigest
    }

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
    static func item(at index: Int, of tree: MergeTree) -> MergeAttribute { MergeAttribute(tree: tree, index: index) }
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
