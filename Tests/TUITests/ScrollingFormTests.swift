import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// A form taller than the screen scrolls, as the device's scroll view does: the focus moving
/// to a control below the fold brings its row into view, and Page Down and Page Up move a
/// page whatever has the focus; an indicator at the right edge says where it is.
@Suite struct ScrollingFormTests {
    /// A settings scene of eight labels, a switch and a button below them, 440 points tall:
    /// more rows than a screen of ten lines holds.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="settings">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController storyboardIdentifier="Settings" title="Settings" id="settings" sceneMemberID="viewController">
                        <view key="view" id="settingsView">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <button title="Sync now" id="sync"><rect key="frame" x="16" y="20" width="120" height="30"/></button>
                                <label text="Setting 1" id="l1"><rect key="frame" x="16" y="100" width="200" height="21"/></label>
                                <label text="Setting 2" id="l2"><rect key="frame" x="16" y="140" width="200" height="21"/></label>
                                <label text="Setting 3" id="l3"><rect key="frame" x="16" y="180" width="200" height="21"/></label>
                                <label text="Setting 4" id="l4"><rect key="frame" x="16" y="220" width="200" height="21"/></label>
                                <label text="Setting 5" id="l5"><rect key="frame" x="16" y="260" width="200" height="21"/></label>
                                <label text="Setting 6" id="l6"><rect key="frame" x="16" y="300" width="200" height="21"/></label>
                                <label text="Setting 7" id="l7"><rect key="frame" x="16" y="340" width="200" height="21"/></label>
                                <label text="Setting 8" id="l8"><rect key="frame" x="16" y="380" width="200" height="21"/></label>
                                <switch on="YES" id="wifi"><rect key="frame" x="310" y="420" width="51" height="31"/></switch>
                                <label text="Wi-Fi" id="wifiLabel"><rect key="frame" x="16" y="425" width="200" height="21"/></label>
                                <button title="Sign Out" id="signOut"><rect key="frame" x="16" y="480" width="120" height="30"/></button>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    static func pilot(size: Size) throws -> Pilot {
        try Pilot.scene("Settings", of: xml, size: size)
    }

    static let top = [
        "                Settings",
        "────────────────────────────────────────",
        "  [ Sync now ]                         █",
        "  Setting 1                            │",
        "  Setting 2                            │",
        "  Setting 3                            │",
        "  Setting 4                            │",
        "  Setting 5                            │",
        "  Setting 6                            │",
        " Enter  press   Tab  next field",
    ]

    static let bottom = [
        "                Settings",
        "────────────────────────────────────────",
        "  Setting 4                            │",
        "  Setting 5                            │",
        "  Setting 6                            │",
        "  Setting 7                            │",
        "  Setting 8                            │",
        "  Wi-Fi                         [ ON]  │",
        "  [ Sign Out ]                         █",
        " Enter  press   Tab  next field",
    ]

    @Test func aFormTallerThanTheScreenOpensAtItsTopAndFollowsTheFocus() throws {
        let pilot = try Self.pilot(size: Size(width: 40, height: 10))
        assertScreen(pilot.screenLines, equals: Self.top)
        // The switch is below the fold: Tab scrolls as little as shows its row.
        pilot.press(.tab)
        assertScreen(
            pilot.screenLines,
            equals: [
                "                Settings",
                "────────────────────────────────────────",
                "  Setting 3                            │",
                "  Setting 4                            │",
                "  Setting 5                            │",
                "  Setting 6                            │",
                "  Setting 7                            │",
                "  Setting 8                            █",
                "  Wi-Fi                         [ ON]  │",
                " Space  switch   Tab  next field",
            ])
        pilot.press(.tab)
        assertScreen(pilot.screenLines, equals: Self.bottom)
        // Round to the first button: back to the top.
        pilot.press(.tab)
        assertScreen(pilot.screenLines, equals: Self.top)
    }

    @Test func pageDownAndPageUpScrollTheFormWhateverHasTheFocus() throws {
        let pilot = try Self.pilot(size: Size(width: 40, height: 10))
        pilot.press(.pageDown)
        // The focus stays on Sync now, scrolled away; the form shows its last rows.
        assertScreen(pilot.screenLines, equals: Self.bottom.enumerated().map { $0.offset == 8 ? "  [ Sign Out ]                         █" : $0.element })
        pilot.press(.pageDown)
        assertScreen(pilot.screenLines, equals: Self.bottom)
        pilot.press(.pageUp)
        assertScreen(pilot.screenLines, equals: Self.top)
        // Help lists the keys; the footer leaves them to the indicator.
        pilot.press(.char("?"))
        #expect(pilot.shows("PgDn        scroll a page down") && pilot.shows("PgUp        scroll a page up"), "\(pilot.screen)")
    }

    @Test func aFormThatFitsIsDrawnAsBeforeWithNoIndicatorOrKeys() throws {
        let pilot = try Self.pilot(size: Size(width: 40, height: 27))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                Settings",
                "────────────────────────────────────────",
                "",
                "  [ Sync now ]",
                "",
                "  Setting 1",
                "",
                "  Setting 2",
                "",
                "  Setting 3",
                "",
                "  Setting 4",
                "",
                "  Setting 5",
                "",
                "  Setting 6",
                "",
                "  Setting 7",
                "",
                "  Setting 8",
                "",
                "  Wi-Fi                         [ ON]",
                "",
                "  [ Sign Out ]",
                "",
                "",
                " Enter  press   Tab  next field",
            ])
        pilot.press(.char("?"))
        #expect(!pilot.shows("PgDn"), "\(pilot.screen)")
    }
}
