import Flow
import Foundation
import Testing
@testable import TUI

/// A slider, a stepper and a segmented control take the mouse as they take a finger: a click
/// on the track puts the knob there and a drag takes it along (stopping at the track's ends),
/// − and + step, a click on a segment chooses it.
@Suite struct ControlsByMouseTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch">
            <scenes>
                <scene sceneID="Cm1-Sc-001">
                    <objects>
                        <viewController title="Mixer" storyboardIdentifier="Mixer" id="Cm1-Vc-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Cm1-Vw-001">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                                <subviews>
                                    <label text="Volume" id="Cm1-Lb-001"><rect key="frame" x="16" y="80" width="80" height="21"/></label>
                                    <slider opaque="NO" value="5" minValue="0" maxValue="10" id="Cm1-Sl-001"><rect key="frame" x="110" y="76" width="250" height="31"/></slider>
                                    <label text="Cups" id="Cm1-Lb-002"><rect key="frame" x="16" y="130" width="80" height="21"/></label>
                                    <stepper opaque="NO" value="2" minimumValue="0" maximumValue="9" id="Cm1-St-001"><rect key="frame" x="110" y="126" width="94" height="32"/></stepper>
                                    <segmentedControl opaque="NO" selectedSegmentIndex="0" id="Cm1-Sg-001">
                                        <rect key="frame" x="16" y="180" width="343" height="32"/>
                                        <segments>
                                            <segment title="Mild"/>
                                            <segment title="Medium"/>
                                            <segment title="Hot"/>
                                        </segments>
                                    </segmentedControl>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func clicksAndDragsSetWhatTheyLandOn() throws {
        let pilot = try Pilot.scene("Mixer", of: Self.xml, size: Size(width: 40, height: 10))
        let view = try #require(pilot.shell.application.topViewController?.view)
        let slider = try #require(view.allViews.compactMap { $0 as? Slider }.first)
        let stepper = try #require(view.allViews.compactMap { $0 as? Stepper }.first)
        let segments = try #require(view.allViews.compactMap { $0 as? SegmentedControl }.first)
        // The track is the 22 cells from column 11.
        #expect(pilot.screenLines[2] == "  Volume   ━━━━━━━━━━━●────────── 5.00  ", "\(pilot.screen)")

        pilot.click(x: 11, y: 2)
        #expect(slider.value == 0)
        pilot.drag(x: 18, y: 2)
        #expect(slider.value == 10.0 * 7 / 21)
        pilot.drag(x: 39, y: 3)
        #expect(slider.value == 10, "past the track's end the knob stays at its end")
        pilot.drag(x: 0, y: 2)
        #expect(slider.value == 0)
        pilot.drag(x: 21, y: 2)
        #expect(slider.value == 10.0 * 10 / 21)

        pilot.click(on: "[+]")
        #expect(stepper.value == 3)
        pilot.click(on: "[−]")
        pilot.click(on: "[−]")
        #expect(stepper.value == 1)
        pilot.drag(x: 0, y: 4)
        #expect(stepper.value == 1, "a drag moves only a track")

        pilot.click(on: "Hot")
        #expect(segments.selectedSegmentIndex == 2)
        assertScreen(
            pilot.screenLines,
            equals: [
                "                 Mixer",
                "────────────────────────────────────────",
                "  Volume   ━━━━━━━━━━●─────────── 4.76",
                "",
                "  Cups                    [−] 1 [+]",
                "",
                "   Mild  Medium [Hot]",
                "",
                "",
                " ←→  choose   Tab  next field",
            ])
    }

    /// A click elsewhere and then a drag moves nothing: the drag belongs to what the button
    /// went down on.
    @Test func aDragFromOutsideTheTrackMovesNothing() throws {
        let pilot = try Pilot.scene("Mixer", of: Self.xml, size: Size(width: 40, height: 10))
        let view = try #require(pilot.shell.application.topViewController?.view)
        let slider = try #require(view.allViews.compactMap { $0 as? Slider }.first)
        pilot.click(x: 2, y: 8)
        pilot.drag(x: 12, y: 2)
        #expect(slider.value == 5)
    }
}
