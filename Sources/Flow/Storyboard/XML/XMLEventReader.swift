import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What receives a file's elements as ``XMLEventReader`` reads them: ``XMLTreeBuilder``, which
/// keeps them all, and ``DiffSnapshot/Reader``, which keeps only what a diff compares.
protocol XMLEventHandler: AnyObject {
    /// An element starts. `attributes` and the reader's ``XMLEventReader/startOfTag()`` are
    /// good for this call only.
    func startElement(_ name: Int32, _ attributes: XMLEventReader.Attributes, in reader: XMLEventReader)
    /// An element ends; `text` is its character data when it is a text element (`<string>`,
    /// `<mutableString>`, what Xcode writes long texts in), `nil` for any other.
    func endElement(_ name: Int32, text: String?)
}

/// Reads bytes with libxml2's SAX2 parser and hands each element to an ``XMLEventHandler``,
/// names numbered in one ``NameTable``.
///
/// The parser is libxml2 itself, driven the way xmllint drives it: it pulls the bytes through
/// a read callback a few kilobytes at a time, so it never holds a second copy of the file and
/// its "huge input" limit (10 MB in one piece) never applies, while every other limit that
/// guards against hostile input stays on. It is strict: the first error of any level stops
/// the parse and rejects the whole file, so a handler's work is thrown away with it. Errors go
/// to a handler on this parse only; libxml2's global handlers, which print to standard error,
/// are never reached. Depth, a second root and a file cut short are checked here, whatever
/// the handler keeps, so every reader of a file reports the same problem in the same words.
final class XMLEventReader {
    /// Deeper nesting than any storyboard needs; the limit keeps recursion in the mapper safe.
    static let maximumDepth = 256

    /// libxml2's XML_ERR_TAG_NOT_FINISHED: the input stopped with elements still open.
    private static let prematureEndCode = 77

    private let bytes: UnsafeBufferPointer<UInt8>

    // The reader's state is only ever touched from libxml2's callbacks, one at a time on the
    // thread running the parse, so the runtime's exclusivity checks (over a tenth of a load's
    // time when on) are left out for it.

    /// Element and attribute names, by number; the handler's numbers are these.
    @exclusivity(unchecked) private(set) var names: NameTable
    /// How far the read callback has handed the bytes to libxml2.
    @exclusivity(unchecked) private var readOffset = 0
    @exclusivity(unchecked) private var tracker: SourcePositionTracker
    @exclusivity(unchecked) private var failure: (SourceLocation, String)?
    @exclusivity(unchecked) private var handler: (any XMLEventHandler)?
    /// The parse under way, for the position of the tag being reported.
    private var context: xmlParserCtxtPtr?
    @exclusivity(unchecked) private var sawRoot = false
    /// Where the last start or end tag reported ended: at or before the next tag's `<`.
    @exclusivity(unchecked) private var lastTagEnd: Int?

    /// The open elements, innermost last: each one's name, and the offset of the end of its
    /// start tag (its position is worked out from it only if an error names it).
    @exclusivity(unchecked) private var open: [(name: Int32, tagEnd: Int)] = []
    /// The names of the attributes of the element being reported: room for `attributeRoom`.
    @exclusivity(unchecked) private var attributeNames = UnsafeMutablePointer<Int32>.allocate(capacity: 16)
    @exclusivity(unchecked) private var attributeRoom = 16
    /// Elements whose character data is kept: the ones Xcode uses for long strings.
    private let textElements: (Int32, Int32)
    /// Character data of the open text elements, gathered until each closes; where each
    /// one's text starts in it, innermost last.
    @exclusivity(unchecked) private var pendingText: [UInt8] = []
    @exclusivity(unchecked) private var textStarts: [Int] = []

    /// A reader of `bytes`, which the caller has already checked with ``XMLPreflight`` and
    /// keeps alive while it reads; `names` may hold names numbered in advance.
    init(bytes: UnsafeBufferPointer<UInt8>, names: NameTable = NameTable()) {
        self.bytes = bytes
        self.names = names
        tracker = SourcePositionTracker(bytes: bytes)
        textElements = (self.names.number(of: "string"), self.names.number(of: "mutableString"))
    }

    deinit {
        attributeNames.deallocate()
    }

