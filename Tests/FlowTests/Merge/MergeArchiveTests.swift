import Testing

@testable import Flow

/// The merge of Interface Builder 3 archives (Xcode 4 and older): records by their numbers,
/// dictionary entries by key (in both the keyed and the parallel-array format), numbers both
/// sides gave renumbered, what Interface Builder writes by itself never a conflict. Each merged
/// file is compared whole with the archive that has both sides' changes.
@Suite struct MergeArchiveTests {
    /// One text field of the window's content: its reference id, its object number, its text.
    struct Field {
        let id: String
        let number: Int
        let text: String
        /// More of its properties, one element a line.
        var more: [String] = []
    }

    /// An outlet from the controller (`1001`) to a field.
    struct Outlet {
        let number: Int
        let label: String
        let destination: String
    }

    /// A small archive as Interface Builder 3 writes it: a controller and text fields, their
    /// outlets, their records, their properties, in the keyed format (`8.00`) or the older one
    /// with dictionaries as parallel arrays (`7.10`).
    static func archive(
        fields: [Field], outlets: [Outlet], properties: [(String, String)], maxID: Int, format: String = "8.00",
        system: String = "12A269", builder: String = "2549"
    ) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="\(format)">
            \t<data>
            \t\t<int key="IBDocument.SystemTarget">1070</int>
            \t\t<string key="IBDocument.SystemVersion">\(system)</string>
            \t\t<string key="IBDocument.InterfaceBuilderVersion">\(builder)</string>
            \t\t<array class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
            \t\t\t<object class="NSCustomObject" id="1001">
            \t\t\t\t<string key="NSClassName">PreferencesController</string>
            \t\t\t</object>

            """
        for field in fields {
            text += "\t\t\t<object class=\"NSTextField\" id=\"\(field.id)\">\n\t\t\t\t<string key=\"NSContents\">\(field.text)</string>\n"
            for line in field.more { text += "\t\t\t\t\(line)\n" }
            text += "\t\t\t</object>\n"
        }
        text += "\t\t</array>\n\t\t<object class=\"IBObjectContainer\" key=\"IBDocument.Objects\">\n\t\t\t<array class=\"NSMutableArray\" key=\"connectionRecords\">\n"
        for outlet in outlets {
            text += """
                \t\t\t\t<object class="IBConnectionRecord">
                \t\t\t\t\t<object class="IBOutletConnection" key="connection">
                \t\t\t\t\t\t<string key="label">\(outlet.label)</string>
                \t\t\t\t\t\t<reference key="source" ref="1001"/>
                \t\t\t\t\t\t<reference key="destination" ref="\(outlet.destination)"/>
                \t\t\t\t\t</object>
                \t\t\t\t\t<int key="connectionID">\(outlet.number)</int>
                \t\t\t\t</object>

