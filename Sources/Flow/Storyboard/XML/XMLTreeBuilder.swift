import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Builds an ``XMLTree`` from bytes with FoundationXML, recording each element's position.
///
/// FoundationXML on Linux runs libxml2 in recovery mode: a truncated or broken file can make
/// `parse()` return `true` after delivering part of the elements. So any error reported by
/// any route (the delegate, `parserError`, the return value, elements left open) rejects the
/// whole file, and the caller never sees a partial tree.
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    /// Deeper nesting than any storyboard needs; the limit keeps recursion in the mapper safe.
    static let maximumDepth = 256

    /// The outcome of a parse: a complete tree, or the first problem found.
    enum Outcome {
        case tree(XMLTree)
        case failure(SourceLocation, String)
    }

    /// Elements whose character data is kept: the ones Xcode uses for long strings.
    private static let textElements: Set<String> = ["string", "mutableString"]

    private let tree = XMLTree()
    private var open: [Int] = []
    private var tracker: SourcePositionTracker
    private var failure: (SourceLocation, String)?

    private init(bytes: [UInt8]) {
        tracker = SourcePositionTracker(bytes: bytes)
    }

    /// Parses `bytes`, which the caller has already checked with ``XMLPreflight``.
    static func parse(_ bytes: [UInt8]) -> Outcome {
        let builder = XMLTreeBuilder(bytes: bytes)
        // A stream, not `XMLParser(data:)`: given data, FoundationXML pushes it to libxml2 in
        // one piece, and libxml2 then refuses any file over 10 MB ("huge input lookup").
        // From a stream it is fed in pages and has no such limit.
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let succeeded = parser.parse()
        if let failure = builder.failure {
            return .failure(failure.0, failure.1)
        }
        let position = SourceLocation(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        if let error = parser.parserError {
            let code = (error as NSError).code
            return .failure(position, "malformed XML: " + XMLParserErrorText.describe(code: code))
        }
        if !succeeded {
            return .failure(position, "malformed XML: the parser stopped without saying why")
        }
        if let innermost = builder.open.last {
            let name = builder.tree.nodes[innermost].name
            let opened = builder.tree.nodes[innermost].location
            return .failure(
                position,
                "malformed XML: the file ends inside <\(DiagnosticText.escaped(name))> opened at \(opened) (is it truncated?)"
            )
        }
        if builder.tree.nodes.isEmpty {
            return .failure(position, "malformed XML: " + XMLParserErrorText.describe(code: 4))
        }
        return .tree(builder.tree)
    }

    private func fail(_ parser: XMLParser, at location: SourceLocation, _ message: String) {
        if failure == nil { failure = (location, message) }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String]
    ) {
        guard failure == nil else { return }
        let reported = SourceLocation(line: parser.lineNumber, column: parser.columnNumber)
        let location = tracker.startOfTag(endingAtLine: reported.line, column: reported.column) ?? reported
        if open.count >= Self.maximumDepth {
            fail(parser, at: location, "elements are nested more than \(Self.maximumDepth) levels deep")
            return
        }
        let index = tree.nodes.count
        tree.nodes.append(
            XMLTree.Node(
                name: elementName, attributes: attributes, location: location,
                parent: open.last, subtreeEnd: index + 1))
        if let parent = open.last {
            tree.nodes[parent].children.append(index)
        } else if index != 0 {
            // libxml2 reports a second root as an error too; this keeps the tree honest if not.
            fail(parser, at: location, "malformed XML: " + XMLParserErrorText.describe(code: 86))
            return
        }
        open.append(index)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        guard failure == nil, let index = open.popLast() else { return }
        tree.nodes[index].subtreeEnd = tree.nodes.count
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, let index = open.last,
            Self.textElements.contains(tree.nodes[index].name)
        else { return }
        tree.nodes[index].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard failure == nil, let index = open.last,
            Self.textElements.contains(tree.nodes[index].name)
        else { return }
        tree.nodes[index].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        let location = SourceLocation(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        if code == Self.prematureEndCode, let innermost = open.last {
            // Name the element left open: it says where the cut is better than the end does.
            let node = tree.nodes[innermost]
            fail(
                parser, at: location,
                "malformed XML: the file ends inside <\(DiagnosticText.escaped(node.name))> opened at \(node.location) (is it truncated?)"
            )
            return
        }
        fail(parser, at: location, "malformed XML: " + XMLParserErrorText.describe(code: code))
    }

    /// libxml2's XML_ERR_DOCUMENT_END: the input stopped with elements still open.
    private static let prematureEndCode = 5

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        let code = (validationError as NSError).code
        let location = SourceLocation(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        fail(parser, at: location, "malformed XML: " + XMLParserErrorText.describe(code: code))
    }
}
