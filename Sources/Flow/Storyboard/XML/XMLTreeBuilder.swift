import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds an ``XMLTree`` from bytes with libxml2's SAX2 parser, recording each element's position.
///
/// The parser is libxml2 itself, driven the way xmllint drives it: it pulls the bytes through
/// a read callback a few kilobytes at a time, so it never holds a second copy of the file and
/// its "huge input" limit (10 MB in one piece) never applies, while every other limit that
/// guards against hostile input stays on. It is strict: the first error of any level stops
/// the parse and rejects the whole file, so the caller never sees a partial tree. Errors go to
/// a handler on this parse only; libxml2's global handlers, which print to standard error,
/// are never reached.
final class XMLTreeBuilder {
    /// Deeper nesting than any storyboard needs; the limit keeps recursion in the mapper safe.
    static let maximumDepth = 256

    /// The outcome of a parse: a complete tree, or the first problem found.
    enum Outcome {
        case tree(XMLTree)
        case failure(SourceLocation, String)
    }

    /// libxml2's XML_ERR_TAG_NOT_FINISHED: the input stopped with elements still open.
    private static let prematureEndCode = 77

    private let bytes: UnsafeBufferPointer<UInt8>

    // The builder's state is only ever touched from libxml2's callbacks, one at a time on the
    // thread running the parse, so the runtime's exclusivity checks (over a tenth of a load's
    // time when on) are left out for it.

    /// How far the read callback has handed the bytes to libxml2.
    @exclusivity(unchecked) private var readOffset = 0
    @exclusivity(unchecked) private var tracker: SourcePositionTracker
    @exclusivity(unchecked) private var failure: (SourceLocation, String)?

    // The tree being built (see ``XMLTree``).
    @exclusivity(unchecked) private var nodes: [XMLTree.Node] = []
    @exclusivity(unchecked) private var attributes: [XMLTree.Attribute] = []
    @exclusivity(unchecked) private var values: [UInt8] = []
    @exclusivity(unchecked) private var texts: [String] = []
    @exclusivity(unchecked) private var names = NameTable()

    /// The open elements, innermost last, and the last child seen of each.
    @exclusivity(unchecked) private var open: [Int32] = []
    @exclusivity(unchecked) private var lastChild: [Int32] = []
    /// Elements whose character data is kept: the ones Xcode uses for long strings.
    private let textElements: (Int32, Int32)
    /// Character data of the open text elements, gathered until each closes; where each
    /// one's text starts in it, innermost last.
    @exclusivity(unchecked) private var pendingText: [UInt8] = []
    @exclusivity(unchecked) private var textStarts: [Int] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        tracker = SourcePositionTracker(bytes: bytes)
        textElements = (names.number(of: "string"), names.number(of: "mutableString"))
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
        libxml2IsReady.check()
        let builder = XMLTreeBuilder(bytes: bytes)
        let unmanaged = Unmanaged.passRetained(builder)
        defer { unmanaged.release() }