                """
        }
        text += "\t\t\t</array>\n\t\t\t<object class=\"IBMutableOrderedSet\" key=\"objectRecords\">\n\t\t\t\t<array key=\"orderedObjects\">\n"
        text += "\t\t\t\t\t<object class=\"IBObjectRecord\">\n\t\t\t\t\t\t<int key=\"objectID\">0</int>\n\t\t\t\t\t\t<array key=\"object\" id=\"0\"/>\n"
        text += "\t\t\t\t\t\t<reference key=\"children\" ref=\"1000\"/>\n\t\t\t\t\t\t<nil key=\"parent\"/>\n\t\t\t\t\t</object>\n"
        for field in fields {
            text += "\t\t\t\t\t<object class=\"IBObjectRecord\">\n\t\t\t\t\t\t<int key=\"objectID\">\(field.number)</int>\n"
            text += "\t\t\t\t\t\t<reference key=\"object\" ref=\"\(field.id)\"/>\n\t\t\t\t\t\t<reference key=\"parent\" ref=\"0\"/>\n\t\t\t\t\t</object>\n"
        }
        text += "\t\t\t\t</array>\n\t\t\t</object>\n"
        if format == "8.00" {
            text += "\t\t\t<dictionary class=\"NSMutableDictionary\" key=\"flattenedProperties\">\n"
            for (key, value) in properties { text += "\t\t\t\t<string key=\"\(key)\">\(value)</string>\n" }
            text += "\t\t\t</dictionary>\n"
        } else {
            text += "\t\t\t<object class=\"NSMutableDictionary\" key=\"flattenedProperties\">\n\t\t\t\t<bool key=\"EncodedWithXMLCoder\">YES</bool>\n"
            text += "\t\t\t\t<object class=\"NSArray\" key=\"dict.sortedKeys\">\n\t\t\t\t\t<bool key=\"EncodedWithXMLCoder\">YES</bool>\n"
            for (key, _) in properties { text += "\t\t\t\t\t<string>\(key)</string>\n" }
            text += "\t\t\t\t</object>\n\t\t\t\t<object class=\"NSMutableArray\" key=\"dict.values\">\n\t\t\t\t\t<bool key=\"EncodedWithXMLCoder\">YES</bool>\n"
            for (_, value) in properties { text += "\t\t\t\t\t<string>\(value)</string>\n" }
            text += "\t\t\t\t</object>\n\t\t\t</object>\n"
        }
        text += "\t\t\t<nil key=\"sourceID\"/>\n\t\t\t<int key=\"maxID\">\(maxID)</int>\n\t\t</object>\n\t</data>\n</archive>\n"
        return text
    }

    static let plugin = "com.apple.InterfaceBuilder.CocoaPlugin"
    static let name = Field(id: "381502712", number: 5, text: "Name")
    static let nameOutlet = Outlet(number: 6, label: "nameField", destination: "381502712")
    static let nameProperties = [("5.IBPluginDependency", plugin)]

    static func merge(base: String, ours: String, theirs: String) throws -> (text: String, conflicts: [MergeConflict]) {
        let result = try StoryboardMerge.merge(
            base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), names: ("base.xib", "ours.xib", "theirs.xib"))
        return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
    }

    /// Both sides add a field with its outlet, and both number them 7 and 8 (the next after
    /// `maxID`): theirs' become 9 and 10, in its record, its outlet's record, its properties and
    /// `maxID`, in either format.
    @Test(arguments: ["8.00", "7.10"]) func fieldsBothSidesAddedAreBothKeptWithTheirsRenumbered(format: String) throws {
        let base = Self.archive(fields: [Self.name], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6, format: format)
        let email = Field(id: "904417231", number: 7, text: "Email")
        let phone = Field(id: "117730946", number: 7, text: "Phone")
        let ours = Self.archive(
            fields: [Self.name, email], outlets: [Self.nameOutlet, Outlet(number: 8, label: "emailField", destination: email.id)],
            properties: Self.nameProperties + [("7.IBPluginDependency", Self.plugin), ("7.CustomClassName", "EmailField")], maxID: 8,
            format: format)
        let theirs = Self.archive(
            fields: [Self.name, phone], outlets: [Self.nameOutlet, Outlet(number: 8, label: "phoneField", destination: phone.id)],
            properties: Self.nameProperties + [("7.IBPluginDependency", Self.plugin)], maxID: 8, format: format)
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        let renumbered = Field(id: phone.id, number: 9, text: "Phone")
        // Theirs' additions go right after the sibling they follow on their side.
        let expected = Self.archive(
            fields: [Self.name, renumbered, email],
            outlets: [Self.nameOutlet, Outlet(number: 10, label: "phoneField", destination: phone.id), Outlet(number: 8, label: "emailField", destination: email.id)],
            properties: Self.nameProperties + [("9.IBPluginDependency", Self.plugin), ("7.IBPluginDependency", Self.plugin), ("7.CustomClassName", "EmailField")],
            maxID: 10, format: format)
        #expect(merged.text == expected)
    }

    /// Both sides connected one outlet, and numbered it differently: one record, ours'.
    @Test func aRecordBothSidesAddedUnderTwoNumbersIsOneRecord() throws {
        let email = Field(id: "904417231", number: 7, text: "Email")
        let nameLabel = { (number: Int) in Outlet(number: number, label: "nameLabel", destination: Self.name.id) }
        let base = Self.archive(fields: [Self.name], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6)
        let ours = Self.archive(fields: [Self.name, email], outlets: [Self.nameOutlet, nameLabel(8)], properties: Self.nameProperties, maxID: 8)
        let theirs = Self.archive(fields: [Self.name], outlets: [Self.nameOutlet, nameLabel(7)], properties: Self.nameProperties, maxID: 7)
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == ours)
    }

    /// A field's text changed by one side and its outlet renamed by the other: records matched
    /// by number, not by place, though ours inserted a record before them.
    @Test func recordsAreMatchedByTheirNumbersNotTheirPlaces() throws {
        let title = Field(id: "650112873", number: 3, text: "Title")
        let base = Self.archive(fields: [Self.name], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6)
        let ours = Self.archive(
            fields: [title, Self.name], outlets: [Outlet(number: 4, label: "titleField", destination: title.id), Self.nameOutlet],
            properties: Self.nameProperties, maxID: 6)
        let theirs = Self.archive(
            fields: [Field(id: Self.name.id, number: 5, text: "Full name")],
            outlets: [Outlet(number: 6, label: "fullNameField", destination: Self.name.id)], properties: Self.nameProperties, maxID: 6)
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        let expected = Self.archive(
            fields: [title, Field(id: Self.name.id, number: 5, text: "Full name")],
            outlets: [Outlet(number: 4, label: "titleField", destination: title.id), Outlet(number: 6, label: "fullNameField", destination: Self.name.id)],
            properties: Self.nameProperties, maxID: 6)
        #expect(merged.text == expected)
    }

    /// Both sides saved with another Interface Builder, and each changed an object's property:
    /// the versions are the newer save's, and the properties of the older archive's parallel
    /// arrays merge by key (a value deleted by one side and changed by the other only in the
    /// editor's state goes).
    @Test func theNewerSavesVersionsWinAndParallelDictionariesMergeByKey() throws {
        let properties = Self.nameProperties + [("5.IBEditorWindowLastContentRect", "{{10, 10}, {300, 200}}"), ("5.CustomClassName", "NameField")]
        let base = Self.archive(fields: [Self.name], outlets: [Self.nameOutlet], properties: properties, maxID: 6, format: "7.10", system: "10J567", builder: "788")
        let ours = Self.archive(
            fields: [Self.name], outlets: [Self.nameOutlet], properties: [properties[0], properties[2], ("5.IBAttributePlaceholdersKey", "name")],
            maxID: 6, format: "7.10", system: "10K540", builder: "823")
        let theirs = Self.archive(
            fields: [Self.name], outlets: [Self.nameOutlet],
            properties: [properties[0], ("5.IBEditorWindowLastContentRect", "{{40, 40}, {300, 200}}"), ("5.CustomClassName", "PersonNameField")],
            maxID: 6, format: "7.10", system: "10J569", builder: "790")
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        let expected = Self.archive(
            fields: [Self.name], outlets: [Self.nameOutlet],
            properties: [properties[0], ("5.CustomClassName", "PersonNameField"), ("5.IBAttributePlaceholdersKey", "name")],
            maxID: 6, format: "7.10", system: "10K540", builder: "823")
        #expect(merged.text == expected)
    }

    /// Interface Builder keeps, in the document, the nib it compiled from it at the last save
    /// (`IBDocument.RunnableNib`) and the runtime it targets: both are the newer save's, never
    /// a conflict, as its versions are.
    @Test func theNibInterfaceBuilderCompiledIntoTheDocumentIsTheNewerSaves() throws {
        func archive(_ fields: [Field], nib: String, builder: String) -> String {
            Self.archive(fields: fields, outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 7, builder: builder)
                .replacingOccurrences(
                    "</string>\n\t\t<array class=\"NSMutableArray\" key=\"IBDocument.RootObjects\"",
                    "</string>\n\t\t<string key=\"IBDocument.TargetRuntimeIdentifier\">IBCocoaFramework</string>\n"
                        + "\t\t<object class=\"NSMutableData\" key=\"IBDocument.RunnableNib\">\n\t\t\t<bytes key=\"NS.bytes\">\(nib)</bytes>\n\t\t</object>\n"
                        + "\t\t<array class=\"NSMutableArray\" key=\"IBDocument.RootObjects\"")
        }
        let renamed = Field(id: Self.name.id, number: Self.name.number, text: "Full name")
        let base = archive([Self.name], nib: "YnBsaXN0MDDUAAEAAgAD", builder: "2549")
        let ours = archive([renamed], nib: "YnBsaXN0MDDUAAEAAgAE", builder: "2549")
        let theirs = archive([Self.name], nib: "YnBsaXN0MDDUAAEAAgAF", builder: "3084")
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == archive([renamed], nib: "YnBsaXN0MDDUAAEAAgAF", builder: "3084"))
    }

    /// Both sides changing one field's text is a conflict at its spot, as in a storyboard, and
    /// the file stays an archive that reads back.
    @Test func bothChangingOneValueIsAConflictAtItsSpot() throws {
        let base = Self.archive(fields: [Self.name], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6)
        let ours = Self.archive(fields: [Field(id: Self.name.id, number: 5, text: "Your name")], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6)
        let theirs = Self.archive(fields: [Field(id: Self.name.id, number: 5, text: "Full name")], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6)
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.map(\.what) == ["text"])
        #expect(merged.conflicts.first?.key != StoryboardMerge.wholeFileKey)
        #expect(merged.text.contains("<string key=\"NSContents\">Your name</string>"))
        _ = try MergeSource(bytes: Array(merged.text.utf8), name: "merged.xib")
    }

    /// The archive's field as a later Xcode converts it: a document whose objects are named by
    /// their record numbers.
    static func converted(text: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="6154.17" systemVersion="13E25" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.CocoaPlugin" version="6154.17"/>
            </dependencies>
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="PreferencesController">
                    <connections>
                        <outlet property="nameField" destination="5" id="6"/>
                    </connections>
                </customObject>
                <textField verticalHuggingPriority="750" id="5">
                    <rect key="frame" x="20" y="20" width="200" height="22"/>
                    <textFieldCell key="cell" title="\(text)" id="7"/>
                </textField>
            </objects>
        </document>

        """
    }

    /// One side converted the archive to a later Xcode's document, the other changed the
    /// archive: the two are never merged element by element (a hybrid of both headers and
    /// lists no Xcode reads), ours is kept whole with one conflict. A side that changed nothing
    /// but what Interface Builder writes gives the other back.
    @Test func anArchiveAgainstTheDocumentTheOtherSideConvertedItToIsKeptWhole() throws {
        let base = Self.archive(fields: [Self.name], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6)
        let ours = Self.archive(fields: [Field(id: Self.name.id, number: 5, text: "Your name")], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6)
        let theirs = Self.converted(text: "Name")
        for (first, second) in [(ours, theirs), (theirs, ours)] {
            let merged = try Self.merge(base: base, ours: first, theirs: second)
            #expect(merged.conflicts.map(\.key) == [StoryboardMerge.wholeFileKey])
            #expect(merged.conflicts.first?.what == StoryboardMerge.convertedFormats)
            let comment = merged.conflicts.first.map { $0.comment + "\n" } ?? ""
            #expect(merged.text == first.replacingOccurrences("?>\n<", "?>\n" + comment + "<"))
        }
        let resaved = Self.archive(fields: [Self.name], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6, system: "12C60")
        let taken = try Self.merge(base: base, ours: resaved, theirs: theirs)
        #expect(taken.conflicts.isEmpty)
        #expect(taken.text == theirs)
    }

    /// Flags both sides changed merge bit by bit: each bit as the side that changed it has it.
    /// Two spellings of one size are one value, the newer save's.
    @Test func flagsMergeBitByBitAndOneValueSpelledTwiceIsOneValue() throws {
        func field(_ flags: Int, _ size: String) -> Field {
            Field(id: Self.name.id, number: 5, text: "Name", more: ["<int key=\"NSCellFlags\">\(flags)</int>", "<string key=\"NSMaxSize\">\(size)</string>"])
        }
        func doc(_ flags: Int, _ size: String, builder: String = "2549") -> String {
            Self.archive(fields: [field(flags, size)], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6, builder: builder)
        }
        // Ours sets bit 2; theirs clears bit 1024 and sets bit 1.
        let base = doc(1024, "{1.7976931348623157e+308, 1.7976931348623157e+308}", builder: "2182")
        let ours = doc(1028, "{1e+13, 1e+13}")
        let theirs = doc(2, "{10000000000000, 10000000000000}", builder: "2182")
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == doc(6, "{1e+13, 1e+13}"))
        // "No limit" as the largest double by one version and the largest float by another.
        let unbounded = try Self.merge(
            base: doc(1024, "{1.79769e+308, 1.79769e+308}", builder: "2182"), ours: doc(1024, "{1.7976931348623157e+308, 1.7976931348623157e+308}"),
            theirs: doc(1024, "{3.40282e+38, 3.40282e+38}", builder: "2182"))
        #expect(unbounded.conflicts.isEmpty)
        #expect(unbounded.text == doc(1024, "{1.7976931348623157e+308, 1.7976931348623157e+308}"))
        // Two sizes that differ are a conflict.
        let different = try Self.merge(base: base, ours: ours, theirs: doc(2, "{800, 600}", builder: "2182"))
        #expect(different.conflicts.map(\.what) == ["text"])
    }

    /// A frame one side moved and the other raised merges number by number, as a storyboard's
    /// `<rect>` does attribute by attribute; both moving it differently is a conflict.
    @Test func aFrameMergesNumberByNumber() throws {
        func doc(_ frame: String) -> String {
            Self.archive(
                fields: [Field(id: Self.name.id, number: 5, text: "Name", more: ["<string key=\"NSFrame\">\(frame)</string>"])],
                outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 6)
        }
        let base = doc("{{320, 166}, {185, 18}}")
        let merged = try Self.merge(base: base, ours: doc("{{306, 166}, {185, 18}}"), theirs: doc("{{320, 150}, {185, 18}}"))
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == doc("{{306, 150}, {185, 18}}"))
        let clash = try Self.merge(base: base, ours: doc("{{306, 166}, {185, 18}}"), theirs: doc("{{300, 150}, {185, 18}}"))
        #expect(clash.conflicts.map(\.what) == ["text"])
    }

    /// Interface Builder gave a shared font, and the shared name it points at, new ids on each
    /// side's save: one object, named as ours names it, with each side's change to what points
    /// at it.
    @Test func anObjectEachSideGaveANewIdIsOneObject() throws {
        func doc(font: String, family: String, first: String, second: String) -> String {
            let a = Field(
                id: "381502712", number: 5, text: first,
                more: [
                    "<string key=\"NSFamilyName\" id=\"\(family)\">Lucida Grande</string>", "<object class=\"NSFont\" key=\"NSSupport\" id=\"\(font)\">",
                    "\t<reference key=\"NSFamily\" ref=\"\(family)\"/>", "</object>",
                ])
            let b = Field(id: "650112873", number: 7, text: second, more: ["<reference key=\"NSSupport\" ref=\"\(font)\"/>"])
            return Self.archive(fields: [a, b], outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 7)
        }
        let base = doc(font: "845100246", family: "17876513", first: "Name", second: "Email")
        let ours = doc(font: "156673950", family: "961404527", first: "Full name", second: "Email")
        let theirs = doc(font: "692779481", family: "853457449", first: "Name", second: "Email address")
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == doc(font: "156673950", family: "961404527", first: "Full name", second: "Email address"))
    }

    /// Archives of two format versions other than `7.10` and `8.00` do not pair up element by
    /// element: where both sides changed values that clash, ours is kept whole with one
    /// conflict for the file, however many values clash.
    @Test func archivesOfTwoOtherFormatVersionsThatClashAreKeptWhole() throws {
        func doc(_ first: String, _ second: String, format: String) -> String {
            let fields = [Field(id: Self.name.id, number: 5, text: first), Field(id: "650112873", number: 7, text: second)]
            return Self.archive(fields: fields, outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 7, format: format)
        }
        let base = doc("Name", "Email", format: "7.01")
        let ours = doc("Your name", "Your email", format: "7.02")
        let theirs = doc("Full name", "Email address", format: "7.01")
        let merged = try Self.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.conflicts.map(\.key) == [StoryboardMerge.wholeFileKey])
        #expect(merged.conflicts.first?.what == StoryboardMerge.archiveFormats)
        let comment = merged.conflicts.first.map { $0.comment + "\n" } ?? ""
        #expect(merged.text == ours.replacingOccurrences("?>\n<", "?>\n" + comment + "<"))
    }

    /// A pass that stops at its first conflict (all a merge of two format versions needs to
    /// know) finds that one and no more; the whole pass finds each.
    @Test func aPassThatStopsAtItsFirstConflictFindsOnlyThatOne() throws {
        func doc(_ first: String, _ second: String) throws -> MergeSource {
            let fields = [Field(id: Self.name.id, number: 5, text: first), Field(id: "650112873", number: 7, text: second)]
            let text = Self.archive(fields: fields, outlets: [Self.nameOutlet], properties: Self.nameProperties, maxID: 7)
            return try MergeSource(bytes: Array(text.utf8), name: "file.xib")
        }
        let (base, ours, theirs) = (try doc("Name", "Email"), try doc("Your name", "Your email"), try doc("Full name", "Email address"))
        let locations = MergeEngine.locations(base: base, ours: ours, theirs: theirs)
        func conflicts(stopping: Bool) -> [String?] {
            var engine = MergeEngine(
                base: base, ours: ours, theirs: theirs, locations: locations, choices: [:], adjustments: MergeAdjustments(),
                stopsAtConflict: stopping)
            _ = engine.run()
            return engine.conflicts.map(\.ours)
        }
        #expect(conflicts(stopping: false) == ["Your name", "Your email"])
        #expect(conflicts(stopping: true) == ["Your name"])
    }
}
