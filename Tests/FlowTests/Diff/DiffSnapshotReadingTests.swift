import Foundation
import Testing

@testable import Flow

/// A snapshot read straight from the parser's events, as `diff` and `outline` read a file, is
/// the snapshot read from the same file's parsed tree, as a live reload reads a save.
@Suite struct DiffSnapshotReadingTests {
    /// Both snapshots of `text`: from its bytes' events, and from its parsed tree.
    private func snapshots(_ text: String) throws -> (events: DiffSnapshot, tree: DiffSnapshot) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            (try DiffSnapshot.read(buffer, fileName: "A.storyboard"), DiffSnapshot(tree: try StoryboardLoader.parse(buffer, fileName: "A.storyboard")))
        }
    }

    private func storyboard(_ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" useAutolayout="YES" initialViewController="vc">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" title="Home">
                            <view key="view" id="v">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
        \(objects)
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    @Test func everyFixtureStoryboardReadsTheSameFromEventsAsFromItsTree() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var read = 0
        for case let url as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)! where url.pathExtension == "storyboard" {
            let bytes = Array(try Data(contentsOf: url))
            let fromTree = bytes.withUnsafeBufferPointer { buffer in (try? StoryboardLoader.parse(buffer, fileName: url.path)).map(DiffSnapshot.init(tree:)) }
            let fromEvents = bytes.withUnsafeBufferPointer { buffer in try? DiffSnapshot.read(buffer, fileName: url.path) }
            guard let fromEvents else { continue }
            read += 1
            #expect(fromEvents == fromTree, "\(url.path)")
            #expect(!fromEvents.objects.isEmpty || fromEvents.scenes.isEmpty, "\(url.path)")
        }
        #expect(read >= 40)
    }

    @Test func aStringsTextAndARuntimeAttributesFirstChildAreReadWhenTheyClose() throws {
        let (events, tree) = try snapshots(storyboard("""
            <label text="Short" id="l1">
                <string key="text">A text
            on two lines</string>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="note">
                        <string key="value">from the child</string>
                    </userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="color" keyPath="tint">
                        <color key="value" white="1" alpha="1" colorSpace="calibratedWhite"/>
                    </userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="boolean" keyPath="flag"/>
                </userDefinedRuntimeAttributes>
            </label>
            """))
        #expect(events == tree)
        let label = try #require(events.object("l1"))
        #expect(label.texts["text"] == "A text\non two lines")
        #expect(label.texts["value"] == "from the child")
        #expect(label.properties["runtime attribute note"] == "from the child")
        #expect(label.properties["runtime attribute tint"] == "#ffffffff")
        #expect(label.properties["runtime attribute flag"] == "")
        #expect(label.line == 10 && label.column == 1)
    }

    @Test func aValueWrittenInsideAnElementStillToWriteItsOwnIsTheOneKept() throws {
        // In document order the inner string starts later, so its text is the one kept.
        let (events, tree) = try snapshots(storyboard("""
            <label id="l1"><string key="text">outer<string key="text">inner</string></string><state key="normal" title="Go"/></label>
            """))
        #expect(events == tree)
        #expect(events.object("l1")?.texts["text"] == "inner")
        #expect(events.object("l1")?.texts["title"] == "Go")
    }
}
