/// Interface Builder 3 saves an archive in one of two formats, a setting of the document: the
/// older (`version="7.10"`) writes every list as an `<object>` flagged `EncodedWithXMLCoder`, a
/// set as a list of its sorted objects, and a dictionary as two parallel lists of keys and
/// values; the keyed format (`version="8.00"`) writes them as `<array>`, `<set>` and
/// `<dictionary>` whose entries carry their keys. Everything else is written alike. When a merge's
/// sides are in both formats, the files in the older one are rewritten in the keyed one first,
/// so that elements pair up and the merge goes on as for one format; the result is keyed.
enum MergeArchiveFormat {
    static let older = "7.10"
    static let keyed = "8.00"

    /// The three files in one format, or nil when they are already (or when a file's lists
    /// are not as the older format writes them, and the merge keeps its own rule).
    static func common(base: MergeSource, ours: MergeSource, theirs: MergeSource) -> (base: MergeSource, ours: MergeSource, theirs: MergeSource)? {
        let versions = [base, ours, theirs].map { $0.root.attribute("version") }
        guard Set(versions) == [older, keyed] else { return nil }
        do {
            return (
                try base.root.attribute("version") == older ? keyedCopy(of: base) : base,
                try ours.root.attribute("version") == older ? keyedCopy(of: ours) : ours,
                try theirs.root.attribute("version") == older ? keyedCopy(of: theirs) : theirs
            )
        } catch {
            return nil
        }
    }

    /// An older-format file written in the keyed format, read again.
    static func keyedCopy(of source: MergeSource) throws -> MergeSource {
        var writer = Writer(bytes: source.bytes)
        try writer.write(source.root, indentation: 0)
        var result = Array(source.bytes[..<source.root.leading.lowerBound])
        result += writer.output
        result += source.bytes[source.root.range.upperBound...]
        do {
            return try MergeSource(bytes: result, name: source.name)
        } catch {
            throw Unconvertible()
        }
    }

    /// A list, set or dictionary not written as the older format writes one.
    struct Unconvertible: Error {}

    /// Writes an element and all it holds in the keyed format: a list, set or dictionary of
    /// the older format rewritten, everything else as it is, each line moved left by the
    /// levels a rewritten set or dictionary no longer nests.
    private struct Writer {
        let bytes: [UInt8]
        var output: [UInt8] = []
        /// Ids of the empty lists a rewritten set or dictionary no longer writes (Interface
        /// Builder shares one empty list under one id): the first reference to one after it
        /// becomes the list, as the keyed format writes it there.
        var unwritten: Set<String> = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
            output.reserveCapacity(bytes.count)
        }

        /// `indentation`: how many tabs each line of the element is moved left.
        mutating func write(_ element: MergeElement, indentation: Int, key: String? = nil) throws {
            append(bytes[element.leading], indentation: indentation)
            if element.depth == 0 {
                try writeRoot(element)
                return
            }
            switch Kind(element) {
            case .plain:
                if element.name == "reference", element.selfClosing, let target = element.attribute("ref"), unwritten.remove(target) != nil {
                    let name = key ?? element.key
                    output += Array(("<array" + (name.map { " key=\"\(Self.attributeText($0))\"" } ?? "") + " id=\"\(target)\"/>").utf8)
                    return
                }
                if key == nil && unwritten.isEmpty && !holdsOlderLists(element) {
                    output += bytes[element.range]
                    return
                }
                output += startTag(of: element, name: nil, dropClass: false, key: key)
                try writeContent(of: element, children: Array(element.children), indentation: indentation)
            case .list(let dropClass):
                let items = element.children.filter { !isCoderFlag($0) }
                output += startTag(of: element, name: "array", dropClass: dropClass, key: key, empty: items.isEmpty)
                if !items.isEmpty { try writeContent(of: element, children: items, indentation: indentation, endName: "array") }
            case .set(let dropClass):
                guard let sorted = element.children.first(where: { $0.key == "set.sortedObjects" }) else { throw Unconvertible() }
                let items = sorted.children.filter { !isCoderFlag($0) }
                try leaveOut(sorted, empty: items.isEmpty)
                output += startTag(of: element, name: "set", dropClass: dropClass, key: key, empty: items.isEmpty)
                guard !items.isEmpty else { return }
                for item in items { try write(item, indentation: indentation + 1) }
                append(bytes[element.trailing], indentation: indentation)
                output += Array("</set>".utf8)
            case .dictionary(let dropClass):
                guard let keys = element.children.first(where: { $0.key == "dict.sortedKeys" }),
                    let values = element.children.first(where: { $0.key == "dict.values" })
                else { throw Unconvertible() }
                let names = keys.children.filter { !isCoderFlag($0) }
                let items = values.children.filter { !isCoderFlag($0) }
                guard names.count == items.count else { throw Unconvertible() }
                try leaveOut(keys, empty: names.isEmpty)
                try leaveOut(values, empty: items.isEmpty)
                output += startTag(of: element, name: "dictionary", dropClass: dropClass, key: key, empty: items.isEmpty)
                guard !items.isEmpty else { return }
                for (name, item) in zip(names, items) {
                    guard name.name == "string", name.attributes.isEmpty, name.children.isEmpty, item.key == nil else { throw Unconvertible() }
                    let text = name.text.map { Array(bytes[$0]) } ?? []
                    try write(item, indentation: indentation + 1, key: String(decoding: text, as: UTF8.self))
                }
                append(bytes[element.trailing], indentation: indentation)
                output += Array("</dictionary>".utf8)
            }
        }

