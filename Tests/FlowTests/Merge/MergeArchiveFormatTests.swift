import Testing

@testable import Flow

/// Interface Builder 3 archives saved in their two formats: the older one's lists, sets and
/// dictionaries rewritten as the keyed format writes them, so that a merge of sides in both
/// formats pairs elements up.
@Suite struct MergeArchiveFormatTests {
    /// An archive in the older format: flagged lists, a set of sorted objects, a dictionary as
    /// parallel lists, and the empty list Interface Builder shares under one id.
    static let older = """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10">
        	<data>
        		<int key="IBDocument.SystemTarget">1060</int>
        		<string key="IBDocument.InterfaceBuilderVersion">1306</string>
        		<object class="NSArray" key="IBDocument.PluginDependencies">
        			<bool key="EncodedWithXMLCoder">YES</bool>
        			<string>com.apple.InterfaceBuilder.CocoaPlugin</string>
        		</object>
        		<object class="NSMutableDictionary" key="IBDocument.Metadata">
        			<bool key="EncodedWithXMLCoder">YES</bool>
        			<object class="NSArray" key="dict.sortedKeys" id="0">
        				<bool key="EncodedWithXMLCoder">YES</bool>
        			</object>
        			<reference key="dict.values" ref="0"/>
        		</object>
        		<object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
        			<bool key="EncodedWithXMLCoder">YES</bool>
        			<object class="NSTextField" id="1001">
        				<string key="NSContents">Name</string>
        				<object class="NSMutableSet" key="NSDragTypes">
        					<bool key="EncodedWithXMLCoder">YES</bool>
        					<object class="NSArray" key="set.sortedObjects">
        						<bool key="EncodedWithXMLCoder">YES</bool>
        						<string>NSStringPboardType</string>
        					</object>
        				</object>
        				<object class="NSMutableArray" key="NSSubviews">
        					<bool key="EncodedWithXMLCoder">YES</bool>
        				</object>
        			</object>
        		</object>
        		<object class="IBObjectContainer" key="IBDocument.Objects">
        			<object class="NSMutableArray" key="connectionRecords">
        				<bool key="EncodedWithXMLCoder">YES</bool>
        			</object>
        			<object class="IBMutableOrderedSet" key="objectRecords">
        				<object class="NSArray" key="orderedObjects">
        					<bool key="EncodedWithXMLCoder">YES</bool>
        					<object class="IBObjectRecord">
        						<int key="objectID">0</int>
        						<reference key="object" ref="0"/>
        						<reference key="children" ref="1000"/>
        						<nil key="parent"/>
        					</object>
        				</object>
        			</object>
        			<object class="NSMutableDictionary" key="flattenedProperties">
        				<bool key="EncodedWithXMLCoder">YES</bool>
        				<object class="NSArray" key="dict.sortedKeys">
        					<bool key="EncodedWithXMLCoder">YES</bool>
        					<string>1001.CustomClassName</string>
        					<string>1001.IBPluginDependency</string>
        				</object>
        				<object class="NSMutableArray" key="dict.values">
        					<bool key="EncodedWithXMLCoder">YES</bool>
        					<string>NameField</string>
        					<string>com.apple.InterfaceBuilder.CocoaPlugin</string>
        				</object>
        			</object>
        			<int key="maxID">1001</int>
        		</object>
        	</data>
        </archive>

        """

    /// The same archive as the keyed format writes it.
    static let keyed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="8.00">
        	<data>
        		<int key="IBDocument.SystemTarget">1060</int>
        		<string key="IBDocument.InterfaceBuilderVersion">1306</string>
        		<array key="IBDocument.PluginDependencies">
        			<string>com.apple.InterfaceBuilder.CocoaPlugin</string>
        		</array>
        		<dictionary class="NSMutableDictionary" key="IBDocument.Metadata"/>
        		<array class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
        			<object class="NSTextField" id="1001">
        				<string key="NSContents">Name</string>
        				<set class="NSMutableSet" key="NSDragTypes">
        					<string>NSStringPboardType</string>
        				</set>
        				<array class="NSMutableArray" key="NSSubviews"/>
        			</object>
        		</array>
        		<object class="IBObjectContainer" key="IBDocument.Objects">
        			<array class="NSMutableArray" key="connectionRecords"/>
        			<object class="IBMutableOrderedSet" key="objectRecords">
        				<array key="orderedObjects">
        					<object class="IBObjectRecord">
        						<int key="objectID">0</int>
        						<array key="object" id="0"/>
        						<reference key="children" ref="1000"/>
        						<nil key="parent"/>
        					</object>
        				</array>
        			</object>
        			<dictionary class="NSMutableDictionary" key="flattenedProperties">
        				<string key="1001.CustomClassName">NameField</string>
        				<string key="1001.IBPluginDependency">com.apple.InterfaceBuilder.CocoaPlugin</string>
        			</dictionary>
        			<int key="maxID">1001</int>
        		</object>
        	</data>
        </archive>

        """

    static func merge(base: String, ours: String, theirs: String) throws -> (text: String, conflicts: [MergeConflict]) {
        let result = try StoryboardMerge.merge(
            base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), names: ("base.xib", "ours.xib", "theirs.xib"))
        return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
    }

    @Test func anOlderArchiveIsWrittenAsTheKeyedFormatWritesIt() throws {
        let source = try MergeSource(bytes: Array(Self.older.utf8), name: "older.xib")
        let copy = try MergeArchiveFormat.keyedCopy(of: source)
        #expect(String(decoding: copy.bytes, as: UTF8.self) == Self.keyed)
    }

    @Test func sidesInBothFormatsMergeAndTheResultIsKeyed() throws {
        let ours = Self.older.replacingOccurrences(">Name<", ">Full name<")
        let theirs = Self.keyed.replacingOccurrences(">NameField<", ">PersonNameField<")
        let merged = try Self.merge(base: Self.older, ours: ours, theirs: theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.keyed.replacingOccurrences(">Name<", ">Full name<").replacingOccurrences(">NameField<", ">PersonNameField<"))
    }

    @Test func aListNotWrittenAsTheOlderFormatWritesOneLeavesTheFilesAsTheyAre() throws {
        // A dictionary with a key and no value, or a shared list that is not empty, is not
        // rewritten: the merge then keeps its rule for two formats.
        let keyedSource = try MergeSource(bytes: Array(Self.keyed.utf8), name: "keyed.xib")
        for damaged in [
            Self.older.replacingOccurrences("\t\t\t\t\t<string>NameField</string>\n", ""),
            Self.older.replacingOccurrences(
                "<object class=\"NSArray\" key=\"dict.sortedKeys\" id=\"0\">\n\t\t\t\t<bool key=\"EncodedWithXMLCoder\">YES</bool>\n",
                "<object class=\"NSArray\" key=\"dict.sortedKeys\" id=\"0\">\n\t\t\t\t<bool key=\"EncodedWithXMLCoder\">YES</bool>\n\t\t\t\t<string>Kept</string>\n"),
        ] {
            let source = try MergeSource(bytes: Array(damaged.utf8), name: "older.xib")
            #expect(throws: MergeArchiveFormat.Unconvertible.self) { try MergeArchiveFormat.keyedCopy(of: source) }
            #expect(MergeArchiveFormat.common(base: source, ours: source, theirs: keyedSource) == nil)
        }
        // Files all in one format are left as they are.
        #expect(MergeArchiveFormat.common(base: keyedSource, ours: keyedSource, theirs: keyedSource) == nil)
    }
}
