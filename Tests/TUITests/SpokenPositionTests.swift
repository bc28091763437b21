import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// Values and positions as VoiceOver says them: a page control's page of how many, a
/// stepper's value, a segmented control's segment of how many, a tab's place among the tabs.
@Suite struct SpokenPositionTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" initialViewController="Pos-Tb-001">
            <scenes>
                <scene sceneID="Pos-Sc-001">
                    <objects>
                        <tabBarController id="Pos-Tb-001" sceneMemberID="viewController">
                            <connections>
                                <segue destination="Pos-Vc-001" kind="relationship" relationship="viewControllers" id="Pos-Sg-001"/>
                                <segue destination="Pos-Vc-002" kind="relationship" relationship="viewControllers" id="Pos-Sg-002"/>
                            </connections>
                        </tabBarController>
                    </objects>
                </scene>
                <scene sceneID="Pos-Sc-002">
                    <objects>
                        <viewController title="Tour" id="Pos-Vc-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Pos-Vw-001">
                                <subviews>
                                    <pageControl opaque="NO" contentMode="scaleToFill" numberOfPages="5" currentPage="1" id="Pos-Pc-001">
                                        <rect key="frame" x="20" y="100" width="200" height="26"/>
                                        <accessibility key="accessibilityConfiguration" label="Onboarding"/>
                                    </pageControl>
                                    <label opaque="NO" text="Cups" id="Pos-Lb-001">
                                        <rect key="frame" x="20" y="150" width="60" height="21"/>
                                    </label>
                                    <stepper opaque="NO" contentMode="scaleToFill" value="2" maximumValue="10" id="Pos-St-001">
                                        <rect key="frame" x="100" y="150" width="94" height="32"/>
                                    </stepper>
                                    <label opaque="NO" text="Units" id="Pos-Lb-002">
                                        <rect key="frame" x="20" y="200" width="60" height="21"/>
                                    </label>
                                    <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="1" id="Pos-Sg-003">
                                        <rect key="frame" x="100" y="200" width="200" height="32"/>
                                        <segments>
                                            <segment title="Fahrenheit"/>
                                            <segment title="Celsius"/>
                                            <segment title="Kelvin"/>
                                        </segments>
                                    </segmentedControl>
                                </subviews>
                            </view>
                            <tabBarItem key="tabBarItem" title="Tour" id="Pos-Ti-001"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="Pos-Sc-003">
                    <objects>
                        <viewController title="About" id="Pos-Vc-002" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Pos-Vw-002"/>
                            <tabBarItem key="tabBarItem" title="About" id="Pos-Ti-002"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func pagesSegmentsValuesAndTabsAreSpokenWithTheirPlace() throws {
        let loaded = try StoryboardLoader.load(data: Data(Self.xml.utf8), fileName: "Positions.storyboard")
        let application = Application()
        application.isScreenReaderRunning = true
        _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
        let pilot = Pilot(application: application, size: Size(width: 80, height: 24))
        var frame = pilot.shell.lastFrame
        let top = try #require(frame.topController)
        #expect(Announcement.scene(top, frame: frame).hasPrefix("Tour, tab 1 of 2"), "\(Announcement.scene(top, frame: frame))")
        var spoken: [String] = []
        for _ in 0..<3 {
            frame = pilot.shell.lastFrame
            spoken.append(Announcement.describe(try #require(frame.focused), frame: frame))
            pilot.press(.tab)
        }
        #expect(spoken == [
            "Onboarding, page control, page 2 of 5", "Cups, stepper, 2", "Units, segmented control, Celsius, 2 of 3",
        ])
        // Back on the page control (Tab went round): its position follows the page.
        try pilot.press(notation: "<Right>")
        frame = pilot.shell.lastFrame
        #expect(Announcement.describe(try #require(frame.focused), frame: frame) == "Onboarding, page control, page 3 of 5")
    }
}