        var handler = saxHandler()
        // The context's user data stays the context itself (callbacks read positions from it);
        // the builder rides in `_private`, which libxml2 leaves alone.
        guard
            let context = xmlCreateIOParserCtxt(
                &handler, nil, readCallback, nil, unmanaged.toOpaque(), XML_CHAR_ENCODING_NONE)
        else {
            return .failure(.unknown, "malformed XML: " + XMLParserErrorText.describe(code: 2))
        }
        defer { xmlFreeParserCtxt(context) }
        context.pointee._private = unmanaged.toOpaque()
        // No network, no DTD loading, no entity substitution (a DOCTYPE never gets this far):
        // the defaults, spelled out. The encoding declaration is ignored because the
        // preflight has already proved the bytes are UTF-8.
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue
        xmlCtxtUseOptions(context, Int32(options))
        let status = xmlParseDocument(context)
        return builder.outcome(context: context, status: status)
    }

    private func outcome(context: xmlParserCtxtPtr, status: Int32) -> Outcome {
        if let failure {
            return .failure(failure.0, failure.1)
        }
        let position = currentPosition(context)
        if status != 0 || context.pointee.wellFormed == 0 {
            return .failure(position, "malformed XML: the parser stopped without saying why")
        }
        if let innermost = open.last {
            return .failure(position, endsInside(innermost))
        }
        if nodes.isEmpty {
            return .failure(position, "malformed XML: " + XMLParserErrorText.describe(code: 4))
        }
        return .tree(XMLTree(nodes: nodes, attributes: attributes, values: values, names: names.names, texts: texts))
    }

    /// libxml2's position: line, and column in characters, both from 1.
    private func currentPosition(_ context: xmlParserCtxtPtr) -> SourceLocation {
        let line = Int(xmlSAX2GetLineNumber(context))
        let column = Int(xmlSAX2GetColumnNumber(context))
        return SourceLocation(line: max(line, 1), column: max(column, 1))
    }

    /// Whether `position` is at the last character of the file or past it: where an error
    /// means the file stops short, not that it says something wrong.
    private func isAtEnd(_ position: SourceLocation) -> Bool {
        let end = SourcePositionTracker.location(ofByteOffset: bytes.count, in: bytes)
        return position.line > end.line || (position.line == end.line && position.column >= end.column - 1)
    }

    private func endsInside(_ index: Int32) -> String {
        let node = nodes[Int(index)]
        let name = DiagnosticText.escaped(names.names[Int(node.name)])
        let opened = SourceLocation(line: Int(node.line), column: Int(node.column))
        return "malformed XML: the file ends inside <\(name)> opened at \(opened) (is it truncated?)"
    }

    private func fail(_ context: xmlParserCtxtPtr, at location: SourceLocation, _ message: String) {
        if failure == nil { failure = (location, message) }
        xmlStopParser(context)
    }

    // MARK: SAX events

    /// An element starts; `attributeList` holds five pointers per attribute (local name,
    /// prefix, namespace, value start, value end).
    private func startElement(
        _ context: xmlParserCtxtPtr, name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
        attributeCount: Int, attributeList: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard failure == nil else { return }
        let location = startOfTag(context)
        if open.count >= Self.maximumDepth {
            fail(context, at: location, "elements are nested more than \(Self.maximumDepth) levels deep")
            return
        }
        let index = Int32(nodes.count)
        if open.isEmpty, index != 0 {
            // libxml2 reports a second root as an error too; this keeps the tree honest if not.
            fail(context, at: location, "malformed XML: " + XMLParserErrorText.describe(code: 86))
            return
        }
        let attributeStart = Int32(attributes.count)
        if let attributeList {
            for number in 0..<attributeCount {
                let base = number * 5
                guard let attributeName = attributeList[base], let start = attributeList[base + 3],
                    let end = attributeList[base + 4]
                else { continue }
                let valueStart = Int32(values.count)
                appendValue(UnsafeBufferPointer(start: start, count: end - start))
                attributes.append(
                    XMLTree.Attribute(
                        name: names.number(of: attributeName, prefix: attributeList[base + 1]),
                        valueStart: valueStart, valueCount: Int32(values.count) - valueStart))
            }
        }
        let parent = open.last ?? -1
        let nameNumber = names.number(of: name, prefix: prefix)
        if isTextElement(nameNumber) { textStarts.append(pendingText.count) }
        nodes.append(
            XMLTree.Node(
                name: nameNumber, parent: parent, subtreeEnd: index + 1,
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

    /// Appends an attribute value as libxml2 hands it over. Without entity substitution it
    /// writes an ampersand that came from `&amp;` or `&#38;` as the reference `&#38;` (so a
    /// tree builder can tell it from an entity); nothing else can put `&` in a value, so that
    /// one sequence is turned back into the character.
    private func appendValue(_ value: UnsafeBufferPointer<UInt8>) {
        guard let start = value.baseAddress, memchr(start, Int32(UInt8(ascii: "&")), value.count) != nil else {
            values.append(contentsOf: value)
            return
        }
        let reference: [UInt8] = Array("&#38;".utf8)
        var index = 0
        while index < value.count {
            if value[index] == UInt8(ascii: "&"), index + reference.count <= value.count,
                value[index..<index + reference.count].elementsEqual(reference)
            {
                values.append(UInt8(ascii: "&"))
                index += reference.count
            } else {
                values.append(value[index])
                index += 1
            }
        }
    }

    /// Where the start tag being reported begins: libxml2 stands at its `>` (or `/>`), and
    /// no `<` can occur inside a tag, so the last `<` before that offset is the tag's.
    private func startOfTag(_ context: xmlParserCtxtPtr) -> SourceLocation {
        let end = Int(xmlByteConsumed(context))
        return tracker.startOfTag(before: end) ?? currentPosition(context)
    }

    private func endElement() {
        guard failure == nil, let index = open.popLast() else { return }
        lastChild.removeLast()
        let node = Int(index)
        nodes[node].subtreeEnd = Int32(nodes.count)
        if isTextElement(nodes[node].name), let start = textStarts.popLast() {
            nodes[node].text = Int32(texts.count)
            texts.append(String(decoding: pendingText[start...], as: UTF8.self))
            pendingText.removeSubrange(start...)
        }
    }

    private func isTextElement(_ name: Int32) -> Bool {
        name == textElements.0 || name == textElements.1
    }

    private func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, let index = open.last, isTextElement(nodes[Int(index)].name) else { return }
        pendingText.append(contentsOf: text)
    }

    private func error(_ context: xmlParserCtxtPtr, code: Int) {
        guard failure == nil else { return }
        let position = currentPosition(context)
        if code == Self.prematureEndCode, let innermost = open.last {
            // Name the element left open: it says where the cut is better than the end does.
            fail(context, at: position, endsInside(innermost))
            return
        }
        if isAtEnd(position) {
            // Cut off inside a tag: libxml2 reports whatever the tag lacks there (a value, a
            // quote), which hides that the rest of the file is missing.
            let inside = open.last.map { " (inside <\(DiagnosticText.escaped(names.names[Int(nodes[Int($0)].name)]))>)" } ?? ""
            fail(context, at: position, "malformed XML: the file ends in the middle of a tag\(inside); is it truncated?")
            return
        }
        fail(context, at: position, "malformed XML: " + XMLParserErrorText.describe(code: code))
    }

    // MARK: libxml2 glue

    private static func builder(_ context: UnsafeMutableRawPointer?) -> (XMLTreeBuilder, xmlParserCtxtPtr)? {
        guard let context = context?.assumingMemoryBound(to: xmlParserCtxt.self),
            let builder = context.pointee._private
        else { return nil }
        return (Unmanaged<XMLTreeBuilder>.fromOpaque(builder).takeUnretainedValue(), context)
    }

    /// Hands libxml2 the next piece of the bytes.
    private static let readCallback: xmlInputReadCallback = { opaque, buffer, length in
        guard let opaque, let buffer, length > 0 else { return 0 }
        let builder = Unmanaged<XMLTreeBuilder>.fromOpaque(opaque).takeUnretainedValue()
        let count = min(Int(length), builder.bytes.count - builder.readOffset)
        guard count > 0, let base = builder.bytes.baseAddress else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + builder.readOffset, byteCount: count)
        builder.readOffset += count
        return Int32(count)
    }

    /// A SAX2 handler with only what the tree needs; everything else stays off (no DTD
    /// callbacks, no entity lookups: with no handler libxml2 declares nothing).
    private static func saxHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, name, prefix, _, _, _, attributeCount, _, attributes in
            guard let (builder, parser) = XMLTreeBuilder.builder(context), let name else { return }
            builder.startElement(
                parser, name: name, prefix: prefix, attributeCount: Int(max(attributeCount, 0)),
                attributeList: attributes)
        }
        handler.endElementNs = { context, _, _, _ in
            guard let (builder, _) = XMLTreeBuilder.builder(context) else { return }
            builder.endElement()
        }
        let characters: charactersSAXFunc = { context, text, length in
            guard let (builder, _) = XMLTreeBuilder.builder(context), let text, length > 0 else { return }
            builder.characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        handler.characters = characters
        // Blanks and CDATA sections are text like any other.
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        handler.serror = { context, error in
            guard let (builder, parser) = XMLTreeBuilder.builder(context) else { return }
            builder.error(parser, code: Int(error?.pointee.code ?? 1))
        }
        return handler
    }
}

/// libxml2's one-time set-up, run before the first parse from whichever thread comes first.
private let libxml2IsReady = LibXML2Initialization()

private struct LibXML2Initialization: Sendable {
    init() { xmlInitParser() }
    /// Touching the global is what runs `init` (once, thread-safely).
    func check() {}
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
