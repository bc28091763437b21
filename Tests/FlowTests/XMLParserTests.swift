import CLibXML2
import Foundation
import Testing

@testable import Flow

/// What the loader promises about the XML underneath: libxml2's SAX2 parser, driven strictly.
@Suite("Parsing storyboard XML")
struct XMLParserTests {
    /// A storyboard with one label whose attributes and text are given verbatim.
    private func labelScene(_ attributes: String, text: String? = nil) -> String {
        let content = text.map { "<string key=\"text\">\($0)</string>" } ?? ""
        return storyboard(
            scene("a", "<view key=\"view\" id=\"v\"><subviews><label \(attributes) id=\"l\">\(content)</label></subviews></view>"))
    }

    private func labelText(_ text: String) throws -> String {
        let outcome = loadStoryboard(text)
        let view = try #require(outcome.document?.controller(id: "a")?.view, "\(outcome.diagnostics)")
        guard case .label(let label, _, _) = view.find(id: "l")?.kind else {
            Issue.record("no label")
            return ""
        }
        return label
    }

    // MARK: Errors and where they are

    @Test(arguments: [
        ("<document>\n  <scenes>\n  </scene>\n</document>\n", "a closing tag does not match the element it closes", 3, 11),
        ("<document>\n  <scenes a=\"1\" a=\"2\"/>\n</document>\n", "an attribute is given twice on one element", 2, 22),
        ("<document>\n\t\t<view title=\"a<b\"/>\n</document>\n", "a '<' inside an attribute value (write &lt;)", 2, 17),
        ("<document>\n  <view title=\"a &nope; b\"/>\n</document>\n", "reference to an undeclared entity", 2, 24),
        ("<document/>\n<second/>\n", "extra content after the root element", 2, 1),
        ("<document>\n  <p:view/>\n</document>\n", "a namespace prefix that is not declared", 2, 10),
    ])
    func errorsSayWhatAndWhere(text: String, message: String, line: Int, column: Int) {
        let outcome = loadStoryboard(text)
        #expect(outcome.document == nil)
        #expect(outcome.errors.map(\.message) == ["malformed XML: " + message])
        #expect(outcome.errors.first?.location == Flow.SourceLocation(line: line, column: column))
        #expect(outcome.errors.first?.description.hasPrefix("Test.storyboard:\(line):\(column): error: ") == true)
    }

    @Test func errorsDeepInALongFileHaveTheirLineAndColumn() {
        // Far past the pieces the parser is handed at a time; columns count characters.
        let filler = String(repeating: "    <scene sceneID=\"s\"/>\n", count: 100_000)
        let text = "<document>\n<scenes>\n" + filler + "    <scene sceneID=\"é🙂\" a=\"1\" a=\"2\"/>\n</scenes>\n</document>\n"
        let outcome = loadStoryboard(text)
        #expect(outcome.errors.map(\.message) == ["malformed XML: an attribute is given twice on one element"])
        #expect(outcome.errors.first?.location == Flow.SourceLocation(line: 100_003, column: 36))
    }