    /// Reads the whole file into `handler`: `nil` when it is well-formed, else the first problem.
    func read(into handler: any XMLEventHandler) -> (SourceLocation, String)? {
        libxml2IsReady.check()
        self.handler = handler
        defer { self.handler = nil }
        let unmanaged = Unmanaged.passRetained(self)
        defer { unmanaged.release() }

        var sax = Self.saxHandler()
        // The context's user data stays the context itself (callbacks read positions from it);
        // the reader rides in `_private`, which libxml2 leaves alone.
        guard let context = xmlCreateIOParserCtxt(&sax, nil, Self.readCallback, nil, unmanaged.toOpaque(), XML_CHAR_ENCODING_NONE)
        else {
            return (.unknown, "malformed XML: " + XMLParserErrorText.describe(code: 2))
        }
        defer {
            self.context = nil
            xmlFreeParserCtxt(context)
        }
        self.context = context
        context.pointee._private = unmanaged.toOpaque()
        // No network, no DTD loading, no entity substitution (a DOCTYPE never gets this far):
        // the defaults, spelled out. The encoding declaration is ignored because the
        // preflight has already proved the bytes are UTF-8.
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue
        xmlCtxtUseOptions(context, Int32(options))
        let status = xmlParseDocument(context)
        return outcome(context: context, status: status)
    }

    private func outcome(context: xmlParserCtxtPtr, status: Int32) -> (SourceLocation, String)? {
        if let failure { return failure }
        let position = currentPosition(context)
        if status != 0 || context.pointee.wellFormed == 0 {
            return (position, "malformed XML: the parser stopped without saying why")
        }
        if let innermost = open.last {
            return (position, endsInside(innermost))
        }
        if !sawRoot {
            return (position, "malformed XML: " + XMLParserErrorText.describe(code: 4))
        }
        return nil
    }

    /// Where the start tag being reported begins: libxml2 stands at its `>` (or `/>`), and
    /// no `<` can occur inside a tag, so the last `<` before that offset is the tag's. Asked
    /// at most once per element, in file order (a handler asks only for the elements whose
    /// place it keeps), so the whole file is counted once.
    func startOfTag() -> SourceLocation {
        guard let context else { return .unknown }
        return tracker.startOfTag(before: Int(xmlByteConsumed(context)), hint: lastTagEnd) ?? currentPosition(context)
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

    private func endsInside(_ element: (name: Int32, tagEnd: Int)) -> String {
        let name = DiagnosticText.escaped(names.names[Int(element.name)])
        var counter = SourcePositionTracker(bytes: bytes)
        let opened = counter.startOfTag(before: element.tagEnd) ?? .unknown
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
        guard failure == nil, let handler else { return }
        if open.count >= Self.maximumDepth {
            fail(context, at: startOfTag(), "elements are nested more than \(Self.maximumDepth) levels deep")
            return
        }
        if open.isEmpty, sawRoot {
            // libxml2 reports a second root as an error too; this keeps every handler honest if not.
            fail(context, at: startOfTag(), "malformed XML: " + XMLParserErrorText.describe(code: 86))
            return
        }
        sawRoot = true
        let attributeCount = attributeList == nil ? 0 : attributeCount
        if attributeCount > attributeRoom {
            attributeNames.deallocate()
            attributeRoom = attributeCount
            attributeNames = .allocate(capacity: attributeRoom)
        }
        if let attributeList {
            for number in 0..<attributeCount {
                let base = number * 5
                if let attributeName = attributeList[base], attributeList[base + 3] != nil, attributeList[base + 4] != nil {
                    attributeNames[number] = names.number(of: attributeName, prefix: attributeList[base + 1])
                } else {
                    attributeNames[number] = -1
                }
            }
        }
        let nameNumber = names.number(of: name, prefix: prefix)
        if isTextElement(nameNumber) { textStarts.append(pendingText.count) }
        let tagEnd = Int(xmlByteConsumed(context))
        open.append((nameNumber, tagEnd))
        handler.startElement(nameNumber, Attributes(list: attributeList, names: UnsafeBufferPointer(start: attributeNames, count: attributeCount)), in: self)
        lastTagEnd = tagEnd
    }

    private func endElement(_ context: xmlParserCtxtPtr) {
        guard failure == nil, let handler, let element = open.popLast() else { return }
        lastTagEnd = Int(xmlByteConsumed(context))
        var text: String?
        if isTextElement(element.name), let start = textStarts.popLast() {
            text = String(decoding: pendingText[start...], as: UTF8.self)
            pendingText.removeSubrange(start...)
        }
        handler.endElement(element.name, text: text)
    }

    private func isTextElement(_ name: Int32) -> Bool {
        name == textElements.0 || name == textElements.1
    }

    private func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, let innermost = open.last, isTextElement(innermost.name) else { return }
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
            let inside = open.last.map { " (inside <\(DiagnosticText.escaped(names.names[Int($0.name)]))>)" } ?? ""
            fail(context, at: position, "malformed XML: the file ends in the middle of a tag\(inside); is it truncated?")
            return
        }
        fail(context, at: position, "malformed XML: " + XMLParserErrorText.describe(code: code))
    }

    // MARK: libxml2 glue

    private static func reader(_ context: UnsafeMutableRawPointer?) -> (XMLEventReader, xmlParserCtxtPtr)? {
        guard let context = context?.assumingMemoryBound(to: xmlParserCtxt.self),
            let reader = context.pointee._private
        else { return nil }
        return (Unmanaged<XMLEventReader>.fromOpaque(reader).takeUnretainedValue(), context)
    }

    /// Hands libxml2 the next piece of the bytes.
    private static let readCallback: xmlInputReadCallback = { opaque, buffer, length in
        guard let opaque, let buffer, length > 0 else { return 0 }
        let reader = Unmanaged<XMLEventReader>.fromOpaque(opaque).takeUnretainedValue()
        let count = min(Int(length), reader.bytes.count - reader.readOffset)
        guard count > 0, let base = reader.bytes.baseAddress else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + reader.readOffset, byteCount: count)
        reader.readOffset += count
        return Int32(count)
    }

    /// A SAX2 handler with only what a reader needs; everything else stays off (no DTD
    /// callbacks, no entity lookups: with no handler libxml2 declares nothing).
    private static func saxHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, name, prefix, _, _, _, attributeCount, _, attributes in
            guard let (reader, parser) = XMLEventReader.reader(context), let name else { return }
            reader.startElement(
                parser, name: name, prefix: prefix, attributeCount: Int(max(attributeCount, 0)),
                attributeList: attributes)
        }
        handler.endElementNs = { context, _, _, _ in
            guard let (reader, parser) = XMLEventReader.reader(context) else { return }
            reader.endElement(parser)
        }
        let characters: charactersSAXFunc = { context, text, length in
            guard let (reader, _) = XMLEventReader.reader(context), let text, length > 0 else { return }
            reader.characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        handler.characters = characters
        // Blanks and CDATA sections are text like any other.
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        handler.serror = { context, error in
            guard let (reader, parser) = XMLEventReader.reader(context) else { return }
            reader.error(parser, code: Int(error?.pointee.code ?? 1))
        }
        return handler
    }
}

