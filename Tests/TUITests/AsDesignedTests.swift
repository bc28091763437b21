import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// Scenes laid out as their designer drew them: cells of several lines in a list and in a
/// split view's primary column, a text view's lines, texts side by side, a centred button,
/// and a grid's section header. Each screen is compared whole.
@Suite struct AsDesignedTests {
    /// A chat list whose 60-point cell has the contact and a time on its first line and the
    /// last message and an unread count on its second; an article cell 100 points high with
    /// an image at the left; a split view showing the list as its primary column; a note
    /// with a text view of two paragraphs; a profile with side-by-side pairs and a centred
    /// button; a grid of themes under a header.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="chats">
            <scenes>
                <scene sceneID="s1"><objects>
                    <tableViewController storyboardIdentifier="Chats" id="chats" customClass="ChatsViewController" customModule="Chat" sceneMemberID="viewController">
                        <tableView key="view" dataMode="prototypes" style="plain" rowHeight="60" id="tv">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <prototypes>
                                <tableViewCell reuseIdentifier="Chat" rowHeight="60" id="chatCell">
                                    <rect key="frame" x="0.0" y="28" width="375" height="60"/>
                                    <tableViewCellContentView key="contentView" id="chatContent">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                                        <subviews>
                                            <label text="Chat with" id="name"><rect key="frame" x="16" y="8" width="250" height="21"/></label>
                                            <label text="Timestamp" textAlignment="right" id="time"><rect key="frame" x="280" y="8" width="79" height="21"/></label>
                                            <label text="Last message" id="last"><rect key="frame" x="16" y="32" width="280" height="20"/></label>
                                            <label text="3" textAlignment="center" id="badge"><rect key="frame" x="335" y="32" width="24" height="20"/></label>
                                        </subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                                <tableViewCell reuseIdentifier="Article" rowHeight="100" id="articleCell">
                                    <rect key="frame" x="0.0" y="88" width="375" height="100"/>
                                    <tableViewCellContentView key="contentView" id="articleContent">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                                        <subviews>
                                            <imageView image="thumbnail" id="thumb"><rect key="frame" x="16" y="10" width="80" height="80"/></imageView>
                                            <label text="Saving a storyboard for later" id="title"><rect key="frame" x="104" y="10" width="255" height="40"/></label>
                                            <label text="5 min" id="reading"><rect key="frame" x="104" y="56" width="60" height="16"/></label>
                                            <label text="example.org" id="site"><rect key="frame" x="104" y="76" width="200" height="16"/></label>
                                        </subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                        <navigationItem key="navigationItem" title="Chats" id="chatsItem"/>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <splitViewController storyboardIdentifier="Split" id="split" sceneMemberID="viewController">
                        <connections>
                            <segue destination="chats" kind="relationship" relationship="masterViewController" id="m1"/>
                            <segue destination="note" kind="relationship" relationship="detailViewController" id="d1"/>
                        </connections>
                    </splitViewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController storyboardIdentifier="Note" title="Note" id="note" sceneMemberID="viewController">
                        <view key="view" id="noteView">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <textView text="Dear reader,&#10;this note keeps its lines: the first ends at the comma and the second wraps where the words end." id="body">
                                    <rect key="frame" x="16" y="80" width="343" height="200"/>
                                </textView>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <viewController storyboardIdentifier="Profile" title="Profile" id="profile" sceneMemberID="viewController">
                        <view key="view" id="profileView">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <label text="Name" id="nameKey"><rect key="frame" x="16" y="100" width="60" height="21"/></label>
                                <label text="Ada Lovelace" textAlignment="right" id="nameValue"><rect key="frame" x="200" y="100" width="159" height="21"/></label>
                                <button title="Cancel" id="cancel"><rect key="frame" x="16" y="160" width="80" height="30"/></button>
                                <button title="Save" id="save"><rect key="frame" x="279" y="160" width="80" height="30"/></button>
                                <button title="Sign In" id="signIn"><rect key="frame" x="137" y="240" width="100" height="30"/></button>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s5"><objects>
                    <collectionViewController storyboardIdentifier="Themes" id="themes" sceneMemberID="viewController">
                        <collectionView key="view" dataMode="prototypes" id="grid">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <cells>
                                <collectionViewCell reuseIdentifier="Theme" id="themeCell">
                                    <rect key="frame" x="0.0" y="50" width="160" height="100"/>
                                    <view key="contentView" id="themeContent">
                                        <rect key="frame" x="0.0" y="0.0" width="160" height="100"/>
                                        <subviews><label text="Solarized" id="themeName"><rect key="frame" x="8" y="8" width="144" height="21"/></label></subviews>
                                    </view>
                                </collectionViewCell>
                            </cells>
                            <collectionReusableView key="sectionHeaderView" reuseIdentifier="header" id="themesHeader">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="50"/>
                                <subviews>
                                    <label text="Recent themes" id="recent"><rect key="frame" x="16" y="14" width="200" height="21"/></label>
                                    <button title="See All" id="seeAll"><rect key="frame" x="290" y="10" width="69" height="30"/></button>
                                </subviews>
                            </collectionReusableView>
                        </collectionView>
                    </collectionViewController>
                </objects></scene>
                <scene sceneID="s6"><objects>
                    <viewController storyboardIdentifier="Browser" title="Browser" id="browser" sceneMemberID="viewController">
                        <view key="view" id="browserView">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <label text="Public key" id="keyLabel"><rect key="frame" x="16" y="100" width="200" height="21"/></label>
                                <button title="Button" image="CopyIcon" id="copyKey">
                                    <rect key="frame" x="327" y="95" width="32" height="32"/>
                                    <accessibility key="accessibilityConfiguration" label="Copy public key to clipboard"/>
                                </button>
                                <view id="tile"><rect key="frame" x="16" y="160" width="100" height="64"/>
                                    <subviews>
                                        <label id="tileCaption"><rect key="frame" x="0.0" y="30" width="100" height="34"/>
                                            <accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility>
                                            <string key="text">My
        Location</string>
                                        </label>
                                    </subviews>
                                </view>
                                <button id="tileButton"><rect key="frame" x="16" y="160" width="100" height="64"/>
                                    <accessibility key="accessibilityConfiguration" label="My Location"/>
                                </button>
                                <label text="Tips keep this app free.&#10;You can give whenever you want to support the project and its future releases." id="tip">
                                    <rect key="frame" x="16" y="300" width="343" height="80"/>
                                </label>
                                <toolbar id="browserBar">
                                    <rect key="frame" x="0.0" y="618" width="375" height="49"/>
                                    <items>
                                        <barButtonItem title="Browse Back" image="BrowsePrevious" id="back"/>
                                        <barButtonItem style="plain" systemItem="flexibleSpace" id="space"/>
                                        <barButtonItem title="Browse Forward" image="BrowseNext" id="forward"/>
                                    </items>
                                </toolbar>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s7"><objects>
                    <viewController storyboardIdentifier="Account" title="Account" id="account" customClass="AccountViewController" customModule="Chat" sceneMemberID="viewController">
                        <view key="view" id="accountView">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <color key="backgroundColor" red="1" green="1" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    static func pilot(scene: String, size: Size) throws -> Pilot {
        try Pilot.scene(scene, of: xml, size: size)
    }

