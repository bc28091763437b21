import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// A grid placed in a plain controller's view shows its prototypes once when no code gives it
/// a data source, as a table there shows its storyboard content (and as Interface Builder's
/// canvas shows them): a patrons' list under its heading reads "Patron name", not "No items".
@Suite struct AsDesignedGridTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="thanks">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController storyboardIdentifier="Thanks" title="Thanks" id="thanks" customClass="ThanksViewController" sceneMemberID="viewController">
                        <view key="view" id="thanksView">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <label text="Special thanks to:" id="heading"><rect key="frame" x="16" y="100" width="343" height="20"/></label>
                                <collectionView dataMode="prototypes" id="patrons"><rect key="frame" x="16" y="130" width="343" height="28"/>
                                    <cells>
                                        <collectionViewCell reuseIdentifier="PatronCell" id="patronCell">
                                            <rect key="frame" x="0.0" y="0.0" width="150" height="28"/>
                                            <collectionViewCellContentView key="contentView" id="patronContent">
                                                <rect key="frame" x="0.0" y="0.0" width="150" height="28"/>
                                                <subviews>
                                                    <label text="Patron name" id="patronName"><rect key="frame" x="0.0" y="0.0" width="150" height="28"/></label>
                                                </subviews>
                                            </collectionViewCellContentView>
                                        </collectionViewCell>
                                    </cells>
                                </collectionView>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func aGridInAPlainControllerShowsItsPrototypesWithoutCode() throws {
        let pilot = try Pilot.scene("Thanks", of: Self.xml, size: Size(width: 40, height: 8))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                 Thanks",
                "────────────────────────────────────────",
                "  Special thanks to:",
                "",
                " ╭────────────────╮",
                " │Patron name     │",
                " ╰────────────────╯",
                " ↑↓  move   Enter  open   ?  help",
            ])
    }

    /// A tab strip's tile: a globe icon (an image of its own, drawn as its name), the page's
    /// title and a close button, in a box of sixteen columns.
    static let tabStrip = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="tabs">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController storyboardIdentifier="Tabs" id="tabs" sceneMemberID="viewController">
                        <view key="view" id="tabsView">
                            <rect key="frame" x="0.0" y="0.0" width="800" height="40"/>
                            <subviews>
                                <collectionView dataMode="prototypes" id="strip"><rect key="frame" x="8" y="0.0" width="618" height="40"/>
                                    <cells>
                                        <collectionViewCell reuseIdentifier="Tab" id="tabCell">
                                            <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                                            <collectionViewCellContentView key="contentView" id="tabContent">
                                                <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                                                <subviews>
                                                    <imageView image="Globe" id="globe"><rect key="frame" x="12" y="12" width="16" height="16"/></imageView>
                                                    <label text="Website title" id="pageTitle"><rect key="frame" x="32" y="0.0" width="36" height="40"/></label>
                                                    <button title="Remove" id="remove"><rect key="frame" x="68" y="0.0" width="32" height="40"/></button>
                                                </subviews>
                                            </collectionViewCellContentView>
                                        </collectionViewCell>
                                    </cells>
                                </collectionView>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
            <resources><image name="Globe" width="16" height="16"/></resources>
        </document>
        """

    @Test func aTilesPictureNameGivesWayBeforeItsTitleIsCutToNothing() throws {
        let pilot = try Pilot.scene("Tabs", of: Self.tabStrip, size: Size(width: 40, height: 6))
        assertScreen(
            pilot.screenLines,
            equals: [
                "",
                " ╭────────────────╮",
                " │Webs… [ Remove ]│",
                " ╰────────────────╯",
                "",
                " ↑↓  move   Enter  open   ?  help",
            ])
    }
}
