import Testing

@testable import Flow

/// An archive's merge edits base and theirs (ids renamed, numbers moved) and carries their
/// elements over to the edited file instead of reading it again, and a merge's result carries
/// the elements it copied whole from a side: what is carried must be what reading the file
/// gives, element by element.
@Suite struct MergeSourceEditsTests {
    static let archive = """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="8.00">
        \t<data>
        \t\t<int key="IBDocument.SystemTarget">1070</int>
        \t\t<object class="NSWindowTemplate" id="12">
        \t\t\t<string key="NSWindowTitle">Tom &amp; Jerry</string>
        \t\t\t<reference key="NSNextResponder" ref="7"/>
        \t\t\t<object class="NSTextField" id="7" key="NSContentView"/>
        \t\t</object>
        \t\t<object class="IBObjectContainer" key="IBDocument.Objects">
        \t\t\t<object class="IBObjectRecord">
        \t\t\t\t<int key="objectID">52</int>
        \t\t\t\t<reference key="object" ref="12"/>
        \t\t\t</object>
        \t\t\t<dictionary class="NSMutableDictionary" key="flattenedProperties">
        \t\t\t\t<string key="52.IBPluginDependency">com.apple.InterfaceBuilder.CocoaPlugin</string>
        \t\t\t</dictionary>
        \t\t\t<int key="maxID">52</int>
        \t\t</object>
        \t</data>
        </archive>

        """

    /// The source with each edit made: the part in brackets of the first occurrence of a
    /// text (the text without them), replaced.
    static func edited(_ replacements: [(String, String)]) throws -> (MergeSource, MergeSource) {
        let source = try MergeSource(bytes: Array(archive.utf8), name: "base.xib")
        let edits: [MergeSource.Edit] = replacements.map { marked, new in
            let found = Array(marked.replacing("[", with: "").replacing("]", with: "").utf8)
            let start = (0...(source.bytes.count - found.count)).first { Array(source.bytes[$0..<($0 + found.count)]) == found }!
            let before = marked.prefix { $0 != "[" }.utf8.count
            let inside = marked.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }.utf8.count
            return ((start + before)..<(start + before + inside), new)
        }
        let edited = try source.edited(edits)
        return (edited, try MergeSource(bytes: edited.bytes, name: "base.xib"))
    }

    /// Every element of two sources alike: names, places, attributes (names, values, where
    /// they are), texts, children, ids, keys and the table of ids.
    static func expectAlike(_ carried: MergeSource, _ read: MergeSource) {
        #expect(carried.bytes == read.bytes)
        #expect(carried.prolog == read.prolog)
        #expect(carried.epilog == read.epilog)
        #expect(carried.root.place == read.root.place)
        #expect(carried.tree.nodes.count == read.tree.nodes.count)
        for place in 0..<min(carried.tree.nodes.count, read.tree.nodes.count) {
            let (a, b) = (MergeElement(tree: carried.tree, place: place), MergeElement(tree: read.tree, place: place))
            #expect(a.name == b.name)
            #expect(a.id == b.id)
            #expect(a.key == b.key)
            #expect(a.leading == b.leading && a.range == b.range && a.startTag == b.startTag && a.trailing == b.trailing)
            #expect(a.text == b.text && a.textDigest == b.textDigest && a.isOpaque == b.isOpaque)
            #expect(a.children.map(\.place) == b.children.map(\.place))
            #expect(a.parent?.place == b.parent?.place && a.depth == b.depth && a.selfClosing == b.selfClosing)
            #expect(a.attributes.map { [$0.name, $0.value, "\($0.whole)"] } == b.attributes.map { [$0.name, $0.value, "\($0.whole)"] })
        }
        #expect(carried.byID.mapValues(\.place) == read.byID.mapValues(\.place))
        #expect(carried.repeatedIDs == read.repeatedIDs)
    }

    @Test func renamedIdsAndMovedNumbersAreCarriedAsReadingGivesThem() throws {
        let (carried, read) = try Self.edited([
            ("[id=\"12\"]", "id=\"1200\""), ("[ref=\"12\"]", "ref=\"1200\""), ("[id=\"7\"]", "id=\"7&amp;8\""),
            ("[key=\"52.IBPluginDependency\"]", "key=\"60.IBPluginDependency\""), ("\"objectID\">[52]<", "60"),
        ])
        // Carried, not read again: the carried tree's table of keys still has the key edited away.
        #expect(carried.tree.keys.contains("52.IBPluginDependency") && !read.tree.keys.contains("52.IBPluginDependency"))
        #expect(carried.byID["1200"]?.name == "object")
        #expect(carried.byID["7&8"] != nil)
        #expect(carried.root.children.first?.children.contains { $0.key == "IBDocument.Objects" } == true)
        Self.expectAlike(carried, read)
    }

    @Test func anEditOfMarkupHasTheFileReadAgain() throws {
        // An element renamed: not a value, so the edited file is read again, and is alike.
        let (carried, read) = try Self.edited([("[<reference key=\"NSNextResponder\" ref=\"7\"/>]", "<object key=\"NSNextResponder\"/>")])
        #expect(carried.tree.nodes.count == read.tree.nodes.count)
        #expect(carried.byID["12"]?.children.map(\.name) == ["string", "object", "object"])
        Self.expectAlike(carried, read)
    }

    @Test func anEditThatBreaksTheFileIsReportedAsReadingReportsIt() throws {
        let source = try MergeSource(bytes: Array(Self.archive.utf8), name: "base.xib")
        let start = Self.archive.utf8.count - "</archive>\n".utf8.count
        #expect(throws: MergeInputError.self) { try source.edited([(start..<(start + 10), "</archiv>")]) }
    }

    @Test func elementsCopiedWholeAreCarriedAsReadingGivesThem() throws {
        let side = try MergeSource(bytes: Array(Self.archive.utf8), name: "ours.xib")
        // The result has an element more before the copies: they are elsewhere, at other places.
        let added = "\n\t\t<bool key=\"EncodedWithXMLCoder\">YES</bool>"
        let bytes = Array(Self.archive.replacing("\t<data>", with: "\t<data>" + added, maxReplacements: 1).utf8)
        let window = try #require(side.byID["12"])
        let objects = try #require(side.root.children.first?.children.first { $0.key == "IBDocument.Objects" })
        let field = try #require(side.byID["7"])
        let shift = added.utf8.count
        let copies = [
            MergeCopy(offset: window.range.lowerBound + shift, element: window),
            // Not where its bytes are: read, not carried.
            MergeCopy(offset: window.range.upperBound + shift + 3, element: field),
            MergeCopy(offset: objects.range.lowerBound + shift, element: objects),
        ]
        let carried = try MergeSource(bytes: bytes, name: "merged.xib", copies: copies)
        let read = try MergeSource(bytes: bytes, name: "merged.xib")
        // Carried, not read: a carried element's attributes' names are numbered before its own.
        #expect(Array(carried.tree.names) != Array(read.tree.names))
        #expect(Set(carried.tree.names) == Set(read.tree.names))
        Self.expectAlike(carried, read)
    }
}