    @Test func aCellOfTwoRowsInTheFileIsTwoLines() throws {
        let pilot = try Self.pilot(scene: "Chats", size: Size(width: 60, height: 12))
        assertSnapshot(pilot.screen, named: "as-designed-chat-cells")
        let lines = pilot.screenLines
        let first = try #require(lines.firstIndex { $0.contains("Chat with") })
        #expect(lines[first].contains("Timestamp"), "\(pilot.screen)")
        #expect(lines[first + 1].contains("Last message") && lines[first + 1].contains("3"), "\(pilot.screen)")
        // The article's lines keep clear of its image's column, as the file draws them.
        let title = try #require(lines.firstIndex { $0.contains("Saving a storyboard for later") })
        let column = try #require(lines[title].range(of: "Saving")).lowerBound
        let reading = try #require(lines[title + 1].range(of: "5 min")).lowerBound
        #expect(lines[title].distance(from: lines[title].startIndex, to: column)
            == lines[title + 1].distance(from: lines[title + 1].startIndex, to: reading), "\(pilot.screen)")
        #expect(lines[title + 2].contains("example.org"), "\(pilot.screen)")
    }

    @Test func aSplitViewsPrimaryColumnKeepsItsCellsLines() throws {
        let pilot = try Self.pilot(scene: "Split", size: Size(width: 100, height: 16))
        assertSnapshot(pilot.screen, named: "as-designed-split-cells")
        let lines = pilot.screenLines
        let first = try #require(lines.firstIndex { $0.contains("Chat with") }, "\(pilot.screen)")
        #expect(lines[first + 1].contains("Last message"), "\(pilot.screen)")
        #expect(!pilot.screen.contains(" … "), "a text cut to nothing:\n\(pilot.screen)")
    }

    @Test func aTextViewBreaksAtItsNewlinesAndWraps() throws {
        let pilot = try Self.pilot(scene: "Note", size: Size(width: 40, height: 12))
        assertSnapshot(pilot.screen, named: "as-designed-text-view")
        #expect(!pilot.screen.contains("^J"), "\(pilot.screen)")
        let lines = pilot.screenLines
        let first = try #require(lines.firstIndex { $0.contains("Dear reader,") }, "\(pilot.screen)")
        #expect(lines[first + 1].contains("this note keeps its lines"), "\(pilot.screen)")
        #expect(lines.contains { $0.contains("words end.") }, "\(pilot.screen)")
    }

    @Test func pairsSideBySideShareARowAndALoneButtonIsCentred() throws {
        let pilot = try Self.pilot(scene: "Profile", size: Size(width: 60, height: 14))
        assertSnapshot(pilot.screen, named: "as-designed-profile")
        let lines = pilot.screenLines
        let pair = try #require(lines.first { $0.contains("Name") }, "\(pilot.screen)")
        #expect(pair.contains("Ada Lovelace"), "\(pilot.screen)")
        // The value is pinned to the right edge, as its frame ends at the view's margin.
        #expect(pair.trimmingCharacters(in: .whitespaces).hasSuffix("Ada Lovelace"))
        let buttons = try #require(lines.first { $0.contains("Cancel") }, "\(pilot.screen)")
        #expect(buttons.contains("Save"), "\(pilot.screen)")
        let signIn = try #require(lines.first { $0.contains("Sign In") }, "\(pilot.screen)")
        let left = signIn.prefix { $0 == " " }.count
        let right = signIn.reversed().prefix { $0 == " " }.count
        #expect(abs(left - right) <= 1, "not centred: |\(signIn)|")
    }

    @Test func imageItemsAndButtonsShowTheirTitlesAndLabelsNotAssetNamesOrPlaceholders() throws {
        let pilot = try Self.pilot(scene: "Browser", size: Size(width: 80, height: 14))
        assertSnapshot(pilot.screen, named: "as-designed-named-items")
        #expect(pilot.shows("Browse Back") && pilot.shows("Browse Forward"), "\(pilot.screen)")
        #expect(!pilot.shows("BrowsePrevious") && !pilot.shows("BrowseNext"), "\(pilot.screen)")
        #expect(pilot.shows("[ Copy public key to clipboard ]"), "\(pilot.screen)")
        #expect(!pilot.shows("[ Button ]"), "\(pilot.screen)")
        // The tile's caption, hidden from VoiceOver, is what its button says: shown once.
        #expect(pilot.shows("[ My Location ]") && !pilot.shows("Location ["), "\(pilot.screen)")
        // A label of several lines breaks at its newline and wraps at words.
        let lines = pilot.screenLines
        let tip = try #require(lines.firstIndex { $0.contains("Tips keep this app free.") }, "\(pilot.screen)")
        #expect(lines[tip + 1].hasPrefix("  You can give"), "\(pilot.screen)")
        #expect(!pilot.shows("^J"), "\(pilot.screen)")
    }

    @Test func theNoteOfAScenesCodeIsOnTheScenesOwnBackground() throws {
        let pilot = try Self.pilot(scene: "Account", size: Size(width: 60, height: 12))
        assertSnapshot(pilot.screen, named: "as-designed-code-filled-note")
        let buffer = try #require(pilot.terminal.lastFrame)
        let row = try #require(pilot.screenLines.firstIndex { $0.contains("comes from its code") }, "\(pilot.screen)")
        let column = try #require(pilot.screenLines[row].firstIndex { $0 != " " })
        let x = pilot.screenLines[row].distance(from: pilot.screenLines[row].startIndex, to: column)
        let note = try #require(buffer[x, row]?.style.background)
        let scene = try #require(buffer[1, row]?.style.background)
        #expect(note == scene, "the note's background \(note) is not the scene's \(scene)")
    }

    @Test func aGridsSectionHeaderIsDrawnAboveItsItems() throws {
        let pilot = try Self.pilot(scene: "Themes", size: Size(width: 60, height: 12))
        assertSnapshot(pilot.screen, named: "as-designed-grid-header")
        let lines = pilot.screenLines
        let header = try #require(lines.firstIndex { $0.contains("Recent themes") }, "\(pilot.screen)")
        #expect(lines[header].contains("See All"), "\(pilot.screen)")
        let item = try #require(lines.firstIndex { $0.contains("Solarized") }, "\(pilot.screen)")
        #expect(header < item)
    }
}