    @Test func elementsLeftOpenAreNamedWithWhereTheyOpened() {
        let text = "<document>\n  <scenes>\n    <scene sceneID=\"s\">\n      <objects>\n"
        let outcome = loadStoryboard(text)
        #expect(
            outcome.errors.map(\.message) == [
                "malformed XML: the file ends inside <objects> opened at 4:7 (is it truncated?)"
            ])
        #expect(outcome.errors.first?.location.line == 5)
    }

    @Test func hostileSizesStayRefused() {
        // The parser runs without XML_PARSE_HUGE, so libxml2's own limits still hold: no value
        // over 10 MB, no name over 50,000 characters.
        let longValue = "<document title=\"" + String(repeating: "a", count: 10_000_001) + "\"/>"
        let longName = "<" + String(repeating: "a", count: 60_000) + "/>"
        for text in [longValue, longName] {
            let outcome = loadStoryboard(text)
            #expect(outcome.document == nil)
            #expect(outcome.errors.count == 1)
            #expect(outcome.errors.first?.message.hasPrefix("malformed XML") == true)
        }
    }

    // MARK: Text

    @Test func referencesInAttributesAreDecoded() throws {
        #expect(try labelText(labelScene("text=\"a &amp; b &#38; c &lt;d&gt; &quot;e&quot; &#x1F642;\"")) == "a & b & c <d> \"e\" 🙂")
        // An escaped reference stays a reference: its ampersand is the only one decoded.
        #expect(try labelText(labelScene("text=\"&amp;#38; &amp;amp;\"")) == "&#38; &amp;")
        // Attribute values are normalised as XML says: a line break becomes a space.
        #expect(try labelText(labelScene("text=\"one\ntwo\"")) == "one two")
    }

    @Test func stringElementsKeepTheirTextAndCDATA() throws {
        #expect(try labelText(labelScene("", text: "  two  spaces &amp; more  ")) == "  two  spaces & more  ")
        #expect(try labelText(labelScene("", text: "<![CDATA[<b>bold</b> & more]]>")) == "<b>bold</b> & more")
        #expect(try labelText(labelScene("", text: "a <![CDATA[b]]> c")) == "a b c")
        #expect(try labelText(labelScene("", text: "line one\nline two")) == "line one\nline two")
    }

    // MARK: libxml2's global state

    @Test func libxml2PrintsNothing() {
        // libxml2 prints through its global error handlers, which are per thread: counted here
        // instead, while this thread loads every kind of broken file.
        let generic = UnsafeMutablePointer<CLong>.allocate(capacity: 1)
        let structured = UnsafeMutablePointer<CLong>.allocate(capacity: 1)
        generic.pointee = 0
        structured.pointee = 0
        sb_xml_count_generic_errors(generic)
        xmlSetStructuredErrorFunc(structured) { counter, _ in
            counter?.assumingMemoryBound(to: CLong.self).pointee += 1
        }
        defer {
            sb_xml_count_generic_errors(nil)
            xmlSetStructuredErrorFunc(nil, nil)
            generic.deallocate()
            structured.deallocate()
        }
        var broken = [
            "<document>\n  <scenes>\n  </scene>\n</document>\n", "<document><a b=\"1\" b=\"2\"/></document>",
            "<document title=\"\u{1B}[31m\"/>", "<document>&nope;</document>", "<document/><second/>",
            "<p:document/>", "<?xml version=\"2.0\"?><document/>", "<document><![CDATA[x</document>",
            "<document><!-- x", "<document attr=>", "", "   ", "<", "</document>",
        ]
        let fixture = StoryboardFixtures.modern
        for length in stride(from: 0, to: fixture.utf8.count, by: 97) {
            broken.append(String(decoding: Array(fixture.utf8.prefix(length)), as: UTF8.self))
        }
        for text in broken {
            #expect(loadStoryboard(text).document == nil, "\(text.prefix(40))")
        }
        #expect(generic.pointee == 0)
        #expect(structured.pointee == 0)

        // The counters do see what libxml2 reports when nobody takes its errors.
        let sample = Array("<document><a></document>".utf8).map { CChar(bitPattern: $0) }
        let document = xmlReadMemory(sample, Int32(sample.count), nil, nil, 0)
        xmlFreeDoc(document)
        #expect(generic.pointee + structured.pointee > 0)
    }

    @Test func parsesOnSeveralThreadsAtOnce() async {
        let inputs = [
            StoryboardFixtures.modern, StoryboardFixtures.legacy, StoryboardFixtures.containers,
            String(StoryboardFixtures.modern.prefix(3_000)),
            storyboard(scene("a", "<view key=\"view\" id=\"v\"><subviews><sceneKitView id=\"m\"/></subviews></view>")),
            "<document>\n  <scenes>\n  </scene>\n</document>\n",
        ]
        let expected = inputs.map { summary(of: loadStoryboard($0)) }
        let rounds = 24
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for round in 0..<rounds {
                group.addTask { (round, summary(of: loadStoryboard(inputs[round % inputs.count]))) }
            }
            var results: [(Int, String)] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == rounds)
        for (round, result) in results {
            #expect(result == expected[round % inputs.count], "round \(round)")
        }
    }

    // MARK: Pieces

    @Test func repeatedValuesAreFoundPastTheSizeAskedFor() throws {
        var text = "<document>"
        for index in 0..<500 { text += "<a id=\"id\(index % 300)\"/>" }
        text += "</document>"
        let bytes = Array(text.utf8)
        let tree = try bytes.withUnsafeBufferPointer { buffer in
            guard case .tree(let tree) = XMLTreeBuilder.parse(buffer) else { throw ParseFailed() }
            return tree
        }
        // Sized for one value: it must grow, and still find every repeat of the first 300.
        var seen = RepeatedValues(tree: tree, capacity: 1)
        var repeats: [(Int, Int)] = []
        try #require(tree.root?.descendantCount == 500)
        tree.root?.forEachDescendant(with: "id") { element, attribute in
            if let first = seen.insert(attribute: attribute, of: element.index) { repeats.append((element.index, first)) }
        }
        #expect(repeats.count == 200)
        #expect(repeats.allSatisfy { $0.0 - $0.1 == 300 })
    }

    private struct ParseFailed: Error {}

    @Test func escapingDecidesFromTheBytesAsFromTheCharacters() {
        // The quick look at UTF-8 must agree with the character test on every kind of text.
        let pieces: [String] = [
            "a", "Z", " ", "~", "é", "→", "…", "🙂", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "\u{1B}", "\n", "\t",
            "\u{061C}", "\u{061D}", "\u{200A}", "\u{200B}", "\u{200F}", "\u{2010}", "\u{2027}", "\u{2028}",
            "\u{202E}", "\u{202F}", "\u{205F}", "\u{2060}", "\u{2069}", "\u{206A}", "\u{FEFF}", "\u{FEFE}",
            "\u{FFFE}",
        ]
        var random = SeededRandomGenerator(seed: 7)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let needs = text.unicodeScalars.contains(where: DiagnosticText.needsEscape)
            #expect((DiagnosticText.escaped(text) != text) == needs, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func theTreeIsSizedByTheTagsThatOpen() {
        func tags(_ text: String) -> Int {
            Array(text.utf8).withUnsafeBufferPointer { XMLTreeBuilder.openingTags(in: $0) }
        }
        let file = #"<?xml version="1.0"?><document><scenes><scene/><!-- <scene> --></scenes></document><"#
        // document, scenes, scene, and the one inside the comment: never fewer than the elements.
        #expect(tags(file) == 4)
        #expect(tags("") == 0)
        #expect(tags("<") == 0)
        #expect(tags("</a></b>") == 0)
        let parsed = storyboard(scene("a", #"<view key="view" id="v"><subviews><label id="l"/></subviews></view>"#))
        let tree = try? Array(parsed.utf8).withUnsafeBufferPointer { try StoryboardLoader.parse($0, fileName: "a") }
        #expect(tree?.nodes.count == tags(parsed))
    }
}

/// One line per thing a load produced, for comparing loads.
private func summary(of outcome: LoadOutcome) -> String {
    switch outcome {
    case .failed(let diagnostics):
        return diagnostics.map(\.description).joined(separator: "\n")
    case .loaded(let loaded):
        let controllers = loaded.document.controllers.map { controller in
            "\(controller.id) \(controller.kind) \(controller.location) "
                + controller.segues.map { "\($0.id)>\($0.destinationID)@\($0.location)" }.joined(separator: ",")
        }
        return (controllers + loaded.warnings.map(\.description)).joined(separator: "\n")
    }
}
