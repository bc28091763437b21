import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// Texts of several lines inside tables, and what a scene holds for its code beside them:
/// a cell's description of `numberOfLines` 0 wraps onto the lines the cell's height gives
/// it, and so does a Basic cell's title; prototypes shown for want of code have the empty
/// state beneath them; a loading message laid over a table reads after the table's rows.
@Suite struct AsDesignedWrappingTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="plans">
            <scenes>
                <scene sceneID="s1"><objects>
                    <tableViewController storyboardIdentifier="Plans" title="Plans" id="plans" sceneMemberID="viewController">
                        <tableView key="view" dataMode="static" style="plain" id="plansTable">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <sections>
                                <tableViewSection id="tiers">
                                    <cells>
                                        <tableViewCell id="tier" rowHeight="212">
                                            <rect key="frame" x="0.0" y="0.0" width="414" height="212"/>
                                            <tableViewCellContentView key="contentView" id="tierContent">
                                                <rect key="frame" x="0.0" y="0.0" width="414" height="212"/>
                                                <subviews>
                                                    <label text="Single" id="tierName"><rect key="frame" x="10" y="20" width="394" height="30"/></label>
                                                    <label text="Explore the free tier by yourself with up to two dogs" numberOfLines="0" id="tierBlurb"><rect key="frame" x="10" y="57" width="394" height="37"/></label>
                                                    <label text="Pricing" id="priceTitle"><rect key="frame" x="10" y="104" width="394" height="24"/></label>
                                                    <label text="Free for ever! The same features as paid plans; only the family and dog limits differ." numberOfLines="0" id="priceBlurb"><rect key="frame" x="10" y="136" width="394" height="56"/></label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                        <tableViewCell style="IBUITableViewCellStyleDefault" textLabel="subject" id="subjectCell" rowHeight="82">
                                            <rect key="frame" x="0.0" y="212" width="414" height="82"/>
                                            <tableViewCellContentView key="contentView" id="subjectContent">
                                                <rect key="frame" x="0.0" y="0.0" width="414" height="82"/>
                                                <subviews>
                                                    <label text="When this is off, the queue starts the operations that are ready to run." numberOfLines="0" id="subject"><rect key="frame" x="20" y="0.0" width="374" height="82"/></label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                        <tableViewCell style="IBUITableViewCellStyleDefault" textLabel="oneLine" id="oneLineCell">
                                            <rect key="frame" x="0.0" y="294" width="414" height="44"/>
                                            <tableViewCellContentView key="contentView" id="oneLineContent">
                                                <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                                <subviews>
                                                    <label text="A title of one line is cut where the row ends, as on the device" id="oneLine"><rect key="frame" x="20" y="0.0" width="374" height="44"/></label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                            </sections>
                        </tableView>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController storyboardIdentifier="Directory" title="Directory" id="directory" customClass="DirectoryViewController" customModule="Chat" sceneMemberID="viewController">
                        <view key="view" id="directoryView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <subviews>
                                <tableView dataMode="prototypes" style="plain" rowHeight="44" id="people">
                                    <rect key="frame" x="0.0" y="92" width="414" height="804"/>
                                    <prototypes>
                                        <tableViewCell reuseIdentifier="Person" id="person">
                                            <rect key="frame" x="0.0" y="28" width="414" height="44"/>
                                            <tableViewCellContentView key="contentView" id="personContent">
                                                <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                                <subviews>
                                                    <label text="Full Name" id="personName"><rect key="frame" x="20" y="11" width="300" height="21"/></label>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </prototypes>
                                    <connections>
                                        <outlet property="dataSource" destination="directory" id="ds"/>
                                    </connections>
                                </tableView>
                            </subviews>
                        </view>
                        <connections>
                            <outlet property="noEntriesFoundView" destination="noEntries" id="o1"/>
                        </connections>
                    </viewController>
                    <view contentMode="scaleToFill" id="noEntries">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="120"/>
                        <subviews>
                            <label text="Type three letters of a name to search the directory" numberOfLines="0" id="hint"><rect key="frame" x="30" y="98" width="315" height="58"/></label>
                            <label text="No entries found" id="none"><rect key="frame" x="30" y="68" width="315" height="21"/></label>
                        </subviews>
                    </view>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController storyboardIdentifier="Suggestions" title="Suggestions" id="suggestions" sceneMemberID="viewController">
                        <view key="view" id="suggestionsView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="716"/>
                            <subviews>
                                <view id="loading">
                                    <rect key="frame" x="0.0" y="188" width="414" height="528"/>
                                    <subviews>
                                        <label text="Loading suggestions" textAlignment="center" id="loadingText"><rect key="frame" x="40" y="282" width="334" height="20"/></label>
                                    </subviews>
                                </view>
                                <tableView dataMode="static" style="plain" id="choices">
                                    <rect key="frame" x="0.0" y="188" width="414" height="528"/>
                                    <sections>
                                        <tableViewSection id="choiceSection">
                                            <cells>
                                                <tableViewCell style="IBUITableViewCellStyleDefault" textLabel="choice" id="choiceCell">
                                                    <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                                    <tableViewCellContentView key="contentView" id="choiceContent">
                                                        <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                                        <subviews>
                                                            <label text="Common raven" id="choice"><rect key="frame" x="20" y="0.0" width="374" height="44"/></label>
                                                        </subviews>
                                                    </tableViewCellContentView>
                                                </tableViewCell>
                                            </cells>
                                        </tableViewSection>
                                    </sections>
                                </tableView>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <viewController storyboardIdentifier="Tiers" title="Tiers" id="tiersScene" sceneMemberID="viewController">
                        <view key="view" id="tiersView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <subviews>
                                <scrollView id="tiersScroll">
                                    <rect key="frame" x="0.0" y="92" width="414" height="721"/>
                                    <subviews>
                                        <view id="tiersContent">
                                            <rect key="frame" x="0.0" y="0.0" width="414" height="900"/>
                                            <subviews>
                                                <label text="Options" textAlignment="center" id="optionsTitle"><rect key="frame" x="10" y="10" width="394" height="30"/></label>
                                                <tableView dataMode="static" style="plain" scrollEnabled="NO" id="tierTable">
                                                    <rect key="frame" x="0.0" y="50" width="414" height="300"/>
                                                    <sections>
                                                        <tableViewSection id="tierSection">
                                                            <cells>
                                                                <tableViewCell style="IBUITableViewCellStyleDefault" textLabel="free" id="freeCell">
                                                                    <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                                                    <tableViewCellContentView key="contentView" id="freeContent">
                                                                        <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                                                        <subviews><label text="Free" id="free"><rect key="frame" x="20" y="0.0" width="374" height="44"/></label></subviews>
                                                                    </tableViewCellContentView>
                                                                </tableViewCell>
                                                                <tableViewCell style="IBUITableViewCellStyleDefault" textLabel="family" id="familyCell">
                                                                    <rect key="frame" x="0.0" y="44" width="414" height="44"/>
                                                                    <tableViewCellContentView key="contentView" id="familyContent">
                                                                        <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                                                        <subviews><label text="Family" id="family"><rect key="frame" x="20" y="0.0" width="374" height="44"/></label></subviews>
                                                                    </tableViewCellContentView>
                                                                </tableViewCell>
                                                            </cells>
                                                        </tableViewSection>
                                                    </sections>
                                                </tableView>
                                                <label text="Trials are for your first purchase only." id="trialNote"><rect key="frame" x="10" y="370" width="394" height="40"/></label>
                                            </subviews>
                                        </view>
                                    </subviews>
                                </scrollView>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func labelsOfSeveralLinesInCellsWrapOntoTheLinesTheCellGivesThem() throws {
        let pilot = try Pilot.scene("Plans", of: Self.xml, size: Size(width: 50, height: 16))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                      Plans",
                "──────────────────────────────────────────────────",
                " Single",
                " Explore the free tier by yourself with up to two",
                " dogs",
                " Pricing",
                " Free for ever! The same features as paid plans;",
                " only the family and dog limits differ.",
                " When this is off, the queue starts the",
                " operations that are ready to run.",
                " A title of one line is cut where the row ends,…",
                "",
                "",
                "",
                "",
                " ↑↓  move   ?  help   q  quit",
            ])
    }

    /// Wider, the same texts take a line each: a cell is as tall as its texts need.
    @Test func aWiderTableGivesTheSameCellsFewerLines() throws {
        let pilot = try Pilot.scene("Plans", of: Self.xml, size: Size(width: 100, height: 10))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                                               Plans",
                "────────────────────────────────────────────────────────────────────────────────────────────────────",
                " Single",
                " Explore the free tier by yourself with up to two dogs",
                " Pricing",
                " Free for ever! The same features as paid plans; only the family and dog limits differ.",
                " When this is off, the queue starts the operations that are ready to run.",
                " A title of one line is cut where the row ends, as on the device",
                "",
                " ↑↓  move   ?  help   q  quit",
            ])
    }

    @Test func prototypesShownForWantOfCodeHaveTheEmptyStateBeneathThem() throws {
        let pilot = try Pilot.scene("Directory", of: Self.xml, size: Size(width: 44, height: 14))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                 Directory",
                "────────────────────────────────────────────",
                "",
                "  Full Name",
                "",
                "",
                "",
                "              No entries found",
                "",
                "   Type three letters of a name to search",
                "               the directory",
                "",
                "",
                " ↑↓  move   ?  help   q  quit",
            ])
    }

    /// A table that does not scroll, in a scroll view that scrolls for it, is as tall as its
    /// rows: the note below it follows them, instead of the table taking half the screen.
    @Test func aTableThatDoesNotScrollIsAsTallAsItsRows() throws {
        let pilot = try Pilot.scene("Tiers", of: Self.xml, size: Size(width: 44, height: 12))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                   Tiers",
                "────────────────────────────────────────────",
                "",
                "                  Options",
                "",
                "  Free",
                "  Family",
                "",
                "  Trials are for your first purchase only.",
                "",
                "",
                " ↑↓  move   ?  help   q  quit",
            ])
    }

    /// On a screen too short for the form, PgDn takes the highlight to the table's last row,
    /// and the page it then cannot turn scrolls the form.
    @Test func aPageTheTableCannotTurnScrollsTheForm() throws {
        let pilot = try Pilot.scene("Tiers", of: Self.xml, size: Size(width: 44, height: 7))
        #expect(!pilot.shows("Trials"), "\(pilot.screen)")
        pilot.press(.pageDown)
        #expect(!pilot.shows("Trials"), "the highlight moved to Family: \(pilot.screen)")
        pilot.press(.pageDown)
        assertScreen(
            pilot.screenLines,
            equals: [
                "                   Tiers",
                "────────────────────────────────────────────",
                "  Free                                     │",
                "  Family                                   │",
                "                                           │",
                "  Trials are for your first purchase only. █",
                " ↑↓  move   ?  help   q  quit",
            ])
    }

    @Test func aMessageLaidOverATableReadsAfterTheTablesRows() throws {
        let pilot = try Pilot.scene("Suggestions", of: Self.xml, size: Size(width: 40, height: 10))
        assertScreen(
            pilot.screenLines,
            equals: [
                "              Suggestions",
                "────────────────────────────────────────",
                "",
                "  Common raven",
                "",
                "",
                "",
                "",
                "          Loading suggestions",
                " ↑↓  move   ?  help   q  quit",
            ])
    }
}
