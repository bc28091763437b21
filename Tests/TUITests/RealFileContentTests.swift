import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// What real files put in places the core scenes do not: a title view in the bar, a back
/// item with its own title, rows of labels, navigation controllers whose root comes from
/// code, and the trace panel naming every kind of transition.
@Suite struct RealFileContentTests {
    /// A mail-like flow: an inbox whose bar holds a segmented control and whose back item is
    /// titled "Inbox"; a message with a row of labels; a compose sheet with Cancel and Send
    /// wired to code that is not registered; a custom segue to a navigation controller the
    /// file leaves empty; tabs.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="tabs">
            <scenes>
                <scene sceneID="s0"><objects>
                    <tabBarController id="tabs" sceneMemberID="viewController">
                        <tabBar key="tabBar" contentMode="scaleToFill" id="tb"/>
                        <connections>
                            <segue destination="nav" kind="relationship" relationship="viewControllers" id="t1"/>
                            <segue destination="codeNav" kind="relationship" relationship="viewControllers" id="t2"/>
                        </connections>
                    </tabBarController>
                </objects></scene>
                <scene sceneID="s1"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <tabBarItem key="tabBarItem" title="Mail" id="ti1"/>
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="nb"/>
                        <connections><segue destination="inbox" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <tableViewController id="inbox" customClass="InboxViewController" customModule="Mail" sceneMemberID="viewController">
                        <tableView key="view" dataMode="static" style="plain" id="tv">
                            <sections><tableViewSection id="sec"><cells>
                                <tableViewCell textLabel="l1" style="IBUITableViewCellStyleDefault" id="c1">
                                    <tableViewCellContentView key="contentView" id="cv1"><subviews>
                                        <label text="Lunch on Friday?" id="l1"/>
                                    </subviews></tableViewCellContentView>
                                    <connections><segue destination="message" kind="show" identifier="Open" id="g1"/></connections>
                                </tableViewCell>
                                <tableViewCell textLabel="l2" style="IBUITableViewCellStyleDefault" id="c2">
                                    <tableViewCellContentView key="contentView" id="cv2"><subviews>
                                        <label text="Settings" id="l2"/>
                                    </subviews></tableViewCellContentView>
                                    <connections><segue destination="settingsNav" kind="custom" customClass="LoadStoryboardSegue" customModule="Mail" identifier="Settings" id="g2"/></connections>
                                </tableViewCell>
                            </cells></tableViewSection></sections>
                        </tableView>
                        <navigationItem key="navigationItem" title="Mailboxes" id="ni1">
                            <barButtonItem key="backBarButtonItem" title="Inbox" id="back"/>
                            <barButtonItem key="rightBarButtonItem" systemItem="compose" id="composeItem">
                                <connections><segue destination="composeNav" kind="presentation" modalPresentationStyle="formSheet" identifier="Compose" id="g3"/></connections>
                            </barButtonItem>
                            <segmentedControl key="titleView" opaque="NO" contentMode="scaleToFill" segmentControlStyle="bar" selectedSegmentIndex="0" id="seg">
                                <rect key="frame" x="90" y="7" width="140" height="30"/>
                                <segments><segment title="All"/><segment title="Unread"/></segments>
                            </segmentedControl>
                        </navigationItem>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController title="Message" id="message" sceneMemberID="viewController">
                        <view key="view" id="mv"><subviews>
                            <label text="GUEST LIST" id="m1"><rect key="frame" x="16" y="100" width="40" height="21"/></label>
                            <label text="VERSION 2.4.1 (build 812)" id="m2"><rect key="frame" x="60" y="100" width="60" height="21"/></label>
                            <label text="Sent at 10:42 from the office" id="m3"><rect key="frame" x="130" y="100" width="70" height="21"/></label>
                        </subviews></view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <navigationController id="composeNav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="nb2"/>
                        <connections><segue destination="compose" kind="relationship" relationship="rootViewController" id="r2"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s5"><objects>
                    <viewController id="compose" customClass="ComposeViewController" customModule="Mail" sceneMemberID="viewController">
                        <view key="view" id="cv"><subviews>
                            <textField placeholder="Subject" id="subject"><rect key="frame" x="16" y="80" width="280" height="34"/></textField>
                        </subviews></view>
                        <navigationItem key="navigationItem" title="New Message" id="ni2">
                            <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="cancel">
                                <connections><action selector="cancelTapped:" destination="compose" id="a1"/></connections>
                            </barButtonItem>
                            <barButtonItem key="rightBarButtonItem" title="Send" style="done" id="send">
                                <connections><action selector="send:" destination="compose" id="a2"/></connections>
                            </barButtonItem>
                        </navigationItem>
                    </viewController>
                </objects></scene>
                <scene sceneID="s6"><objects>
                    <navigationController id="settingsNav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="nb3"/>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s7"><objects>
                    <navigationController id="codeNav" sceneMemberID="viewController">
                        <tabBarItem key="tabBarItem" title="Calendar" id="ti2"/>
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="nb4"/>
                    </navigationController>
                </objects></scene>
            </scenes>
        </document>
        """

    static func fixture(size: Size = Size(width: 60, height: 16)) throws -> (Application, Pilot) {
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Mail.storyboard")
        let application = Application()
        let storyboard = application.storyboard(document: loaded.document)
        let root = try #require(storyboard.instantiateInitialViewController())
        application.setRootViewController(root)
        return (application, Pilot(application: application, size: size))
    }

    @Test func theTitleViewIsDrawnInTheBarAndWorks() throws {
        let (_, pilot) = try Self.fixture()
        assertSnapshot(pilot.screen, named: "bar-title-view")
        #expect(pilot.screenLines.first?.contains("[All] Unread") == true)
        // It takes the focus after the table, and arrows choose a segment.
        pilot.press(.tab, .right)
        #expect(pilot.screenLines.first?.contains("All [Unread]") == true)
    }

    @Test func theBackItemTitleAndAWholeRowOfLabels() throws {
        let (_, pilot) = try Self.fixture(size: Size(width: 80, height: 16))
        pilot.press(.enter)
        assertSnapshot(pilot.screen, named: "back-item-and-label-row")
        #expect(pilot.screenLines.first?.hasPrefix("‹ Inbox") == true)
        for label in ["GUEST LIST", "VERSION 2.4.1 (build 812)", "Sent at 10:42 from the office"] {
            #expect(pilot.shows(label), "\(label) is cut short:\n\(pilot.screen)")
        }
    }

    @Test func cancelWithNoCodeClosesTheComposeSheet() throws {
        let (application, pilot) = try Self.fixture()
        pilot.press(.char("c"))
        #expect(pilot.shows("New Message"))
        #expect(application.presentationLayers.count == 2)
        pilot.press(.escape)
        #expect(application.presentationLayers.count == 1)
        #expect(pilot.shows("no code for cancelTapped: — closed the sheet"))
    }

    @Test func sendWithNoCodeClosesTheSheetToo() throws {
        let (application, pilot) = try Self.fixture()
        pilot.press(.char("c"))
        #expect(application.presentationLayers.count == 2)
        // Send is titled: its letter takes Alt while the subject field takes typing. Its
        // "done" style marks it as the button that confirms and closes.
        pilot.press(.alt("s"))
        #expect(application.presentationLayers.count == 1, "\(pilot.screen)")
        #expect(pilot.shows("no code for send: — closed the sheet"))
    }

    @Test func anEmptyNavigationControllerShowsItsBarAndEscLeavesIt() throws {
        let (application, pilot) = try Self.fixture()
        pilot.press(.down, .enter)
        #expect(application.presentationLayers.count == 2)
        assertSnapshot(pilot.screen, named: "navigation-root-from-code")
        #expect(pilot.shows("content is set up in code"))
        #expect(pilot.screenLines.last?.contains("Esc") == true)
        pilot.press(.escape)
        #expect(application.presentationLayers.count == 1)
        #expect(pilot.shows("Lunch on Friday?"))
    }

    @Test func anEmptyNavigationControllerAsATab() throws {
        let (_, pilot) = try Self.fixture()
        pilot.press(.char("2"))
        #expect(pilot.shows("content is set up in code"))
        pilot.press(.char("1"))
        #expect(pilot.shows("Lunch on Friday?"))
    }

    @Test func everyTransitionHeadsTheTracePanel() throws {
        let (_, pilot) = try Self.fixture(size: Size(width: 80, height: 24))
        pilot.shell.showsTrace = true
        func heading() -> String? {
            pilot.screenLines.first { $0.contains("What just happened") }
                .flatMap { line in pilot.screenLines.drop { $0 != line }.dropFirst().first }
        }
        pilot.press(.enter)
        #expect(heading()?.contains("show \"Open\": InboxViewController → ViewController \"Message\"") == true, "\(pilot.screen)")
        pilot.press(.escape)
        #expect(heading()?.contains("pop: ViewController \"Message\" → InboxViewController") == true, "\(pilot.screen)")
        pilot.press(.char("c"))
        pilot.press(.escape)
        #expect(heading()?.contains("fallback: ComposeViewController → InboxViewController — no code for cancel") == true, "\(pilot.screen)")
        pilot.press(.char("2"))
        #expect(heading()?.contains("tab: InboxViewController → NavigationController \"codeNav\"") == true, "\(pilot.screen)")
        pilot.press(.char("1"), .down, .enter, .escape)
        #expect(heading()?.contains("dismiss: NavigationController \"settingsNav\" → InboxViewController") == true, "\(pilot.screen)")
    }
}