/// An element's attributes, names by number: as libxml2 reports them, or as a parsed tree keeps them.
protocol XMLAttributeList {
    var count: Int { get }
    /// The number of attribute `index`'s name; -1 for one to be skipped.
    func name(_ index: Int) -> Int32
    /// Attribute `index`'s value as text.
    func value(_ index: Int) -> String
    /// Appends attribute `index`'s value, as UTF-8, to `bytes`.
    func appendValue(_ index: Int, to bytes: inout [UInt8])
}

extension XMLAttributeList {
    /// The value of the attribute named by number `name`, `nil` when absent.
    subscript(_ name: Int32) -> String? {
        index(of: name).map(value)
    }

    /// The index of the attribute named by number `name`, `nil` when absent.
    func index(of name: Int32) -> Int? {
        for index in 0..<count where self.name(index) == name { return index }
        return nil
    }
}

extension XMLEventReader {
    /// The attributes of the element being reported, as libxml2 hands them over: names by
    /// number, values as bytes in libxml2's buffer (good for the call only).
    struct Attributes: XMLAttributeList {
        fileprivate let list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
        fileprivate let names: UnsafeBufferPointer<Int32>

        var count: Int { names.count }

        /// -1 when libxml2 gave no name or value.
        func name(_ index: Int) -> Int32 { names[index] }

        /// Attribute `index`'s value as libxml2 wrote it (see ``XMLEventReader/decode(_:into:)``).
        func rawValue(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            guard let list, let start = list[index * 5 + 3], let end = list[index * 5 + 4] else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: start, count: end - start)
        }

        /// Attribute `index`'s value as text.
        func value(_ index: Int) -> String {
            let raw = rawValue(index)
            guard let start = raw.baseAddress, memchr(start, Int32(UInt8(ascii: "&")), raw.count) != nil else {
                return String(decoding: raw, as: UTF8.self)
            }
            var decoded: [UInt8] = []
            XMLEventReader.decode(raw, into: &decoded)
            return String(decoding: decoded, as: UTF8.self)
        }

        func appendValue(_ index: Int, to bytes: inout [UInt8]) {
            XMLEventReader.decode(rawValue(index), into: &bytes)
        }

    }

    /// Appends an attribute value as libxml2 hands it over, as text. Without entity
    /// substitution libxml2 writes an ampersand that came from `&amp;` or `&#38;` as the
    /// reference `&#38;` (so a tree builder can tell it from an entity); nothing else can put
    /// `&` in a value, so that one sequence is turned back into the character.
    static func decode(_ value: UnsafeBufferPointer<UInt8>, into values: inout [UInt8]) {
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
}

/// libxml2's one-time set-up, run before the first parse from whichever thread comes first.
private let libxml2IsReady = LibXML2Initialization()

private struct LibXML2Initialization: Sendable {
    init() { xmlInitParser() }
    /// Touching the global is what runs `init` (once, thread-safely).
    func check() {}
}
