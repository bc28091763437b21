import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// More scenes laid out as their designer drew them: views in different boxes at the same
/// height in their own boxes are not side by side on the page; a label of `numberOfLines`
/// 0 shows all its text, as the device grows it; an empty table shows the empty state its
/// scene holds for its code; a cell's bar drawn as a tall label with no text does not
/// fold its rows into one; a bar's title view of labels shows them in place of the title.
@Suite struct AsDesignedMoreTests {
    /// A patron screen: a speech bubble (a box holding a note 12 points down its box) above
    /// a badge row (a box holding a check mark and its caption 8 points down theirs). The
    /// origins are close in each box's coordinates, the boxes 200 points apart on the page.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="patron">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController storyboardIdentifier="Patron" title="Patron" id="patron" sceneMemberID="viewController">
                        <view key="view" id="patronView">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <view id="bubble"><rect key="frame" x="16" y="80" width="343" height="120"/>
                                    <subviews>
                                        <label text="Thanks for your support!" id="note"><rect key="frame" x="12" y="12" width="319" height="21"/></label>
                                    </subviews>
                                </view>
                                <view id="badge"><rect key="frame" x="16" y="280" width="343" height="58"/>
                                    <subviews>
                                        <button title="Check" id="check"><rect key="frame" x="8" y="8" width="42" height="42"/></button>
                                        <label text="You are a patron" id="caption"><rect key="frame" x="66" y="18" width="200" height="21"/></label>
                                    </subviews>
                                </view>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController storyboardIdentifier="Family" title="Family" id="family" sceneMemberID="viewController">
                        <view key="view" id="familyView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="667"/>
                            <subviews>
                                <label text="By creating a family, you will be designated as its head. The head can remove members." numberOfLines="0" id="grows"><rect key="frame" x="10" y="100" width="394" height="30"/></label>
                                <label text="A one-line label keeps to its line as the device cuts it short." id="oneLine"><rect key="frame" x="10" y="160" width="394" height="30"/></label>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <tableViewController storyboardIdentifier="Quality" title="Quality" id="quality" sceneMemberID="viewController">
                        <tableView key="view" dataMode="static" style="plain" id="qualityTable">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="667"/>
                            <sections>
                                <tableViewSection id="qualitySection">
                                    <cells>
                                        <tableViewCell rowHeight="80" id="qualityCell">
                                            <rect key="frame" x="0.0" y="0.0" width="414" height="80"/>
                                            <tableViewCellContentView key="contentView" id="qualityContent">
                                                <rect key="frame" x="0.0" y="0.0" width="414" height="80"/>
                                                <subviews>
                                                    <label text="" id="bar"><rect key="frame" x="26" y="10" width="15" height="58"/></label>
                                                    <stackView axis="vertical" id="grades">
                                                        <rect key="frame" x="20" y="11" width="374" height="58"/>
                                                        <subviews>
                                                            <label text="Needs ID" id="needs"><rect key="frame" x="0.0" y="0.0" width="374" height="14"/></label>
                                                            <stackView id="marks">
                                                                <rect key="frame" x="0.0" y="18" width="374" height="22"/>
                                                                <subviews>
                                                                    <label text="●" id="m1"><rect key="frame" x="0.0" y="0.0" width="22" height="22"/></label>
                                                                    <label text="○" id="m2"><rect key="frame" x="176" y="0.0" width="22" height="22"/></label>
                                                                </subviews>
                                                            </stackView>
                                                            <stackView id="names">
                                                                <rect key="frame" x="0.0" y="44" width="374" height="14"/>
                                                                <subviews>
                                                                    <label text="Casual Grade" id="casual"><rect key="frame" x="0.0" y="0.0" width="81" height="14"/></label>
                                                                    <label text="Research Grade" id="research"><rect key="frame" x="278" y="0.0" width="96" height="14"/></label>
                                                                </subviews>
                                                            </stackView>
                                                        </subviews>
                                                    </stackView>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                            </sections>
                        </tableView>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s5"><objects>
                    <viewController storyboardIdentifier="Room" title="Channel Controller" id="room" customClass="ChannelViewController" customModule="Chat" sceneMemberID="viewController">
                        <view key="view" id="roomView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="808"/>
                            <subviews><label text="Hello" id="hello"><rect key="frame" x="16" y="100" width="200" height="21"/></label></subviews>
                        </view>
                        <navigationItem key="navigationItem" id="roomItem">
                            <view key="titleView" id="roomTitle" customClass="ChannelTitleView" customModule="Chat">
                                <rect key="frame" x="79" y="2" width="255" height="40"/>
                                <subviews>
                                    <stackView axis="vertical" id="roomTitleStack">
                                        <rect key="frame" x="0.0" y="4" width="255" height="32"/>
                                        <subviews>
                                            <label text="Room name" id="roomName"><rect key="frame" x="0.0" y="0.0" width="255" height="17"/></label>
                                            <label text="Offline" id="roomStatus"><rect key="frame" x="0.0" y="17" width="255" height="15"/></label>
                                        </subviews>
                                    </stackView>
                                </subviews>
                            </view>
                        </navigationItem>
                    </viewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <tableViewController storyboardIdentifier="Contacts" title="Contacts" id="contacts" customClass="ContactsViewController" customModule="Chat" sceneMemberID="viewController">
                        <tableView key="view" dataMode="prototypes" style="plain" rowHeight="44" id="contactsTable">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        </tableView>
                        <connections>
                            <outlet property="countFooterView" destination="countView" id="o1"/>
                            <outlet property="noContactsView" destination="emptyView" id="o2"/>
                        </connections>
                    </tableViewController>
                    <view contentMode="scaleToFill" id="countView">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                        <subviews><label text="X contacts" id="count"><rect key="frame" x="26" y="12" width="323" height="21"/></label></subviews>
                    </view>
                    <view contentMode="scaleToFill" id="emptyView">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="160"/>
                        <subviews>
                            <label text="Add contacts with the + button, or turn on synchronization." numberOfLines="0" id="emptyMessage"><rect key="frame" x="30" y="80" width="315" height="58"/></label>
                            <label text="No contacts" id="emptyTitle"><rect key="frame" x="30" y="50" width="315" height="21"/></label>
                        </subviews>
                    </view>
                </objects></scene>
            </scenes>
        </document>
        """

    static func pilot(scene: String, size: Size) throws -> Pilot {
        try Pilot.scene(scene, of: xml, size: size)
    }

    @Test func viewsInDifferentBoxesAtTheSameHeightInTheirBoxesAreNotSideBySide() throws {
        let pilot = try Self.pilot(scene: "Patron", size: Size(width: 50, height: 10))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                      Patron",
                "──────────────────────────────────────────────────",
                "",
                "  Thanks for your support!",
                "",
                "  [ Check ] You are a patron",
                "",
                "",
                "",
                " Enter  press   ?  help   q  quit",
            ])
    }

    @Test func aLabelOfNumberOfLinesZeroShowsAllItsText() throws {
        let pilot = try Self.pilot(scene: "Family", size: Size(width: 40, height: 12))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                 Family",
                "────────────────────────────────────────",
                "",
                "  By creating a family, you will be",
                "  designated as its head. The head can",
                "  remove members.",
                "",
                "  A one-line label keeps to its…",
                "",
                "",
                "",
                " ?  help   q  quit",
            ])
    }

    @Test func anEmptyTableShowsTheEmptyStateItsSceneHoldsForItsCode() throws {
        let pilot = try Self.pilot(scene: "Contacts", size: Size(width: 40, height: 12))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                Contacts",
                "────────────────────────────────────────",
                "",
                "",
                "",
                "              No contacts",
                "",
                "   Add contacts with the + button, or",
                "        turn on synchronization.",
                "",
                "",
                " ?  help   q  quit",
            ])
    }

    @Test func aCellsBarDrawnAsATallLabelWithNoTextLeavesItsRowsApart() throws {
        let pilot = try Self.pilot(scene: "Quality", size: Size(width: 50, height: 8))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                     Quality",
                "──────────────────────────────────────────────────",
                " Needs ID",
                " ●                        ○",
                " Casual Grade                      Research Grade",
                "",
                "",
                " ↑↓  move   ?  help   q  quit",
            ])
    }

    @Test func aTitleViewOfLabelsShowsThemInPlaceOfTheTitle() throws {
        let pilot = try Self.pilot(scene: "Room", size: Size(width: 40, height: 7))
        assertScreen(
            pilot.screenLines,
            equals: [
                "          Room name · Offline",
                "────────────────────────────────────────",
                "",
                "  Hello",
                "",
                "",
                " ?  help   q  quit",
            ])
    }
}
