#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension MergeSource {
    /// A range of the file and the text to put in its place.
    typealias Edit = (range: Range<Int>, text: String)

    /// The file with each range replaced by its text.
    ///
    /// An archive's merge edits values only (an id, a reference, a key, a record's number), so
    /// the edited file holds this file's elements where the edits moved them: they are carried
    /// over, moved, and only the attributes edited are read again, rather than the whole file
    /// (a sixth of a large merge's time went to reading its two edited files). An edit of
    /// anything but a whole attribute or an element's text has the file read again.
    func edited(_ edits: [Edit]) throws(MergeInputError) -> MergeSource {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var applied: [Edit] = []
        var offset = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where edit.range.lowerBound >= offset {
            result += bytes[offset..<edit.range.lowerBound]
            result += Array(edit.text.utf8)
            offset = edit.range.upperBound
            applied.append(edit)
        }
        result += bytes[offset...]
        if let moved = moved(by: applied, into: result) { return moved }
        return try MergeSource(bytes: result, name: name)
    }

    /// This file's elements, moved to where `edits` (in order, none overlapping) put them in
    /// `edited`, with the attributes edited read again; nil when an edit is not of a whole
    /// attribute, written `name="value"`, or of a text.
    private func moved(by edits: [Edit], into edited: [UInt8]) -> MergeSource? {
        let movedTree = MergeTree(bytes: edited)
        var lists = MergeMovedLists(from: tree)
        let done = edited.withUnsafeBufferPointer { lists.move(tree, by: edits, into: $0) }
        guard done else {
            lists.free()
            return nil
        }
        lists.fill(movedTree)
        var byID: [String: MergeElement] = [:]
        var repeatedIDs = Set<String>()
        for place in 0..<movedTree.nodes.count where movedTree.nodes[place].id >= 0 {
            let element = MergeElement(tree: movedTree, place: place)
            let id = movedTree.ids[Int(movedTree.nodes[place].id)]
            MergeScanner.note(element, in: &byID[id, default: element], repeated: &repeatedIDs, id: id)
        }
        let shift = edited.count - bytes.count
        return MergeSource(
            bytes: edited, name: name, tree: movedTree, root: MergeElement(tree: movedTree, place: root.place),
            prolog: prolog.lowerBound..<lists.moved(prolog.upperBound, by: edits), epilog: (epilog.lowerBound + shift)..<edited.count,
            byID: byID, repeatedIDs: repeatedIDs)
    }

    private init(
        bytes: [UInt8], name: String, tree: MergeTree, root: MergeElement, prolog: Range<Int>, epilog: Range<Int>,
        byID: [String: MergeElement], repeatedIDs: Set<String>
    ) {
        self.bytes = bytes
        self.name = name
        self.tree = tree
        self.root = root
        self.prolog = prolog
        self.epilog = epilog
        self.byID = byID
        self.repeatedIDs = repeatedIDs
    }
}

/// The lists of a tree moved by edits of its file's values (``MergeSource/edited(_:)``).
private struct MergeMovedLists {
    var nodes: MergeTreeList<MergeTree.Node>
    var attributes: MergeTreeList<MergeTree.Attribute>
    var childPlaces: MergeTreeList<Int32>
    var ids: MergeTreeList<String>
    var keys: [String]
    let names: [String]
    /// How far what follows each edit moves: the sum of what it and those before it add.
    private var shifts: [Int] = []
    /// The keys' numbers, made when an edit gives a key.
    private var keyNumbers: [String: Int32]?

    init(from tree: MergeTree) {
        nodes = MergeTreeList(capacity: tree.nodes.count)
        attributes = MergeTreeList(capacity: tree.attributes.count)
        childPlaces = MergeTreeList(capacity: tree.childPlaces.count)
        ids = MergeTreeList(capacity: tree.ids.count)
        keys = Array(tree.keys)
        names = Array(tree.names)
        for place in tree.childPlaces { childPlaces.append(place) }
    }

    mutating func fill(_ tree: MergeTree) {
        tree.fill(nodes: &nodes, attributes: &attributes, childPlaces: &childPlaces, names: names, keys: keys, ids: &ids)
    }

    mutating func free() {
        nodes.free()
        attributes.free()
        childPlaces.free()
        ids.free()
    }

