import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// More scenes laid out as their designer drew them: views in different boxes at the same
/// height in their own boxes are not side by side on the page.
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
            </scenes>
        </document>
        """

    static func pilot(scene: String, size: Size) throws -> Pilot {
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Patron.storyboard")
        let application = Application()
        let storyboard = application.storyboard(document: loaded.document)
        let root = try #require(try storyboard.instantiateViewController(withIdentifier: scene))
        application.setRootViewController(root)
        return Pilot(application: application, size: size)
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
}
