import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// Pictures a terminal cannot draw: a background picture behind a scene is left out rather
/// than named above it; a tile's artwork and caption under the transparent button that names
/// them show as the button alone, its face the caption's words and its spoken name its
/// accessibility label; an illustration's long name is cut inside its brackets.
@Suite struct AsDesignedArtworkTests {
    /// A sleeping screen: a backdrop filling the view, drawn first; a title; an illustration
    /// with a long asset name; two tiles, each an image, a caption hidden from VoiceOver and a
    /// transparent button over them that carries the tile's name.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="sleep">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController storyboardIdentifier="Sleep" title="Asleep" id="sleep" sceneMemberID="viewController">
                        <view key="view" id="sleepView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <subviews>
                                <imageView image="Backdrop" id="backdrop"><rect key="frame" x="0.0" y="0.0" width="414" height="896"/></imageView>
                                <label text="Sleeping" textAlignment="center" id="title"><rect key="frame" x="20" y="100" width="374" height="30"/></label>
                                <imageView image="sleeping_Illustration_large" id="art"><rect key="frame" x="20" y="150" width="374" height="200"/></imageView>
                                <view id="tileOne"><rect key="frame" x="20" y="400" width="170" height="120"/>
                                    <subviews>
                                        <imageView image="wake_on_leave_button_art" id="artOne"><rect key="frame" x="0.0" y="0.0" width="170" height="90"/></imageView>
                                        <label text="WAKE ON LEAVE" id="captionOne"><rect key="frame" x="0.0" y="90" width="170" height="30"/>
                                            <accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility>
                                        </label>
                                        <button id="buttonOne"><rect key="frame" x="0.0" y="0.0" width="170" height="120"/>
                                            <accessibility key="accessibilityConfiguration" label="Wake Up When I Leave"/>
                                        </button>
                                    </subviews>
                                </view>
                                <view id="tileTwo"><rect key="frame" x="224" y="400" width="170" height="120"/>
                                    <subviews>
                                        <imageView image="wake_now_button_art" id="artTwo"><rect key="frame" x="0.0" y="0.0" width="170" height="90"/></imageView>
                                        <label text="WAKE UP NOW" id="captionTwo"><rect key="frame" x="0.0" y="90" width="170" height="30"/>
                                            <accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility>
                                        </label>
                                        <button id="buttonTwo"><rect key="frame" x="0.0" y="0.0" width="170" height="120"/>
                                            <accessibility key="accessibilityConfiguration" label="Wake Up Now"/>
                                        </button>
                                    </subviews>
                                </view>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    static func pilot(size: Size) throws -> Pilot {
        try Pilot.scene("Sleep", of: xml, size: size)
    }

    @Test func aBackdropIsLeftOutATileShowsAsItsButtonWithItsCaptionAndLongNamesAreCutInsideTheirBrackets() throws {
        let pilot = try Self.pilot(size: Size(width: 60, height: 12))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                           Asleep",
                "────────────────────────────────────────────────────────────",
                "",
                "                          Sleeping",
                "",
                "  [sleeping_Illustra…]",
                "",
                "  [ WAKE ON LEAVE ] [ WAKE UP NOW ]",
                "",
                "",
                "",
                " Enter  press   Tab  next field   ?  help   q  quit",
            ])
    }

    /// A screen reader hears each tile's button by its accessibility label, and its line at
    /// the cursor says the same words.
    @Test func aTilesButtonIsHeardByItsAccessibilityLabel() throws {
        let pilot = try Pilot.scene("Sleep", of: Self.xml, size: Size(width: 60, height: 12), screenReader: true)
        assertScreen(
            pilot.screenLines,
            equals: [
                "                           Asleep",
                "",
                "                          Sleeping",
                "",
                "  [sleeping_Illustra…]",
                "",
                " >[ Wake Up When I Leave ] [ Wake Up Now ]",
                "",
                "",
                "Asleep, form, 2 controls. Wake Up When I Leave, button",
                "",
                "Enter: press   Tab: next field   ?: help   q: quit",
            ])
        let frame = pilot.shell.lastFrame
        #expect(Announcement.describe(try #require(frame.focused), frame: frame) == "Wake Up When I Leave, button")
    }
}
