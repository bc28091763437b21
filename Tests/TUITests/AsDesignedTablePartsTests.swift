import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// A table's parts laid out as their designer drew them: a header view holding a form of
/// its own (labels beside fields, a choice, a button) is drawn as that form above the rows;
/// a footer view's note too long for a line wraps; a custom cell's price, drawn at the side
/// between its two lines of text, sits beside the lower line it mostly shares.
@Suite struct AsDesignedTablePartsTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="rooms">
            <scenes>
                <scene sceneID="s1"><objects>
                    <tableViewController storyboardIdentifier="Rooms" title="Rooms" id="rooms" sceneMemberID="viewController">
                        <tableView key="view" dataMode="prototypes" style="plain" rowHeight="44" id="roomsTable">
                            <rect key="frame" x="0.0" y="0.0" width="600" height="600"/>
                            <view key="tableHeaderView" id="newRoom">
                                <rect key="frame" x="0.0" y="0.0" width="600" height="200"/>
                                <subviews>
                                    <label text="New room:" id="heading"><rect key="frame" x="8" y="0.0" width="584" height="40"/></label>
                                    <textField placeholder="(e.g. lunch)" id="nameField"><rect key="frame" x="109" y="48" width="483" height="30"/></textField>
                                    <label text="Name:" id="nameLabel"><rect key="frame" x="8" y="52" width="93" height="20"/></label>
                                    <textField placeholder="(e.g. #lunch:home)" id="aliasField"><rect key="frame" x="109" y="86" width="483" height="30"/></textField>
                                    <label text="Alias:" id="aliasLabel"><rect key="frame" x="8" y="90" width="86" height="20"/></label>
                                    <button title="Create" id="create"><rect key="frame" x="248" y="150" width="104" height="33"/></button>
                                </subviews>
                            </view>
                            <prototypes>
                                <tableViewCell reuseIdentifier="Room" textLabel="roomTitle" style="IBUITableViewCellStyleDefault" id="roomCell">
                                    <rect key="frame" x="0.0" y="0.0" width="600" height="44"/>
                                    <tableViewCellContentView key="contentView" id="roomContent">
                                        <subviews><label text="Kitchen" id="roomTitle"/></subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <tableViewController storyboardIdentifier="Settings" title="Settings" id="settings" sceneMemberID="viewController">
                        <tableView key="view" dataMode="static" style="plain" id="settingsTable">
                            <rect key="frame" x="0.0" y="0.0" width="600" height="600"/>
                            <view key="tableFooterView" id="footer">
                                <rect key="frame" x="0.0" y="100" width="600" height="87"/>
                                <subviews>
                                    <label text="When presenting, everything switched on is hidden and everything switched off stays." numberOfLines="2" id="note"><rect key="frame" x="15" y="22" width="570" height="32"/></label>
                                </subviews>
                            </view>
                            <sections>
                                <tableViewSection id="settingsSection">
                                    <cells>
                                        <tableViewCell textLabel="present" style="IBUITableViewCellStyleDefault" id="presentCell">
                                            <rect key="frame" x="0.0" y="0.0" width="600" height="44"/>
                                            <tableViewCellContentView key="contentView" id="presentContent">
                                                <subviews><label text="Presenting" id="present"/></subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                            </sections>
                        </tableView>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <tableViewController storyboardIdentifier="Orders" title="Orders" id="orders" sceneMemberID="viewController">
                        <tableView key="view" dataMode="static" style="plain" id="ordersTable">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="618"/>
                            <sections>
                                <tableViewSection id="ordersSection">
                                    <cells>
                                        <tableViewCell id="orderCell">
                                            <rect key="frame" x="0.0" y="0.0" width="375" height="86"/>
                                            <tableViewCellContentView key="contentView" id="orderContent">
                                                <rect key="frame" x="0.0" y="0.0" width="375" height="85.5"/>
                                                <subviews>
                                                    <label text="#12 Ada Lovelace" id="customer"><rect key="frame" x="16" y="16" width="228" height="17"/></label>
                                                    <label text="$75.40" textAlignment="right" id="price"><rect key="frame" x="252" y="33" width="90" height="20.5"/></label>
                                                    <label text="Processing" id="status"><rect key="frame" x="16" y="41" width="113" height="28.5"/></label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                            </sections>
                        </tableView>
                    </tableViewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func aHeaderViewHoldingAFormIsDrawnAsThatFormAboveTheRows() throws {
        let pilot = try Pilot.scene("Rooms", of: Self.xml, size: Size(width: 50, height: 20))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                      Rooms",
                "──────────────────────────────────────────────────",
                "  New room:",
                "",
                "  Name:    (e.g. lunch)",
                "",
                "  Alias:   (e.g. #lunch:home)",
                "",
                "                    [ Create ]",
                "",
                " Kitchen",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                " ↑↓  move   Tab  next field   ?  help   q  quit",
            ])
    }

    @Test func aHeaderFormInAShortTableKeepsItsRowsOneUnderAnotherAndLeavesHalfToTheRows() throws {
        let pilot = try Pilot.scene("Rooms", of: Self.xml, size: Size(width: 50, height: 12))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                      Rooms",
                "──────────────────────────────────────────────────",
                "  New room:",
                "  Name:    (e.g. lunch)",
                "  Alias:   (e.g. #lunch:home)",
                "                    [ Create ]",
                "",
                " Kitchen",
                "",
                "",
                "",
                " ↑↓  move   Tab  next field   ?  help   q  quit",
            ])
    }

    @Test func aFootersNoteTooLongForALineWraps() throws {
        let pilot = try Pilot.scene("Settings", of: Self.xml, size: Size(width: 50, height: 9))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                     Settings",
                "──────────────────────────────────────────────────",
                " Presenting",
                "",
                "  When presenting, everything switched on is",
                "  hidden and everything switched off stays.",
                "",
                "",
                " ↑↓  move   ?  help   q  quit",
            ])
    }

    @Test func aPriceBetweenTwoLinesSitsBesideTheLineItMostlyShares() throws {
        let pilot = try Pilot.scene("Orders", of: Self.xml, size: Size(width: 50, height: 7))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                      Orders",
                "──────────────────────────────────────────────────",
                " #12 Ada Lovelace",
                " Processing                                $75.40",
                "",
                "",
                " ↑↓  move   ?  help   q  quit",
            ])
    }
}
