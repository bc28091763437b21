import Flow
import Foundation
import Testing
@testable import TUI

/// What Enter does on a settings row, as a tap does on the device: a row with a segue of its
/// own follows it (Space flips the switch in it), a row with a switch and no segue flips the
/// switch, and a row with nothing behind it says so instead of promising to open.
@Suite struct RowActionsTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Ra1-Nv-001">
            <scenes>
                <scene sceneID="Ra1-Sc-001">
                    <objects>
                        <navigationController id="Ra1-Nv-001" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="Ra1-Nb-001"/>
                            <connections>
                                <segue destination="Ra1-Tv-001" kind="relationship" relationship="rootViewController" id="Ra1-Sg-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="Ra1-Sc-002">
                    <objects>
                        <tableViewController title="Settings" id="Ra1-Tv-001" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="grouped" id="Ra1-Tb-001">
                                <sections>
                                    <tableViewSection id="Ra1-Se-001">
                                        <cells>
                                            <tableViewCell accessoryType="disclosureIndicator" id="Ra1-Ce-001">
                                                <tableViewCellContentView key="contentView" id="Ra1-Cv-001">
                                                    <subviews>
                                                        <label text="Enable Filters" id="Ra1-Lb-001"><rect key="frame" x="16" y="11" width="200" height="21"/></label>
                                                        <switch opaque="NO" on="YES" id="Ra1-Sw-001"><rect key="frame" x="280" y="6" width="51" height="31"/></switch>
                                                    </subviews>
                                                </tableViewCellContentView>
                                                <connections>
                                                    <segue destination="Ra1-Fi-001" kind="show" id="Ra1-Sg-002"/>
                                                </connections>
                                            </tableViewCell>
                                            <tableViewCell selectionStyle="none" id="Ra1-Ce-002">
                                                <tableViewCellContentView key="contentView" id="Ra1-Cv-002">
                                                    <subviews>
                                                        <label text="Sound" id="Ra1-Lb-002"><rect key="frame" x="16" y="11" width="200" height="21"/></label>
                                                        <switch opaque="NO" on="NO" id="Ra1-Sw-002"><rect key="frame" x="280" y="6" width="51" height="31"/></switch>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell accessoryType="disclosureIndicator" textLabel="Ra1-Lb-003" style="IBUITableViewCellStyleDefault" id="Ra1-Ce-003">
                                                <tableViewCellContentView key="contentView" id="Ra1-Cv-003">
                                                    <subviews>
                                                        <label text="Licences" id="Ra1-Lb-003"><rect key="frame" x="16" y="0" width="300" height="44"/></label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                            <navigationItem key="navigationItem" title="Settings" id="Ra1-Ni-001"/>
                        </tableViewController>
                    </objects>
                </scene>
                <scene sceneID="Ra1-Sc-003">
                    <objects>
                        <viewController title="Filters" id="Ra1-Fi-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Ra1-Vw-001">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                                <subviews>
                                    <label text="Which filters apply" id="Ra1-Lb-004"><rect key="frame" x="16" y="80" width="300" height="21"/></label>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static func launch() throws -> (Application, Pilot) {
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Settings.storyboard")
        let application = Application()
        _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
        return (application, Pilot(application: application, size: Size(width: 50, height: 10)))
    }

    @Test func aRowWithASegueAndASwitchOpensOnEnterAndFlipsOnSpace() throws {
        let (application, pilot) = try Self.launch()
        let toggle = try #require(application.topViewController?.view.allViews.compactMap { $0 as? Switch }.first)
        pilot.press(.char(" "))
        #expect(!toggle.isOn)
        assertScreen(
            pilot.screenLines,
            equals: [
                "                     Settings",
                "──────────────────────────────────────────────────",
                "  Enable Filters                        [OFF]  ›",
                "  Sound                                   [OFF]",
                "  Licences                                     ›",
                "",
                "",
                "",
                "",
                " Space  switch   ↑↓  move   Enter  open",
            ])
        pilot.press(.enter)
        #expect(!toggle.isOn, "Enter follows the row's segue and leaves the switch")
        assertScreen(
            pilot.screenLines,
            equals: [
                "‹ Settings           Filters",
                "──────────────────────────────────────────────────",
                "",
                "  Which filters apply",
                "",
                "",
                "",
                "",
                "",
                " Esc  ‹ Settings   ?  help",
            ])
    }

    @Test func aRowWithASwitchAndNoSegueKeepsEnterForTheSwitch() throws {
        let (application, pilot) = try Self.launch()
        let sound = try #require(application.topViewController?.view.allViews.compactMap { $0 as? Switch }.last)
        pilot.press(.down)
        #expect(pilot.footerLine.hasPrefix(" Space  switch   ↑↓  move   ?  help"), "\(pilot.footerLine)")
        pilot.press(.enter)
        #expect(sound.isOn)
        pilot.press(.char(" "))
        #expect(!sound.isOn)
        #expect(application.topViewController?.title == "Settings")
    }

    @Test func aRowWithNothingBehindItSaysSoAndPromisesNoOpening() throws {
        let (application, pilot) = try Self.launch()
        pilot.press(.down, .down)
        pilot.press(.enter)
        #expect(application.topViewController?.title == "Settings")
        assertScreen(
            pilot.screenLines,
            equals: [
                "                     Settings",
                "──────────────────────────────────────────────────",
                "  Enable Filters                        [ ON]  ›",
                "  Sound                                   [OFF]",
                "  Licences                                     ›",
                "",
                "",
                "",
                "! no code for this row's selection",
                " ↑↓  move   ?  help   q  quit",
            ])
        // A click on the row says the same.
        pilot.click(on: "Licences")
        #expect(pilot.shows("no code for this row's selection"))
    }
}
