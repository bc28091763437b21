import Flow
import Foundation
import Testing
import TestSupport

/// Real apps' scenes whose storyboard says little: tabs titled nowhere but in the outline,
/// and their names.
@Suite struct CodeFilledScenesTests {
    /// A tab bar whose tabs have neither a title nor an image label, as apps that set icons in
    /// code leave them; the designer named the scenes in the document outline.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Tb1-Ct-001">
            <scenes>
                <scene sceneID="Sc1-Tb-001">
                    <objects>
                        <tabBarController id="Tb1-Ct-001" customClass="AppTabBarController" customModule="App" sceneMemberID="viewController">
                            <connections>
                                <segue destination="Tb1-Nv-001" kind="relationship" relationship="viewControllers" id="Tb1-Sg-001"/>
                                <segue destination="Tb1-Vc-002" kind="relationship" relationship="viewControllers" id="Tb1-Sg-002"/>
                                <segue destination="Tb1-Vc-003" kind="relationship" relationship="viewControllers" id="Tb1-Sg-003"/>
                            </connections>
                        </tabBarController>
                    </objects>
                </scene>
                <scene sceneID="Sc1-Nv-001">
                    <objects>
                        <navigationController id="Tb1-Nv-001" userLabel="Explore" sceneMemberID="viewController">
                            <tabBarItem key="tabBarItem" title="" id="Tb1-It-001"/>
                            <connections>
                                <segue destination="Tb1-Vc-001" kind="relationship" relationship="rootViewController" id="Tb1-Sg-004"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="Sc1-Vc-001">
                    <objects>
                        <viewController id="Tb1-Vc-001" customClass="ExploreViewController" customModule="App" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Tb1-Vw-001">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="687"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="Sc1-Vc-002">
                    <objects>
                        <viewController id="Tb1-Vc-002" userLabel="Observe" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Tb1-Vw-002"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="Sc1-Vc-003">
                    <objects>
                        <viewController title="Me" id="Tb1-Vc-003" userLabel="Profile" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Tb1-Vw-003"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func aTabWithNoTitleIsNamedAsTheOutlineNamesItsScene() throws {
        let loaded = try StoryboardLoader.load(data: Data(Self.xml.utf8), fileName: "Tabs.storyboard")
        #expect(loaded.document.controller(id: "Tb1-Nv-001")?.userLabel == "Explore")
        let application = Application()
        let driver = try FlowDriver.launch(application.storyboard(document: loaded.document))
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        // The outline's name stands in for a missing title; a title still wins.
        #expect((0..<3).map { tabs.title(ofTab: $0) } == ["Explore", "Observe", "Me"])
    }
}
