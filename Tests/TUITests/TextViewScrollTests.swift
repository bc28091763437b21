import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// A text view longer than its block scrolls, as the device's does: a licence under an
/// app's name reads to its end with ↓, PgDn and End, and a text that fits takes no keys.
@Suite struct TextViewScrollTests {
    static let licence = (1...12).map { "Clause \($0) of the licence." }.joined(separator: "\n")

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="about">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController storyboardIdentifier="About" title="About" id="about" sceneMemberID="viewController">
                        <view key="view" id="aboutView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <subviews>
                                <label text="Harbor 2.1" id="name"><rect key="frame" x="20" y="100" width="374" height="21"/></label>
                                <textView editable="NO" id="terms"><rect key="frame" x="0.0" y="140" width="414" height="700"/>
                                    <string key="text">\(licence)</string>
                                </textView>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController storyboardIdentifier="Note" title="Note" id="note" sceneMemberID="viewController">
                        <view key="view" id="noteView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <subviews>
                                <textView id="short"><rect key="frame" x="0.0" y="100" width="414" height="300"/>
                                    <string key="text">Two lines
                                    of text.</string>
                                </textView>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func aLongTextScrollsALineAPageAndToItsEnd() throws {
        let pilot = try Pilot.scene("About", of: Self.xml, size: Size(width: 40, height: 12))
        let top = [
            "                 About",
            "────────────────────────────────────────",
            "",
            "  Harbor 2.1",
            "",
            "  Clause 1 of the licence.            █",
            "  Clause 2 of the licence.            │",
            "  Clause 3 of the licence.            │",
            "  Clause 4 of the licence.            │",
            "  Clause 5 of the licence.            │",
            "  Clause 6 of the licence.            │",
            " ↑↓  scroll   ?  help   q  quit",
        ]
        assertScreen(pilot.screenLines, equals: top)
        pilot.press(.down)
        assertScreen(
            pilot.screenLines,
            equals: [
                "                 About",
                "────────────────────────────────────────",
                "",
                "  Harbor 2.1",
                "",
                "  Clause 2 of the licence.            │",
                "  Clause 3 of the licence.            █",
                "  Clause 4 of the licence.            │",
                "  Clause 5 of the licence.            │",
                "  Clause 6 of the licence.            │",
                "  Clause 7 of the licence.            │",
                " ↑↓  scroll   ?  help   q  quit",
            ])
        pilot.press(.end)
        assertScreen(
            pilot.screenLines,
            equals: [
                "                 About",
                "────────────────────────────────────────",
                "",
                "  Harbor 2.1",
                "",
                "  Clause 7 of the licence.            │",
                "  Clause 8 of the licence.            │",
                "  Clause 9 of the licence.            │",
                "  Clause 10 of the licence.           │",
                "  Clause 11 of the licence.           │",
                "  Clause 12 of the licence.           █",
                " ↑↓  scroll   ?  help   q  quit",
            ])
        // At its end ↓ scrolls no further; PgUp twice and Home bring the top back.
        pilot.press(.down, .pageUp, .pageUp)
        assertScreen(pilot.screenLines, equals: top)
    }

    @Test func aTextThatFitsTakesNoKeys() throws {
        let pilot = try Pilot.scene("Note", of: Self.xml, size: Size(width: 40, height: 8))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                  Note",
                "────────────────────────────────────────",
                "",
                "  Two lines",
                "  of text.",
                "",
                "",
                " ?  help   q  quit",
            ])
    }
}
