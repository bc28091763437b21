#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One version of a storyboard or xib as the merge reads it: every element with the bytes it
/// came from, so that what the merge leaves alone is written back exactly as Xcode wrote it.
///
/// The runtime's parser (``XMLTree``, libxml2) keeps what a run needs and drops the rest:
/// whitespace, comments, attribute order and escapes. A merge must give those back byte for
/// byte, so it reads the file with a scanner of its own that records, for each element, where
/// its start tag, content and end tag are, and the text between elements (indentation and
/// Xcode's `<!--Scene title-->` comments) as the "leading" bytes of the element after it.
struct MergeSource {
    /// The whole file.
    let bytes: [UInt8]
    /// What the file is called in messages.
    let name: String
    /// The document element.
    let root: MergeElement
    /// Its elements, which ``MergeElement``s point at.
    let tree: MergeTree
    /// The bytes before the document element (the XML declaration) and after it.
    let prolog: Range<Int>
    let epilog: Range<Int>
    /// Elements by their `id`, first occurrence.
    let byID: [String: MergeElement]
    /// Ids more than one element has.
    let repeatedIDs: Set<String>

    /// The deepest nesting read; real storyboards nest about 30 deep.
    static let maximumDepth = 400

    /// The largest file read: offsets are kept in 32 bits.
    static let maximumSize = Int(Int32.max)

    /// Reads `bytes`; `copies` are elements of other sources written whole into them (a
    /// merge's result), whose elements are carried over rather than read again where the
    /// bytes are theirs.
    init(bytes: [UInt8], name: String, copies: [MergeCopy] = []) throws(MergeInputError) {
        self.bytes = bytes
        self.name = name
        guard bytes.count <= Self.maximumSize else {
            throw MergeInputError(file: name, line: 0, column: 0, message: "the file is larger than 2 GB: not a storyboard")
        }
        let tree = MergeTree(bytes: bytes)
        self.tree = tree
        // The scanner reads the bytes in place, without a bounds check or a count of
        // references at every byte; `bytes` keeps them alive.
        let scanned = bytes.withUnsafeBufferPointer { buffer -> Result<MergeScanner, MergeInputError> in
            var scanner = MergeScanner(bytes: buffer, name: name, tree: tree, copies: copies)
            do throws(MergeInputError) {
                try scanner.document()
                return .success(scanner)
            } catch {
                scanner.free()
                return .failure(error)
            }
        }
        var scanner = try scanned.get()
        root = scanner.root!
        scanner.fill(tree)
        prolog = scanner.prolog
        epilog = scanner.epilog
        byID = scanner.byID
        repeatedIDs = scanner.repeatedIDs
    }

    /// Where each line of `bytes` starts.
    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { lineStarts(of: $0) }
    }

    static func lineStarts(of buffer: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        guard let base = buffer.baseAddress else { return starts }
        var offset = 0
        while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
            offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            starts.append(offset)
        }
        return starts
    }

    /// The line and column (both from 1) of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        MergeScanner.position(of: offset, lineStarts: tree.lineStarts)
    }

    /// The bytes of a range, as text.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}

/// An element a merge wrote whole into its result, as its side has it, and where it starts there.
struct MergeCopy {
    let offset: Int
    let element: MergeElement
}

/// One attribute of an element of a ``MergeTree``: its name, its value decoded, and where its
/// bytes are. The value is made a string when asked for.
struct MergeAttribute: Equatable {
    unowned(unsafe) let tree: MergeTree
    let index: Int

    var name: String { tree.names[Int(tree.attributes[index].name)] }
    var value: String { tree.value(of: tree.attributes[index]) }
    /// The whole attribute, `name="value"`, as written.
    var whole: Range<Int> {
        let attribute = tree.attributes[index]
        return Int(attribute.start)..<Int(attribute.valueEnd) + 1
    }

