import Flow
import Foundation
import Testing
@testable import TUI

/// A toolbar item with a symbol and Xcode's placeholder title "Item" is named by one rule
/// everywhere: the footer, the bar and the screen reader all call it by its symbol (`tag`).
@Suite struct PlaceholderTitledItemTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Pti-Nv-001">
            <scenes>
                <scene sceneID="Pti-Sc-001">
                    <objects>
                        <navigationController toolbarHidden="NO" id="Pti-Nv-001" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="Pti-Nb-001"/>
                            <connections>
                                <segue destination="Pti-Vc-001" kind="relationship" relationship="rootViewController" id="Pti-Sg-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="Pti-Sc-002">
                    <objects>
                        <viewController title="Account" id="Pti-Vc-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Pti-Vw-001">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                                <subviews>
                                    <label text="Balance" id="Pti-Lb-001"><rect key="frame" x="16" y="80" width="300" height="21"/></label>
                                </subviews>
                            </view>
                            <toolbarItems>
                                <barButtonItem title="Item" image="tag" catalog="system" id="Pti-Bi-001"/>
                            </toolbarItems>
                            <navigationItem key="navigationItem" title="Account" id="Pti-Ni-001"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func theFooterTheBarAndTheReaderSayTheSameName() throws {
        for screenReader in [false, true] {
            let loaded = try StoryboardLoader.load(data: Data(Self.xml.utf8), fileName: "Account.storyboard")
            let application = Application()
            application.isScreenReaderRunning = screenReader
            _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
            let pilot = Pilot(application: application, size: Size(width: 50, height: 10))
            #expect(pilot.footerLine.contains("tag"), "\(pilot.screen)")
            #expect(!pilot.shows("Item"), "\(screenReader ? "screen reader" : "plain"): \(pilot.screen)")
        }
    }
}