    /// Where an offset of the file is after the edits: moved by those that end at or before it.
    func moved(_ offset: Int, by edits: [MergeSource.Edit]) -> Int {
        var (low, high) = (0, edits.count)
        while low < high {
            let middle = (low + high) / 2
            if edits[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return offset + (low == 0 ? 0 : shifts[low - 1])
    }

    /// Fills the lists with `tree`'s elements and attributes moved by `edits`, in `edited`;
    /// false when an edit is not of a whole attribute or an element's text.
    mutating func move(_ tree: MergeTree, by edits: [MergeSource.Edit], into edited: UnsafeBufferPointer<UInt8>) -> Bool {
        var total = 0
        shifts = edits.map { edit in
            total += edit.text.utf8.count - edit.range.count
            return total
        }
        var matched = 0
        // Edits before an element's leading bytes, and before an attribute: both only grow,
        // as elements and attributes are listed in the order of the file.
        var (beforeElement, beforeAttribute) = (0, 0)
        for place in 0..<tree.nodes.count {
            var node = tree.nodes[place]
            while beforeElement < edits.count && edits[beforeElement].range.upperBound <= Int(node.leadingStart) { beforeElement += 1 }
            let shift = beforeElement == 0 ? 0 : shifts[beforeElement - 1]
            if beforeElement == edits.count || edits[beforeElement].range.lowerBound >= Int(node.end) {
                // No edit inside: the whole element moves alike.
                Self.move(&node) { $0 + shift }
            } else {
                let text = Int(node.tagEnd)..<Int(node.endTagStart)
                if node.hasText && node.childCount == 0, let edit = Self.index(of: text, in: edits) {
                    guard Self.isText(edits[edit].text) else { return false }
                    matched += 1
                }
                Self.move(&node) { moved($0, by: edits) }
            }
            var id = node.id < 0 ? nil : tree.ids[Int(node.id)]
            for index in Int(node.attributeStart)..<Int(node.attributeStart + node.attributeCount) {
                let attribute = tree.attributes[index]
                let whole = Int(attribute.start)..<Int(attribute.valueEnd) + 1
                while beforeAttribute < edits.count && edits[beforeAttribute].range.upperBound <= whole.lowerBound { beforeAttribute += 1 }
                guard beforeAttribute < edits.count && edits[beforeAttribute].range == whole else {
                    let shift = Int32(beforeAttribute == 0 ? 0 : shifts[beforeAttribute - 1])
                    attributes.append(
                        MergeTree.Attribute(
                            name: attribute.name, start: attribute.start + shift, valueStart: attribute.valueStart + shift,
                            valueEnd: attribute.valueEnd + shift, escaped: attribute.escaped))
                    continue
                }
                // An attribute edited: its value read again where it now is.
                let name = names[Int(attribute.name)]
                let start = moved(whole.lowerBound, by: edits)
                let end = start + edits[beforeAttribute].text.utf8.count
                guard let read = Self.attribute(named: name, number: attribute.name, in: edited, start..<end) else { return false }
                attributes.append(read.attribute)
                matched += 1
                if name == "id" {
                    id = read.value
                } else if name == "key" {
                    node.key = keyNumber(read.value)
                }
            }
            if let id {
                node.id = Int32(ids.count)
                ids.append(id)
            }
            nodes.append(node)
        }
        return matched == edits.count
    }

    /// Moves every offset of an element.
    private static func move(_ node: inout MergeTree.Node, _ moved: (Int) -> Int) {
        node.leadingStart = Int32(moved(Int(node.leadingStart)))
        node.tagStart = Int32(moved(Int(node.tagStart)))
        node.tagEnd = Int32(moved(Int(node.tagEnd)))
        node.trailingStart = Int32(moved(Int(node.trailingStart)))
        node.endTagStart = Int32(moved(Int(node.endTagStart)))
        node.end = Int32(moved(Int(node.end)))
    }

    /// The edit of exactly `range`, found by where it starts (edits are in order).
    private static func index(of range: Range<Int>, in edits: [MergeSource.Edit]) -> Int? {
        var (low, high) = (0, edits.count)
        while low < high {
            let middle = (low + high) / 2
            if edits[middle].range.lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < edits.count && edits[low].range == range ? low : nil
    }

    /// The number of a key, a new one for a key the file did not have.
    private mutating func keyNumber(_ key: String) -> Int32 {
        if keyNumbers == nil {
            var numbers: [String: Int32] = [:]
            for (number, key) in keys.enumerated().reversed() { numbers[key] = Int32(number) }
            keyNumbers = numbers
        }
        if let number = keyNumbers?[key] { return number }
        keys.append(key)
        keyNumbers?[key] = Int32(keys.count - 1)
        return Int32(keys.count - 1)
    }

    /// Whether an edit's text is text an element may hold as it is: no markup, not blank.
    private static func isText(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") } && text.utf8.contains { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
    }

    /// The attribute `name="value"` at `range` of the edited file, and its value; nil when
    /// it is not written so or its value is not one.
    private static func attribute(named name: String, number: Int32, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
        -> (attribute: MergeTree.Attribute, value: String)?
    {
        let nameLength = name.utf8.count
        guard range.count >= nameLength + 3, bytes[range].starts(with: name.utf8),
            bytes[range.lowerBound + nameLength] == UInt8(ascii: "="), bytes[range.lowerBound + nameLength + 1] == UInt8(ascii: "\""),
            bytes[range.upperBound - 1] == UInt8(ascii: "\"")
        else { return nil }
        let value = (range.lowerBound + nameLength + 2)..<(range.upperBound - 1)
        guard !bytes[value].contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "<") }),
            case .success(let text) = MergeScanner.decoded(bytes, value)
        else { return nil }
        let attribute = MergeTree.Attribute(
            name: number, start: Int32(range.lowerBound), valueStart: Int32(value.lowerBound), valueEnd: Int32(value.upperBound),
            escaped: bytes[value].contains(UInt8(ascii: "&")))
        return (attribute, text)
    }
}
