import Flow
import Foundation
import Testing
@testable import TUI

/// An image view the app fills in code (a QR code) that the storyboard makes an
/// accessibility element with a label: VoiceOver reads it, so both modes show its label where
/// it lies, beside the account number it belongs to.
@Suite struct LabelledImageTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch">
            <scenes>
                <scene sceneID="Li1-Sc-001">
                    <objects>
                        <viewController title="Receive" storyboardIdentifier="Receive" id="Li1-Vc-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Li1-Vw-001">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                                <subviews>
                                    <label text="Account 4711 0815" id="Li1-Lb-001"><rect key="frame" x="16" y="80" width="300" height="21"/></label>
                                    <imageView contentMode="scaleAspectFit" id="Li1-Iv-001">
                                        <rect key="frame" x="16" y="120" width="200" height="200"/>
                                        <accessibility key="accessibilityConfiguration" label="QR code for account ID">
                                            <bool key="isElement" value="YES"/>
                                        </accessibility>
                                    </imageView>
                                    <imageView contentMode="scaleAspectFit" id="Li1-Iv-002">
                                        <rect key="frame" x="16" y="340" width="200" height="200"/>
                                    </imageView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func itsLabelIsShownAndReadWhereItLies() throws {
        for screenReader in [false, true] {
            let pilot = try Pilot.scene("Receive", of: Self.xml, size: Size(width: 40, height: 8), screenReader: screenReader)
            let expected = screenReader
                ? ["                Receive", "", "  Account 4711 0815", "", "  [QR code for account ID]", "", "Receive, screen", "?: help   q: quit"]
                : ["                Receive", "────────────────────────────────────────", "  Account 4711 0815", "", "  [QR code for account ID]", "", "", " ?  help   q  quit"]
            assertScreen(pilot.screenLines, equals: expected)
        }
    }
}
