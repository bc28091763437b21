#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds an ``XMLTree`` from the elements ``XMLEventReader`` reads, with each element's position.
final class XMLTreeBuilder: XMLEventHandler {
    /// The outcome of a parse: a complete tree, or the first problem found.
    enum Outcome {
        case tree(XMLTree)
        case failure(SourceLocation, String)
    }

    // The builder's state is only ever touched from the reader's callbacks, one at a time on
    // the thread running the parse, so the runtime's exclusivity checks are left out for it.

    // The tree being built (see ``XMLTree``).
    @exclusivity(unchecked) private var nodes: [XMLTree.Node] = []
    @exclusivity(unchecked) private var attributes: [XMLTree.Attribute] = []
    @exclusivity(unchecked) private var values: [UInt8] = []
    @exclusivity(unchecked) private var texts: [String] = []

    /// The open elements, innermost last, and the last child seen of each.
    @exclusivity(unchecked) private var open: [Int32] = []
    @exclusivity(unchecked) private var lastChild: [Int32] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        // Room for a storyboard's elements and attributes from the start (one element per
        // tag that opens, Xcode writes one attribute per 30 bytes, values a quarter of the
        // bytes): grown by doubling, the arrays were copied over and over into fresh memory,
        // and the page faults cost more than the copies. Room never used is never touched.
        nodes.reserveCapacity(Self.openingTags(in: bytes))
        attributes.reserveCapacity(bytes.count / 24 + 16)
        values.reserveCapacity(bytes.count / 3 + 64)
    }

    /// How many elements `bytes` can hold at most: the `<` not followed by `/`, `!` or `?`
    /// (a tag that opens; one inside a comment counts too). Counted with `memchr`, a few
    /// microseconds for a large storyboard, so that the tree's nodes are allocated once at
    /// their size: an estimate from the file's size either fell short, and the array
    /// doubled, or reserved room for elements a file did not have.
    static func openingTags(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let end = base + bytes.count
        var cursor = base
        var count = 0
        while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "<")), end - cursor) {
            let tag = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            cursor = tag + 1
            guard cursor < end else { break }
            switch cursor.pointee {
            case UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?"): continue
            default: count += 1
            }
        }
        return count
    }

    /// Parses `bytes`, which the caller has already checked with ``XMLPreflight``.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        let builder = XMLTreeBuilder(bytes: bytes)
        let reader = XMLEventReader(bytes: bytes)
        if let (location, message) = reader.read(into: builder) {
            return .failure(location, message)
        }
        return .tree(
            XMLTree(nodes: builder.nodes, attributes: builder.attributes, values: builder.values, names: reader.names.names, texts: builder.texts))
    }

    func startElement(_ name: Int32, _ elementAttributes: XMLEventReader.Attributes, in reader: XMLEventReader) {
        let location = reader.startOfTag()
        let index = Int32(nodes.count)
        let attributeStart = Int32(attributes.count)
        for number in 0..<elementAttributes.count where elementAttributes.name(number) >= 0 {
            let valueStart = Int32(values.count)
            XMLEventReader.decode(elementAttributes.rawValue(number), into: &values)
            attributes.append(
                XMLTree.Attribute(name: elementAttributes.name(number), valueStart: valueStart, valueCount: Int32(values.count) - valueStart))
        }
        let parent = open.last ?? -1
        nodes.append(
            XMLTree.Node(
                name: name, parent: parent, subtreeEnd: index + 1,
                attributeStart: attributeStart, attributeEnd: Int32(attributes.count),
                line: Int32(clamping: location.line), column: Int32(clamping: location.column)))
        if parent >= 0 {
            let previous = lastChild[lastChild.count - 1]
            if previous < 0 {
                nodes[Int(parent)].firstChild = index
            } else {
                nodes[Int(previous)].nextSibling = index
            }
            lastChild[lastChild.count - 1] = index
        }
        open.append(index)
        lastChild.append(-1)
    }

    func endElement(_ name: Int32, text: String?) {
        guard let index = open.popLast() else { return }
        lastChild.removeLast()
        let node = Int(index)
        nodes[node].subtreeEnd = Int32(nodes.count)
        if let text {
            nodes[node].text = Int32(texts.count)
            texts.append(text)
        }
    }
}

/// Element and attribute names, each stored once and numbered in order of appearance.
///
/// libxml2 keeps every name it parses in a dictionary of its own for the length of a parse,
/// so the same name arrives as the same pointer each time. A small cache keyed by pointer
/// turns most lookups into one comparison; the bytes are compared too, so a name is never
/// taken for another even if a libxml2 version handed over a reused buffer.
struct NameTable {
    private(set) var names: [String] = []
    private var numbers: [String: Int32] = [:]
    /// The UTF-8 of every name, one after the other, and where each one starts; for
    /// checking cache hits.
    private var spellings: [UInt8] = []
    private var spellingStarts: [Int] = [0]
    private static let cacheBits = 10
    private var cache = [(pointer: UnsafePointer<UInt8>?, number: Int32)](
        repeating: (nil, 0), count: 1 << NameTable.cacheBits)

    /// The number of a name given as text.
    mutating func number(of name: String) -> Int32 {
        if let number = numbers[name] { return number }
        let number = Int32(names.count)
        names.append(name)
        numbers[name] = number
        spellings.append(contentsOf: name.utf8)
        spellingStarts.append(spellings.count)
        return number
    }

    /// The number of a name as libxml2 hands it over: a NUL-terminated local name, and a
    /// namespace prefix, which is kept as part of the name (`prefix:local`).
    mutating func number(of name: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) -> Int32 {
        if let prefix {
            return number(of: String(cString: prefix) + ":" + String(cString: name))
        }
        // Fibonacci hashing: the pointer's bits spread over the slot number.
        let slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: name)) &* 0x9E37_79B9_7F4A_7C15) >> (64 - Self.cacheBits))
        let cached = cache[slot]
        if cached.pointer == name, spells(name, Int(cached.number)) {
            return cached.number
        }
        let number = number(of: String(cString: name))
        cache[slot] = (name, number)
        return number
    }

    /// Whether the NUL-terminated `name` is exactly name number `number`.
    private func spells(_ name: UnsafePointer<UInt8>, _ number: Int) -> Bool {
        let start = spellingStarts[number]
        let count = spellingStarts[number + 1] - start
        return spellings.withUnsafeBufferPointer { spelling in
            memcmp(name, spelling.baseAddress! + start, count) == 0 && name[count] == 0
        }
    }
}
