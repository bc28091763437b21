import Flow
import Foundation
import Testing
import TestSupport
import TUI

/// Rows of a form as their designer drew them: a button level with a horizontal stack (a Done
/// across from a title and its icon) shares the stack's row rather than taking a row below.
@Suite struct AsDesignedRowsTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="photos">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController storyboardIdentifier="Photos" id="photos" sceneMemberID="viewController">
                        <view key="view" id="photosView">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <subviews>
                                <stackView spacing="10" id="titleStack">
                                    <rect key="frame" x="125" y="128" width="143" height="44"/>
                                    <subviews>
                                        <label text="Street photos" id="title"><rect key="frame" x="0.0" y="0.0" width="89" height="44"/></label>
                                        <button title="Info" id="info"><rect key="frame" x="99" y="0.0" width="44" height="44"/></button>
                                    </subviews>
                                </stackView>
                                <button title="Done" id="done"><rect key="frame" x="335" y="133" width="42" height="33"/></button>
                                <label text="Pictures you upload are shared under an open licence." id="note"><rect key="frame" x="20" y="577" width="353" height="40"/></label>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func aButtonLevelWithAStackSharesItsRow() throws {
        let pilot = try Pilot.scene("Photos", of: Self.xml, size: Size(width: 60, height: 8))
        assertScreen(
            pilot.screenLines,
            equals: [
                "",
                "  Street photos                          [ Info ] [ Done ]",
                "",
                "  Pictures you upload are shared under an open licence.",
                "",
                "",
                "",
                " Enter  press   Tab  next field   ?  help   q  quit",
            ])
    }
}