    /// The same name and value at the same place (of one file or two).
    static func == (left: MergeAttribute, right: MergeAttribute) -> Bool {
        if left.tree === right.tree && left.index == right.index { return true }
        return left.whole == right.whole && left.name == right.name && left.value == right.value
    }
}

/// A file the merge could not read, with where and why.
public struct MergeInputError: Error, Equatable, Sendable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    /// `FILE:LINE:COL: error: message`, as every command reports a file it cannot read.
    public var description: String {
        let shown = DiagnosticText.escaped(file)
        return line > 0 ? "\(shown):\(line):\(column): error: \(message)" : "\(shown): error: \(message)"
    }
}

/// The scanner behind ``MergeSource``: well-formed XML as Xcode writes it (elements,
/// attributes in double or single quotes, text, comments, CDATA, processing instructions, the
/// five named entities and character references), and a clear error for anything else.
struct MergeScanner {
    /// The file's bytes, valid while the scan lasts.
    let bytes: UnsafeBufferPointer<UInt8>
    let name: String
    var offset = 0
    /// What a scan found: the document element, the bytes before and after it, and elements
    /// by their `id` (first occurrence) with the ids more than one element has.
    private(set) var root: MergeElement?
    private(set) var prolog = 0..<0
    private(set) var epilog = 0..<0
    private(set) var byID: [String: MergeElement] = [:]
    private(set) var repeatedIDs = Set<String>()
    /// The tree the elements will be in, filled once the scan is done.
    private unowned(unsafe) let tree: MergeTree
    /// What the tree is filled with: elements in document order, their attributes, the
    /// places of their children (each element's together), the names and keys met, and the
    /// ids given.
    private var nodes: MergeTreeList<MergeTree.Node>
    private var attributes: MergeTreeList<MergeTree.Attribute>
    private var childPlaces: MergeTreeList<Int32>
    private var names = MergeTextTable()
    private var keys = MergeTextTable()
    private var ids: MergeTreeList<String>
    /// The children of the open elements, innermost last, each element's from where its
    /// entry in the stack of open elements says: listed together when it closes.
    private var openChildren: [Int32] = []
    /// Where the names of the start tag being read are, to find one given twice without
    /// comparing strings.
    private var tagAttributeNames: [Range<Int>] = []
    /// Elements written whole from other trees, in the order of the file, and the next one.
    private let copies: [MergeCopy]
    private var nextCopy = 0
    /// For each tree copied from, its names' and keys' numbers here (-1 until met).
    private var copiedNumbers: [(tree: MergeTree, names: [Int32], keys: [Int32])] = []

    init(bytes: UnsafeBufferPointer<UInt8>, name: String, tree: MergeTree, copies: [MergeCopy] = []) {
        self.bytes = bytes
        self.name = name
        self.tree = tree
        self.copies = copies
        // Room enough not to grow for an Xcode file (an element is a line of 40 bytes or
        // more, with three attributes at most): memory never written to costs nothing. Not so
        // the table of ids, whose entries land anywhere in it: it grows as ids come (an
        // archive of 28,000 elements gives a thousand).
        nodes = MergeTreeList(capacity: bytes.count / 24)
        attributes = MergeTreeList(capacity: bytes.count / 8)
        childPlaces = MergeTreeList(capacity: bytes.count / 24)
        ids = MergeTreeList(capacity: bytes.count / 24)
    }

    /// Hands what a finished scan read to its tree.
    mutating func fill(_ tree: MergeTree) {
        tree.fill(nodes: &nodes, attributes: &attributes, childPlaces: &childPlaces, names: names.texts, keys: keys.texts, ids: &ids)
    }

    /// Frees what a scan that stopped at an error read.
    mutating func free() {
        nodes.free()
        attributes.free()
        childPlaces.free()
        ids.free()
    }

    static func position(of offset: Int, lineStarts: [Int]) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    func failure(_ message: String, at offset: Int) -> MergeInputError {
        let (line, column) = Self.position(of: min(offset, bytes.count), lineStarts: MergeSource.lineStarts(of: bytes))
        return MergeInputError(file: name, line: line, column: column, message: message)
    }

