import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// Bar button items that show a control in their place (`key="customView"`): a map's
/// Standard / Hybrid / Satellite switcher in its toolbar, a switch in a navigation bar.
@Suite struct BarItemCustomViewTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Cv1-Nv-001">
            <scenes>
                <scene sceneID="Cv1-Sc-001">
                    <objects>
                        <navigationController toolbarHidden="NO" id="Cv1-Nv-001" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="Cv1-Nb-001"/>
                            <toolbar key="toolbar" opaque="NO" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" id="Cv1-Tb-001"/>
                            <connections>
                                <segue destination="Cv1-Vc-001" kind="relationship" relationship="rootViewController" id="Cv1-Sg-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="Cv1-Sc-002">
                    <objects>
                        <viewController title="Location" id="Cv1-Vc-001" customClass="LocationViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Cv1-Vw-001">
                                <subviews>
                                    <label opaque="NO" text="Pier 7, Harbor Road" id="Cv1-Lb-001">
                                        <rect key="frame" x="16" y="100" width="300" height="21"/>
                                    </label>
                                </subviews>
                            </view>
                            <toolbarItems>
                                <barButtonItem image="location.fill" catalog="system" id="Cv1-Bi-001"/>
                                <barButtonItem style="plain" systemItem="flexibleSpace" id="Cv1-Bi-002"/>
                                <barButtonItem style="plain" id="Cv1-Bi-003">
                                    <segmentedControl key="customView" opaque="NO" contentMode="scaleToFill" segmentControlStyle="bar" selectedSegmentIndex="0" id="Cv1-Sc-003">
                                        <rect key="frame" x="90" y="6" width="200" height="32"/>
                                        <segments>
                                            <segment title="Standard"/>
                                            <segment title="Hybrid"/>
                                            <segment title="Satellite"/>
                                        </segments>
                                    </segmentedControl>
                                </barButtonItem>
                                <barButtonItem style="plain" systemItem="flexibleSpace" id="Cv1-Bi-004"/>
                            </toolbarItems>
                            <navigationItem key="navigationItem" title="Location" id="Cv1-Ni-001">
                                <barButtonItem key="rightBarButtonItem" style="plain" id="Cv1-Bi-005">
                                    <switch key="customView" opaque="NO" contentMode="scaleToFill" on="YES" id="Cv1-Sw-001"/>
                                </barButtonItem>
                            </navigationItem>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static func launch(size: Size = Size(width: 80, height: 12)) throws -> (Application, Pilot) {
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Location.storyboard")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings.map(\.message))")
        let application = Application()
        _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
        return (application, Pilot(application: application, size: size))
    }

    @Test func aControlInABarItemsPlaceShowsAndTakesTheFocus() throws {
        let (application, pilot) = try Self.launch()
        let top = try #require(application.topViewController)
        #expect(pilot.shows("[Standard] Hybrid  Satellite"), "\(pilot.screen)")
        #expect(pilot.screenLines[0].contains("[ ON]"), "the switch in the bar: \(pilot.screenLines[0])")
        // Neither item is named "Item" with a letter of its own: the controls take the keys.
        #expect(!pilot.shows("Item"))
        let focusables = pilot.shell.lastFrame.focusables
        #expect(focusables.count == 2)
        // In Tab order: the bar's switch, then the toolbar's segments.
        #expect(focusables.first is Switch)
        let segments = try #require(focusables.last as? SegmentedControl)
        pilot.press(.tab, .right)
        #expect(segments.selectedSegmentIndex == 1)
        #expect(pilot.shows("Standard [Hybrid] Satellite"))
        // A click on the switch flips it, as on any control of the screen.
        let toggle = try #require(focusables.first { $0 is Switch } as? Switch)
        #expect(pilot.click(on: "[ ON]"))
        #expect(!toggle.isOn)
        #expect(toggle.owner === top)
    }
}
