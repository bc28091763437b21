import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// A home screen labelled for VoiceOver in the shapes real storyboards use: buttons with a
/// label (and a hint) and no title or image at all, system buttons whose normal state sets
/// only a colour, image buttons that kept Xcode's placeholder title "Button", and a container
/// view with a label taken out of accessibility. Each element VoiceOver would stop on is
/// spoken by its label, in both modes' announcement and in the screen-reader mode's drawing.
@Suite struct LabelledElementsSpokenTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" initialViewController="Lbl-Vc-001">
            <scenes>
                <scene sceneID="Lbl-Sc-001">
                    <objects>
                        <viewController title="Home" id="Lbl-Vc-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Lbl-Vw-001">
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" showsTouchWhenHighlighted="YES" lineBreakMode="middleTruncation" id="Lbl-Bt-001">
                                        <rect key="frame" x="8" y="8" width="87.5" height="55.5"/>
                                        <accessibility key="accessibilityConfiguration" hint="Double tap to hear about your current location" label="My Location"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleCaption1"/>
                                        <inset key="titleEdgeInsets" minX="0.0" minY="30" maxX="20" maxY="0.0"/>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" lineBreakMode="middleTruncation" id="Lbl-Bt-002">
                                        <rect key="frame" x="108" y="8" width="87.5" height="55.5"/>
                                        <accessibility key="accessibilityConfiguration" hint="Double tap to hear about places in the four quadrants around you." label="Around Me"/>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="Lbl-Bt-003">
                                        <rect key="frame" x="8" y="80" width="120" height="120"/>
                                        <accessibility key="accessibilityConfiguration" label="Wake Up When I Leave"/>
                                        <state key="normal">
                                            <color key="titleColor" red="0.14" green="0.22" blue="0.40" alpha="1" colorSpace="calibratedRGB"/>
                                        </state>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="Lbl-Bt-004" userLabel="Wake Up Button">
                                        <rect key="frame" x="140" y="80" width="120" height="120"/>
                                        <accessibility key="accessibilityConfiguration" label="Wake Up Now"/>
                                        <state key="normal">
                                            <color key="titleColor" red="0.14" green="0.22" blue="0.40" alpha="1" colorSpace="calibratedRGB"/>
                                        </state>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="Lbl-Bt-005">
                                        <rect key="frame" x="8" y="220" width="44" height="44"/>
                                        <accessibility key="accessibilityConfiguration" label="Copy public key to clipboard"/>
                                        <state key="normal" title="Button" image="doc.on.doc" catalog="system"/>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="Lbl-Bt-006">
                                        <rect key="frame" x="60" y="220" width="44" height="44"/>
                                        <accessibility key="accessibilityConfiguration" label="Share"/>
                                        <buttonConfiguration key="configuration" style="plain" image="square.and.arrow.up" title="Button"/>
                                    </button>
                                </subviews>
                                <accessibility key="accessibilityConfiguration" label="Home Screen">
                                    <bool key="isElement" value="NO"/>
                                </accessibility>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// The labels, in Tab order, each with its hint when it has one.
    static let labels = [
        ("My Location", "Double tap to hear about your current location"),
        ("Around Me", "Double tap to hear about places in the four quadrants around you."),
        ("Wake Up When I Leave", nil), ("Wake Up Now", nil), ("Copy public key to clipboard", nil), ("Share", nil),
    ]

    static func launch(screenReader: Bool) throws -> Pilot {
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Home.storyboard")
        let application = Application()
        application.isScreenReaderRunning = screenReader
        _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
        return Pilot(application: application, size: Size(width: 80, height: 24))
    }

    @Test func everyLabelledElementIsAnnouncedByItsLabel() throws {
        for screenReader in [false, true] {
            let pilot = try Self.launch(screenReader: screenReader)
            var announced: [String] = []
            for _ in Self.labels {
                let frame = pilot.shell.lastFrame
                announced.append(Announcement.describe(try #require(frame.focused), frame: frame))
                pilot.press(.tab)
            }
            for (index, (label, hint)) in Self.labels.enumerated() {
                let expected = "\(label), button" + (hint.map { ". \($0)" } ?? "")
                #expect(announced[index] == expected, "\(screenReader ? "screen reader" : "plain"): \(announced[index])")
            }
            #expect(!announced.joined().contains("Button,"), "Xcode's placeholder title is never spoken")
            #expect(!announced.joined().contains("Home Screen"), "the container is not an element")
        }
    }

    @Test func theScreenReaderModeDrawsEachLabelWhereTheReaderReadsIt() throws {
        let pilot = try Self.launch(screenReader: true)
        for (label, _) in Self.labels {
            let cursor = try #require(pilot.terminal.cursor)
            let line = pilot.screenLines[cursor.y]
            #expect(String(line.dropFirst(cursor.x)).hasPrefix(label), "the line at the cursor: \(line)")
            pilot.press(.tab)
        }
        #expect(!pilot.shows("[ Button ]"), "\(pilot.screen)")
    }
}