    private func starts(with literal: StaticString, at position: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literalBytes in
            for index in 0..<count where bytes[position + index] != literalBytes[index] { return false }
            return true
        }
    }

    private func find(_ literal: StaticString, from position: Int) -> Int? {
        var index = position
        let first = literal.withUTF8Buffer { $0[0] }
        while index < bytes.count {
            if bytes[index] == first && starts(with: literal, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// The offset of the next `<` from `position`, or the end.
    private func nextTag(from position: Int) -> Int {
        guard position < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + position, Int32(UInt8(ascii: "<")), bytes.count - position)
        else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !(isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))
    }

    /// Skips a comment, CDATA section, processing instruction or declaration at `offset`,
    /// returning whether it held text (CDATA).
    private mutating func skipMarkup() throws(MergeInputError) -> Bool {
        let start = offset
        if starts(with: "<!--", at: offset) {
            guard let end = find("-->", from: offset + 4) else { throw failure("a comment is not closed (the file may be cut off)", at: start) }
            offset = end + 3
            return false
        }
        if starts(with: "<![CDATA[", at: offset) {
            guard let end = find("]]>", from: offset + 9) else { throw failure("a CDATA section is not closed (the file may be cut off)", at: start) }
            offset = end + 3
            return true
        }
        if starts(with: "<?", at: offset) {
            guard let end = find("?>", from: offset + 2) else { throw failure("a processing instruction is not closed (the file may be cut off)", at: start) }
            offset = end + 2
            return false
        }
        if starts(with: "<!DOCTYPE", at: offset) {
            if let bracket = find("[", from: offset), let close = find(">", from: offset), bracket < close {
                throw failure("a DOCTYPE with its own declarations is not a storyboard", at: start)
            }
            guard let end = find(">", from: offset) else { throw failure("a DOCTYPE is not closed", at: start) }
            offset = end + 1
            return false
        }
        throw failure("\"<!\" starts no comment, CDATA section or DOCTYPE", at: start)
    }

    /// The whole document: the prolog, the document element and what follows it.
    mutating func document() throws(MergeInputError) {
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            throw failure("the file is UTF-16: save it as UTF-8 (as Xcode does)", at: 0)
        }
        if bytes.isEmpty { throw failure("the file is empty", at: 0) }
        while offset < bytes.count {
            if Self.isSpace(bytes[offset]) {
                offset += 1
            } else if starts(with: "\u{FEFF}", at: offset) && offset == 0 {
                offset += 3
            } else if starts(with: "<!", at: offset) || starts(with: "<?", at: offset) {
                if try skipMarkup() { throw failure("text before the document element", at: offset) }
            } else if bytes[offset] == UInt8(ascii: "<") {
                break
            } else {
                throw failure("text before the document element: this is not an XML file", at: offset)
            }
        }
        guard offset < bytes.count else { throw failure("the file has no document element", at: offset) }
        let prolog = 0..<offset
        let root = try element(leading: offset..<offset, depth: 0)
        let epilogStart = offset
        while offset < bytes.count {
            if Self.isSpace(bytes[offset]) {
                offset += 1
            } else if starts(with: "<!--", at: offset) || starts(with: "<?", at: offset) {
                if try skipMarkup() { throw failure("text after the document element", at: offset) }
            } else {
                throw failure("more after the document element's end (a second document pasted in?)", at: offset)
            }
        }
        self.root = root
        self.prolog = prolog
        epilog = epilogStart..<bytes.count
    }

    /// The element whose `<` is at `offset`, with everything in it.
    private mutating func element(leading: Range<Int>, depth: Int) throws(MergeInputError) -> MergeElement {
        // An explicit stack of open elements: a hostile file may nest as deep as it likes.
        var open: [(place: Int, hasText: Bool, firstChild: Int)] = []
        var pendingLeading = leading
        while true {
            let tagStart = offset
            if let parent = open.last?.place, let copied = copy(at: tagStart, depth: depth + open.count) {
                // An element copied whole from another tree: carried over, not read again.
                openChildren.append(Int32(nodes.count))
                carry(copied, leading: pendingLeading.lowerBound, parent: parent)
            } else {
                let attributeStart = attributes.count
                let (name, selfClosing, id, key) = try startTag()
                let idNumber: Int32 = id == nil ? -1 : Int32(ids.count)
                if let id { ids.append(id) }
                if open.count >= MergeSource.maximumDepth {
                    throw failure("elements are nested more than \(MergeSource.maximumDepth) deep", at: tagStart)
                }
                let place = nodes.count
                let parent = open.last?.place ?? -1
                nodes.append(
                    MergeTree.Node(
                        name: name, id: idNumber, key: key, leadingStart: Int32(pendingLeading.lowerBound),
                        tagStart: Int32(tagStart), tagEnd: Int32(offset), trailingStart: Int32(offset), endTagStart: Int32(offset),
                        end: Int32(offset), attributeStart: Int32(attributeStart), attributeCount: Int32(attributes.count - attributeStart),
                        parent: Int32(parent), depth: Int32(depth + open.count), subtreeEnd: Int32(place + 1), selfClosing: selfClosing))
                let element = MergeElement(tree: tree, place: place)
                if let id {
                    // One look-up: the element is noted unless an earlier one has the id.
                    Self.note(element, in: &byID[id, default: element], repeated: &repeatedIDs, id: id)
                }
                if parent >= 0 { openChildren.append(Int32(place)) }
                if selfClosing {
                    if open.isEmpty { return element }
                } else {
                    open.append((place, false, openChildren.count))
                }
            }
            // The content that follows, up to the next start tag, closing elements on the way.
            var segmentStart = offset
            while true {
                var sawText = false
                let segmentEnd = nextTag(from: offset)
                while offset < segmentEnd {
                    if !Self.isSpace(bytes[offset]) {
                        sawText = true
                        offset = segmentEnd
                        break
                    }
                    offset += 1
                }
                if sawText && !open.isEmpty { open[open.count - 1].hasText = true }
                guard offset < bytes.count, let current = open.last?.place else {
                    let unclosed = names.texts[Int(nodes[open.last?.place ?? nodes.count - 1].name)]
                    throw failure("<\(DiagnosticText.escaped(unclosed))> is not closed: the file ends first (cut off?)", at: offset)
                }
                if starts(with: "</", at: offset) {
                    let endStart = offset
                    offset += 2
                    let nameStart = offset
                    while offset < bytes.count && Self.isNameByte(bytes[offset]) { offset += 1 }
                    let endNameBytes = nameStart..<offset
                    while offset < bytes.count && Self.isSpace(bytes[offset]) { offset += 1 }
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else {
                        throw failure("an end tag is not closed (the file may be cut off)", at: endStart)
                    }
                    offset += 1
                    // The start tag's name is where it was read: the two compared as bytes.
                    var startNameEnd = Int(nodes[current].tagStart) + 1
                    while Self.isNameByte(bytes[startNameEnd]) { startNameEnd += 1 }
                    let startName = Int(nodes[current].tagStart) + 1..<startNameEnd
                    guard sameBytes(endNameBytes, startName) else {
                        let endName = text(endNameBytes)
                        let (line, _) = Self.position(of: Int(nodes[current].tagStart), lineStarts: MergeSource.lineStarts(of: bytes))
                        throw failure(
                            "</\(DiagnosticText.escaped(endName))> where <\(DiagnosticText.escaped(names.texts[Int(nodes[current].name)]))> of line \(line) should close (a conflict marker or a bad edit?)",
                            at: endStart)
                    }
                    let closed = open.removeLast()
                    let (childStart, childCount, subtreeEnd) = (childPlaces.count, openChildren.count - closed.firstChild, nodes.count)
                    if closed.firstChild < openChildren.count {
                        for child in openChildren[closed.firstChild...] { childPlaces.append(child) }
                        openChildren.removeSubrange(closed.firstChild...)
                    }
                    nodes.update(current) { node in
                        node.childStart = Int32(childStart)
                        node.childCount = Int32(childCount)
                        node.trailingStart = Int32(segmentStart)
                        node.endTagStart = Int32(endStart)
                        node.end = Int32(offset)
                        node.subtreeEnd = Int32(subtreeEnd)
                        if closed.hasText { node.hasText = true }
                    }
                    if open.isEmpty { return MergeElement(tree: tree, place: current) }
                    segmentStart = offset
                    continue
                }
                if starts(with: "<!", at: offset) || starts(with: "<?", at: offset) {
                    if try skipMarkup() { open[open.count - 1].hasText = true }
                    continue
                }
                pendingLeading = segmentStart..<offset
                break
            }
        }
    }

    /// The element copied whole that starts at `offset` at this depth, if its bytes are there.
    private mutating func copy(at offset: Int, depth: Int) -> MergeElement? {
        while nextCopy < copies.count && copies[nextCopy].offset < offset { nextCopy += 1 }
        guard nextCopy < copies.count && copies[nextCopy].offset == offset else { return nil }
        let element = copies[nextCopy].element
        let range = element.range
        guard element.depth == depth, offset + range.count <= bytes.count else { return nil }
        let same = element.tree.bytes.withUnsafeBufferPointer { source in
            memcmp(bytes.baseAddress! + offset, source.baseAddress! + range.lowerBound, range.count) == 0
        }
        return same ? element : nil
    }

    /// Carries over an element copied whole at `offset`, and all it holds, from its tree:
    /// the same elements and attributes, moved to where it is, named by this file's numbers.
    private mutating func carry(_ copied: MergeElement, leading: Int, parent: Int) {
        let source = copied.tree
        let (first, last) = (copied.place, Int(source.nodes[copied.place].subtreeEnd))
        let shift = Int32(offset - Int(source.nodes[first].tagStart))
        let placeShift = Int32(nodes.count - first)
        var numbers = copiedNumbers.firstIndex { $0.tree === source } ?? {
            copiedNumbers.append((source, Array(repeating: -1, count: source.names.count), Array(repeating: -1, count: source.keys.count)))
            return copiedNumbers.count - 1
        }()
        for place in first..<last {
            var node = source.nodes[place]
            let attributeStart = attributes.count
            for index in Int(node.attributeStart)..<Int(node.attributeStart + node.attributeCount) {
                let attribute = source.attributes[index]
                let start = Int(attribute.start + shift)
                let name = number(of: attribute.name, in: source, at: start, &numbers)
                if node.key >= 0 && copiedNumbers[numbers].keys[Int(node.key)] < 0 && source.names[Int(attribute.name)] == "key" {
                    let key = Int(node.key)
                    copiedNumbers[numbers].keys[key] = keys.number(of: Int(attribute.valueStart + shift)..<Int(attribute.valueEnd + shift), in: bytes) { _ in source.keys[key] }
                }
                attributes.append(
                    MergeTree.Attribute(
                        name: name, start: attribute.start + shift, valueStart: attribute.valueStart + shift, valueEnd: attribute.valueEnd + shift,
                        escaped: attribute.escaped))
            }
            node.name = number(of: node.name, in: source, at: Int(node.tagStart + shift) + 1, &numbers)
            if node.key >= 0 { node.key = copiedNumbers[numbers].keys[Int(node.key)] }
            let id = node.id < 0 ? nil : source.ids[Int(node.id)]
            if let id {
                node.id = Int32(ids.count)
                ids.append(id)
            }
            node.attributeStart = Int32(attributeStart)
            node.leadingStart = place == first ? Int32(leading) : node.leadingStart + shift
            node.tagStart += shift
            node.tagEnd += shift
            node.trailingStart += shift
            node.endTagStart += shift
            node.end += shift
            node.parent = place == first ? Int32(parent) : node.parent + placeShift
            node.subtreeEnd += placeShift
            let childStart = childPlaces.count
            for index in Int(node.childStart)..<Int(node.childStart + node.childCount) { childPlaces.append(source.childPlaces[index] + placeShift) }
            node.childStart = Int32(childStart)
            nodes.append(node)
            if let id {
                let element = MergeElement(tree: tree, place: place + Int(placeShift))
                Self.note(element, in: &byID[id, default: element], repeated: &repeatedIDs, id: id)
            }
        }
        offset = Int(source.nodes[first].end + shift)
    }

    /// This file's number for a name of a tree copied from, which starts at `start` here.
    private mutating func number(of name: Int32, in source: MergeTree, at start: Int, _ numbers: inout Int) -> Int32 {
        let known = copiedNumbers[numbers].names[Int(name)]
        if known >= 0 { return known }
        let text = source.names[Int(name)]
        let number = names.number(of: start..<(start + text.utf8.count), in: bytes) { _ in text }
        copiedNumbers[numbers].names[Int(name)] = number
        return number
    }

    /// Notes that an element has an id whose entry holds the element or an earlier one.
    static func note(_ element: MergeElement, in entry: inout MergeElement, repeated: inout Set<String>, id: String) {
        if entry != element { repeated.insert(id) }
    }

    /// Whether two ranges of the file hold the same bytes.
    private func sameBytes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        guard let base = bytes.baseAddress, !first.isEmpty else { return true }
        return memcmp(base + first.lowerBound, base + second.lowerBound, first.count) == 0
    }

    /// Whether a range of the file holds a name.
    private func holds(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && starts(with: literal, at: range.lowerBound)
    }

    /// A start tag at `offset`: its name's number, whether it closes itself, its `id` and its
    /// `key`'s number (-1 for none); its attributes are added to `attributes`.
    private mutating func startTag() throws(MergeInputError) -> (Int32, Bool, id: String?, key: Int32) {
        let tagStart = offset
        offset += 1
        let nameStart = offset
        while offset < bytes.count && Self.isNameByte(bytes[offset]) { offset += 1 }
        guard offset > nameStart else {
            if starts(with: "<<<<<<<", at: tagStart) {
                throw failure("a conflict marker (<<<<<<<): the file is in the middle of a text merge", at: tagStart)
            }
            throw failure("\"<\" starts no element name", at: tagStart)
        }
        let nameNumber = names.number(of: nameStart..<offset, in: bytes) { [bytes] in Self.text(bytes, $0) }
        let name = names.texts[Int(nameNumber)]
        var id: String?
        var key: Int32 = -1
        tagAttributeNames.removeAll(keepingCapacity: true)
        while true {
            let beforeSpace = offset
            while offset < bytes.count && Self.isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count else { throw failure("<\(DiagnosticText.escaped(name))> is cut off inside its start tag", at: tagStart) }
            if bytes[offset] == UInt8(ascii: ">") {
                offset += 1
                return (nameNumber, false, id, key)
            }
            if starts(with: "/>", at: offset) {
                offset += 2
                return (nameNumber, true, id, key)
            }
            guard offset > beforeSpace else { throw failure("attributes of <\(DiagnosticText.escaped(name))> need a space between them", at: offset) }
            let attributeStart = offset
            while offset < bytes.count && Self.isNameByte(bytes[offset]) { offset += 1 }
            guard offset > attributeStart else { throw failure("unexpected character in <\(DiagnosticText.escaped(name))>'s start tag", at: offset) }
            let attributeNameBytes = attributeStart..<offset
            let attributeNumber = names.number(of: attributeNameBytes, in: bytes) { [bytes] in Self.text(bytes, $0) }
            let attributeName = names.texts[Int(attributeNumber)]
            while offset < bytes.count && Self.isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count else { throw failure("<\(DiagnosticText.escaped(name))> is cut off inside its start tag", at: tagStart) }
            guard bytes[offset] == UInt8(ascii: "=") else {
                throw failure("attribute \(DiagnosticText.escaped(attributeName)) of <\(DiagnosticText.escaped(name))> has no value", at: attributeStart)
            }
            offset += 1
            while offset < bytes.count && Self.isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count else { throw failure("<\(DiagnosticText.escaped(name))> is cut off inside its start tag", at: tagStart) }
            let quote = bytes[offset]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw failure("attribute \(DiagnosticText.escaped(attributeName)) of <\(DiagnosticText.escaped(name))> is not quoted", at: offset)
            }
            offset += 1
            let valueStart = offset
            while offset < bytes.count && bytes[offset] != quote {
                if bytes[offset] == UInt8(ascii: "<") {
                    throw failure("\"<\" inside attribute \(DiagnosticText.escaped(attributeName)) (the file may be cut off)", at: offset)
                }
                offset += 1
            }
            guard offset < bytes.count else { throw failure("<\(DiagnosticText.escaped(name))> is cut off inside its start tag", at: tagStart) }
            let valueBytes = valueStart..<offset
            // A value is checked now and made a string when asked for; an escaped one is decoded
            // now only to check it.
            let escaped = memchr(bytes.baseAddress! + valueStart, Int32(UInt8(ascii: "&")), valueBytes.count) != nil
            let decodedValue = escaped ? try decode(valueBytes) : nil
            offset += 1
            if tagAttributeNames.contains(where: { sameBytes($0, attributeNameBytes) }) {
                throw failure("<\(DiagnosticText.escaped(name))> has attribute \(DiagnosticText.escaped(attributeName)) twice", at: attributeStart)
            }
            tagAttributeNames.append(attributeNameBytes)
            if holds(attributeNameBytes, "id") {
                id = decodedValue ?? text(valueBytes)
            } else if holds(attributeNameBytes, "key") {
                key = keys.number(of: valueBytes, in: bytes) { [bytes] in decodedValue ?? Self.text(bytes, $0) }
            }
            attributes.append(
                MergeTree.Attribute(
                    name: attributeNumber, start: Int32(attributeStart), valueStart: Int32(valueStart), valueEnd: Int32(valueBytes.upperBound),
                    escaped: escaped))
        }
    }

    /// The bytes of a range, as text.
    private func text(_ range: Range<Int>) -> String {
        Self.text(bytes, range)
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Text with its entity and character references replaced.
    func decode(_ range: Range<Int>) throws(MergeInputError) -> String {
        switch Self.decoded(bytes, range) {
        case .success(let text): return text
        case .failure(let failure): throw self.failure(failure.message, at: failure.offset)
        }
    }

    /// Why a text's references could not be replaced, and where.
    struct DecodingFailure: Error {
        let message: String
        let offset: Int
    }

    /// Text with its entity and character references replaced, or where one is not one.
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<String, DecodingFailure> {
        guard bytes[range].contains(UInt8(ascii: "&")) else { return .success(text(bytes, range)) }
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            guard let semicolon = bytes[index..<range.upperBound].firstIndex(of: UInt8(ascii: ";")), semicolon - index <= 12 else {
                return .failure(DecodingFailure(message: "\"&\" starts no entity (write &amp;)", offset: index))
            }
            let entity = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "lt": output.append(UInt8(ascii: "<"))
            case "gt": output.append(UInt8(ascii: ">"))
            case "amp": output.append(UInt8(ascii: "&"))
            case "quot": output.append(UInt8(ascii: "\""))
            case "apos": output.append(UInt8(ascii: "'"))
            default:
                var number: UInt32?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    number = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    number = UInt32(entity.dropFirst(1))
                }
                guard let number, let scalar = Unicode.Scalar(number) else {
                    return .failure(DecodingFailure(message: "unknown entity &\(DiagnosticText.escaped(entity));", offset: index))
                }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
            index = semicolon + 1
        }
        return .success(String(decoding: output, as: UTF8.self))
    }
}
