import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// A horizontal stack of vertical stacks is a row of columns, each drawn line under line as
/// the device lays it out: counts over their captions, a name over a handle beside an avatar.
@Suite struct AsDesignedColumnsTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="profile">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController storyboardIdentifier="Profile" title="Profile" id="profile" sceneMemberID="viewController">
                        <view key="view" id="profileView">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <subviews>
                                <stackView axis="horizontal" spacing="12" id="who">
                                    <rect key="frame" x="20" y="100" width="374" height="60"/>
                                    <subviews>
                                        <imageView image="person.crop.circle" catalog="system" id="avatar"><rect key="frame" x="0.0" y="0.0" width="60" height="60"/></imageView>
                                        <stackView axis="vertical" id="names">
                                            <rect key="frame" x="72" y="0.0" width="302" height="60"/>
                                            <subviews>
                                                <label text="Ada Lovelace" id="name"><rect key="frame" x="0.0" y="0.0" width="302" height="30"/></label>
                                                <label text="@ada" id="handle"><rect key="frame" x="0.0" y="30" width="302" height="30"/></label>
                                            </subviews>
                                        </stackView>
                                    </subviews>
                                </stackView>
                                <stackView axis="horizontal" distribution="fillEqually" id="counts">
                                    <rect key="frame" x="20" y="200" width="374" height="50"/>
                                    <subviews>
                                        <stackView axis="vertical" id="postsColumn">
                                            <rect key="frame" x="0.0" y="0.0" width="124" height="50"/>
                                            <subviews>
                                                <label text="12" textAlignment="center" id="posts"><rect key="frame" x="0.0" y="0.0" width="124" height="25"/></label>
                                                <label text="Posts" textAlignment="center" id="postsCaption"><rect key="frame" x="0.0" y="25" width="124" height="25"/></label>
                                            </subviews>
                                        </stackView>
                                        <stackView axis="vertical" id="followersColumn">
                                            <rect key="frame" x="124" y="0.0" width="124" height="50"/>
                                            <subviews>
                                                <label text="340" textAlignment="center" id="followers"><rect key="frame" x="0.0" y="0.0" width="124" height="25"/></label>
                                                <label text="Followers" textAlignment="center" id="followersCaption"><rect key="frame" x="0.0" y="25" width="124" height="25"/></label>
                                            </subviews>
                                        </stackView>
                                        <stackView axis="vertical" id="followingColumn">
                                            <rect key="frame" x="248" y="0.0" width="124" height="50"/>
                                            <subviews>
                                                <label text="80" textAlignment="center" id="following"><rect key="frame" x="0.0" y="0.0" width="124" height="25"/></label>
                                                <label text="Following" textAlignment="center" id="followingCaption"><rect key="frame" x="0.0" y="25" width="124" height="25"/></label>
                                            </subviews>
                                        </stackView>
                                    </subviews>
                                </stackView>
                                <label text="Joined in 1843" id="joined"><rect key="frame" x="20" y="280" width="374" height="21"/></label>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func aRowOfVerticalStacksIsARowOfColumns() throws {
        let pilot = try Pilot.scene("Profile", of: Self.xml, size: Size(width: 50, height: 14))
        assertScreen(
            pilot.screenLines,
            equals: [
                "                     Profile",
                "──────────────────────────────────────────────────",
                "",
                "  👤 Ada Lovelace",
                "     @ada",
                "",
                "         12             340               80",
                "       Posts         Followers         Following",
                "",
                "  Joined in 1843",
                "",
                "",
                "",
                " ?  help   q  quit",
            ])
    }
}