        /// The document element: its version is the keyed format's.
        private mutating func writeRoot(_ root: MergeElement) throws {
            guard let version = root.attributes.first(where: { $0.name == "version" }) else { throw Unconvertible() }
            output += bytes[root.startTag.lowerBound..<version.whole.lowerBound]
            output += Array("version=\"\(keyed)\"".utf8)
            output += bytes[version.whole.upperBound..<root.startTag.upperBound]
            try writeContent(of: root, children: Array(root.children), indentation: 0)
        }

        /// What an element holds after its start tag, and its end tag.
        private mutating func writeContent(
            of element: MergeElement, children: [MergeElement], indentation: Int, endName: String? = nil
        ) throws {
            if element.selfClosing { return }
            if children.isEmpty || element.isOpaque {
                output += bytes[element.startTag.upperBound..<element.range.upperBound]
                return
            }
            for child in children { try write(child, indentation: indentation) }
            append(bytes[element.trailing], indentation: indentation)
            if let endName {
                output += Array("</\(endName)>".utf8)
            } else {
                output += bytes[element.trailing.upperBound..<element.range.upperBound]
            }
        }

        /// An element's start tag, renamed, without its class, with a key, or closed at once.
        private func startTag(of element: MergeElement, name: String?, dropClass: Bool, key: String?, empty: Bool = false) -> [UInt8] {
            let tag = element.startTag
            var result: [UInt8] = [UInt8(ascii: "<")]
            result += Array((name ?? element.name).utf8)
            var offset = tag.lowerBound + 1 + element.name.utf8.count
            let id = element.attributes.first { $0.name == "id" }
            for attribute in element.attributes {
                let start = spaceBefore(attribute.whole.lowerBound)
                if let key, attribute.name == "id" {
                    result += bytes[offset..<start]
                    result += Array(" key=\"\(Self.attributeText(key))\"".utf8)
                    offset = start
                }
                if dropClass && attribute.name == "class" {
                    result += bytes[offset..<start]
                    offset = attribute.whole.upperBound
                }
            }
            var end = tag.upperBound - 1
            if bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            result += bytes[offset..<end]
            if let key, id == nil { result += Array(" key=\"\(Self.attributeText(key))\"".utf8) }
            result += Array((empty || element.selfClosing ? "/>" : ">").utf8)
            return result
        }

        /// Where the spaces before an attribute start.
        private func spaceBefore(_ offset: Int) -> Int {
            var start = offset
            while start > 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[start - 1]) { start -= 1 }
            return start
        }

        /// Text of an element as an attribute's value: its quotes escaped.
        private static func attributeText(_ text: String) -> String {
            text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "&quot;")
        }

        /// Bytes between elements, each line moved left by `indentation` tabs.
        private mutating func append(_ slice: ArraySlice<UInt8>, indentation: Int) {
            guard indentation > 0 else {
                output += slice
                return
            }
            var dropping = 0
            for byte in slice {
                if byte == UInt8(ascii: "\n") {
                    dropping = indentation
                    output.append(byte)
                } else if dropping > 0 && byte == UInt8(ascii: "\t") {
                    dropping -= 1
                } else {
                    dropping = 0
                    output.append(byte)
                }
            }
        }

        /// A set's or dictionary's inner list the keyed format does not write: one with an id
        /// must be empty, and the first reference to it is written as it.
        private mutating func leaveOut(_ list: MergeElement, empty: Bool) throws {
            guard let id = list.id else { return }
            guard empty else { throw Unconvertible() }
            unwritten.insert(id)
        }

        /// Whether anything inside the element is a list of the older format.
        private func holdsOlderLists(_ element: MergeElement) -> Bool {
            var found = false
            element.visit { inner in
                guard !found else { return }
                if case .plain = Kind(inner) { return }
                found = true
            }
            return found
        }

        private func isCoderFlag(_ element: MergeElement) -> Bool {
            element.name == "bool" && element.key == "EncodedWithXMLCoder"
        }
    }

    /// What the older format wrote an `<object>` as.
    private enum Kind {
        case plain
        /// `dropClass`: the keyed format leaves out an immutable container's class.
        case list(dropClass: Bool)
        case set(dropClass: Bool)
        case dictionary(dropClass: Bool)

        init(_ element: MergeElement) {
            guard element.name == "object", let type = element.attribute("class"),
                element.children.first(where: { $0.name == "bool" && $0.key == "EncodedWithXMLCoder" }) != nil
            else {
                self = .plain
                return
            }
            switch type {
            case "NSArray", "NSMutableArray": self = .list(dropClass: type == "NSArray")
            case "NSSet", "NSMutableSet": self = .set(dropClass: type == "NSSet")
            case "NSDictionary", "NSMutableDictionary":
                self = element.children.contains { $0.key == "dict.sortedKeys" } ? .dictionary(dropClass: type == "NSDictionary") : .plain
            default: self = .plain
            }
        }
    }
}
