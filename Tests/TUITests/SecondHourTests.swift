import Flow
import Foundation
import Testing
@testable import TUI

/// What a newcomer saw on screen in the second hour: labels with line breaks, a status
/// message over the toolbar, a list's columns drifting row by row, a number parted from its
/// unit at a line's end.
@Suite struct SecondHourTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Sh2-Nv-001">
            <scenes>
                <scene sceneID="Sh2-Sc-001">
                    <objects>
                        <navigationController toolbarHidden="NO" id="Sh2-Nv-001" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="Sh2-Nb-001"/>
                            <connections>
                                <segue destination="Sh2-Ar-001" kind="relationship" relationship="rootViewController" id="Sh2-Sg-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="Sh2-Sc-002">
                    <objects>
                        <viewController title="Article" id="Sh2-Ar-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Sh2-Vw-001">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                                <subviews>
                                    <label text="Harbour notes&#x2028;second line&#x2029;third line&#10;fourth line&#x202E;" numberOfLines="0" id="Sh2-Lb-001">
                                        <rect key="frame" x="16" y="80" width="343" height="100"/>
                                    </label>
                                    <label text="Tide table" id="Sh2-Lb-002">
                                        <rect key="frame" x="16" y="200" width="343" height="21"/>
                                    </label>
                                </subviews>
                            </view>
                            <toolbarItems>
                                <barButtonItem title="Read" id="Sh2-Bi-001">
                                    <connections><action selector="read:" destination="Sh2-Ar-001" id="Sh2-Ac-001"/></connections>
                                </barButtonItem>
                            </toolbarItems>
                            <navigationItem key="navigationItem" title="Article" id="Sh2-Ni-001"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// A static list of two rows of one shape: a name, a temperature and a date, laid out by
    /// the frames of its labels.
    static let list = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Sh3-Tv-001">
            <scenes>
                <scene sceneID="Sh3-Sc-001">
                    <objects>
                        <tableViewController title="Brews" id="Sh3-Tv-001" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="plain" id="Sh3-Tb-001">
                                <sections>
                                    <tableViewSection id="Sh3-Se-001">
                                        <cells>
                                            \(row("1", "Ethiopian Yirgacheffe", "203 °F (95 °C)", "2026-11-26 17:30"))
                                            \(row("2", "Kenya", "98 °F", "2026-11-25"))
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static func row(_ id: String, _ name: String, _ temperature: String, _ date: String) -> String {
        """
        <tableViewCell accessoryType="disclosureIndicator" id="Sh3-Ce-\(id)">
            <tableViewCellContentView key="contentView" id="Sh3-Cv-\(id)">
                <subviews>
                    <label text="\(name)" id="Sh3-Lb-\(id)a"><rect key="frame" x="20" y="11" width="140" height="21"/></label>
                    <label text="\(temperature)" id="Sh3-Lb-\(id)b"><rect key="frame" x="168" y="11" width="90" height="21"/></label>
                    <label text="\(date)" textAlignment="right" id="Sh3-Lb-\(id)c"><rect key="frame" x="262" y="11" width="90" height="21"/></label>
                </subviews>
            </tableViewCellContentView>
        </tableViewCell>
        """
    }

    static func launch(_ text: String, size: Size) throws -> (Application, Pilot) {
        let loaded = try StoryboardLoader.load(data: Data(text.utf8), fileName: "SecondHour.storyboard")
        let application = Application()
        _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
        return (application, Pilot(application: application, size: size))
    }

    @Test func aLabelBreaksItsLinesWhereTheDeviceBreaksThem() throws {
        let (_, pilot) = try Self.launch(Self.xml, size: Size(width: 60, height: 20))
        let lines = pilot.screenLines
        let first = try #require(lines.firstIndex { $0.contains("Harbour notes") }, "\(pilot.screen)")
        #expect(lines[first + 1].contains("second line"), "\(pilot.screen)")
        #expect(lines[first + 2].contains("third line"), "\(pilot.screen)")
        #expect(lines[first + 3].contains("fourth line"), "\(pilot.screen)")
        // Other control and format characters stay escaped.
        #expect(lines[first + 3].contains("<U+202E>"), "\(pilot.screen)")
        #expect(pilot.shows("Tide table"))
    }

    @Test func aStatusMessageTakesALineOfItsOwnAndNeverHidesTheToolbar() throws {
        let (_, pilot) = try Self.launch(Self.xml, size: Size(width: 60, height: 12))
        let before = pilot.screenLines
        let toolbar = try #require(before.firstIndex { $0.contains("Read") && !$0.contains("r  Read") }, "\(pilot.screen)")
        // The toolbar is the screens' last row, just above the footer.
        #expect(toolbar == before.count - 2, "\(pilot.screen)")
        pilot.press(.char("r"))
        let after = pilot.screenLines
        #expect(pilot.shows("! no code for read:"), "\(pilot.screen)")
        #expect(after.dropLast().contains { $0.contains("Read") && !$0.contains("no code") }, "the toolbar is still there: \(pilot.screen)")
    }

    @Test func aLongStatusMessageIsWrappedNotCut() throws {
        let lines = ScreenRenderer.statusLines(String(repeating: "word ", count: 30) + "end.", width: 40, room: 30)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(lines.last?.hasSuffix("end.") == true, "\(lines)")
    }

    @Test(arguments: [40, 50, 64, 80])
    func rowsOfOneShapeKeepTheirColumnsAtAnyWidth(width: Int) throws {
        let (_, pilot) = try Self.launch(Self.list, size: Size(width: width, height: 10))
        let lines = pilot.screenLines
        let first = try #require(lines.first { $0.contains("Ethiopian") }, "\(pilot.screen)")
        let second = try #require(lines.first { $0.contains("Kenya") }, "\(pilot.screen)")
        func column(of prefix: String, in line: String) throws -> Int {
            let range = try #require(line.range(of: prefix), "\(prefix) in \(line)")
            return line.distance(from: line.startIndex, to: range.lowerBound)
        }
        #expect(try column(of: "20", in: first) == column(of: "98", in: second), "\(pilot.screen)")
    }

    @Test func aNumberIsNeverPartedFromItsUnitAtALinesEnd() {
        let text = "House Blend, 200 °F (93 °C), 2026-11-27"
        for width in 8...30 {
            let lines = Wrap.lines(text, width: width)
            #expect(!lines.contains { $0.hasPrefix("°") }, "width \(width): \(lines)")
        }
    }

    /// Settings rows that open a screen but were drawn with `selectionStyle="none"`.
    static let settings = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Sh4-Nv-001">
            <scenes>
                <scene sceneID="Sh4-Sc-001">
                    <objects>
                        <navigationController id="Sh4-Nv-001" sceneMemberID="viewController">
                            <connections>
                                <segue destination="Sh4-Tv-001" kind="relationship" relationship="rootViewController" id="Sh4-Sg-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="Sh4-Sc-002">
                    <objects>
                        <tableViewController title="Settings" id="Sh4-Tv-001" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="grouped" id="Sh4-Tb-001">
                                <sections>
                                    <tableViewSection id="Sh4-Se-001">
                                        <cells>
                                            <tableViewCell selectionStyle="none" accessoryType="disclosureIndicator" textLabel="Sh4-Lb-001" style="IBUITableViewCellStyleDefault" id="Sh4-Ce-001">
                                                <tableViewCellContentView key="contentView" id="Sh4-Cv-001">
                                                    <subviews><label text="Theme" id="Sh4-Lb-001"/></subviews>
                                                </tableViewCellContentView>
                                                <connections>
                                                    <segue destination="Sh4-Th-001" kind="show" id="Sh4-Sg-002"/>
                                                </connections>
                                            </tableViewCell>
                                            <tableViewCell selectionStyle="none" textLabel="Sh4-Lb-002" style="IBUITableViewCellStyleDefault" id="Sh4-Ce-002">
                                                <tableViewCellContentView key="contentView" id="Sh4-Cv-002">
                                                    <subviews><label text="Version 2.1" id="Sh4-Lb-002"/></subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                            <navigationItem key="navigationItem" title="Settings" id="Sh4-Ni-001"/>
                        </tableViewController>
                    </objects>
                </scene>
                <scene sceneID="Sh4-Sc-003">
                    <objects>
                        <viewController title="Theme" id="Sh4-Th-001" sceneMemberID="viewController">
                            <view key="view" id="Sh4-Vw-001"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// In UIKit `selectionStyle` is only the look: the row is still selected and its segue
    /// fires. The focus shows on it all the same.
    @Test func aRowWithASegueFiresItWhateverItsSelectionStyleAndShowsTheFocus() throws {
        let (application, pilot) = try Self.launch(Self.settings, size: Size(width: 60, height: 12))
        let frame = try #require(pilot.terminal.lastFrame)
        let row = try #require(frame.lines.firstIndex { $0.contains("Theme") }, "\(pilot.screen)")
        let column = try #require(frame.lines[row].range(of: "Theme")).lowerBound
        let x = frame.lines[row].distance(from: frame.lines[row].startIndex, to: column)
        #expect(frame[x, row]?.style.attributes.contains(.reverse) == true, "the focused row is highlighted")
        pilot.press(.enter)
        #expect(application.topViewController?.displayTitle == "Theme", "\(pilot.screen)")
        pilot.press(.escape, .down)
        let moved = try #require(pilot.terminal.lastFrame)
        let version = try #require(moved.lines.firstIndex { $0.contains("Version 2.1") })
        let start = moved.lines[version].distance(from: moved.lines[version].startIndex, to: try #require(moved.lines[version].range(of: "Version")).lowerBound)
        #expect(moved[start, version]?.style.attributes.contains(.reverse) == true, "\(pilot.screen)")
    }

    /// A settings table whose rows hold controls, as a chat app's settings are made.
    static let controls = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Sh5-Tv-001">
            <scenes>
                <scene sceneID="Sh5-Sc-001">
                    <objects>
                        <tableViewController title="Chat" id="Sh5-Tv-001" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="grouped" id="Sh5-Tb-001">
                                <sections>
                                    <tableViewSection id="Sh5-Se-001">
                                        <cells>
                                            <tableViewCell selectionStyle="none" id="Sh5-Ce-001">
                                                <tableViewCellContentView key="contentView" id="Sh5-Cv-001">
                                                    <subviews>
                                                        <label text="Message carbons" id="Sh5-Lb-001"><rect key="frame" x="16" y="11" width="200" height="21"/></label>
                                                        <switch opaque="NO" on="YES" id="Sh5-Sw-001"><rect key="frame" x="300" y="6" width="51" height="31"/></switch>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell selectionStyle="none" id="Sh5-Ce-002">
                                                <tableViewCellContentView key="contentView" id="Sh5-Cv-002">
                                                    <subviews>
                                                        <label text="Lines" id="Sh5-Lb-002"><rect key="frame" x="16" y="11" width="200" height="21"/></label>
                                                        <stepper opaque="NO" value="2" minimumValue="1" maximumValue="5" id="Sh5-St-001"><rect key="frame" x="250" y="6" width="94" height="32"/></stepper>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell selectionStyle="none" id="Sh5-Ce-003">
                                                <tableViewCellContentView key="contentView" id="Sh5-Cv-003">
                                                    <subviews>
                                                        <label text="Rate" id="Sh5-Lb-003"><rect key="frame" x="16" y="11" width="60" height="21"/></label>
                                                        <slider opaque="NO" value="0.5" minValue="0" maxValue="1" id="Sh5-Sl-001"><rect key="frame" x="90" y="6" width="260" height="31"/></slider>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// A switch, a stepper and a slider in a table's rows work from the keyboard as they do
    /// in a form: the footer names their keys and a screen reader hears the new value.
    @Test func controlsInsideTableRowsWorkFromTheKeyboard() throws {
        let (application, pilot) = try Self.launch(Self.controls, size: Size(width: 70, height: 16))
        let view = try #require(application.topViewController?.view)
        let toggle = try #require(view.allViews.compactMap { $0 as? Switch }.first)
        let stepper = try #require(view.allViews.compactMap { $0 as? Stepper }.first)
        let slider = try #require(view.allViews.compactMap { $0 as? Slider }.first)
        let table = try #require(view as? TableView)

        #expect(pilot.screenLines.last?.contains("Space  switch") == true, "\(pilot.screen)")
        #expect(table.spoken(in: pilot.shell.lastFrame).role == "switch, row 1 of 3")
        #expect(table.spoken(in: pilot.shell.lastFrame).value == "on")
        pilot.press(.enter)
        #expect(!toggle.isOn)
        #expect(table.spoken(in: pilot.shell.lastFrame).value == "off", "a screen reader hears the new value")
        pilot.press(.char(" "))
        #expect(toggle.isOn)

        pilot.press(.down)
        #expect(pilot.screenLines.last?.contains("←→  step") == true, "\(pilot.screen)")
        pilot.press(.char("+"), .right)
        #expect(stepper.value == 4)
        pilot.press(.char("-"))
        #expect(stepper.value == 3)
        #expect(pilot.shows("[−] 3 [+]"), "\(pilot.screen)")

        pilot.press(.down)
        let before = slider.value
        pilot.press(.right)
        #expect(slider.value > before)
        pilot.press(.left, .left)
        #expect(slider.value < before)
        // ↑ and ↓ still move between the rows.
        pilot.press(.up)
        #expect(table.selectedIndexPath?.row == 1)
    }

    /// A toolbar of more buttons than free letters, as a reader app's article screen has.
    static let toolbar = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Sh6-Nv-001">
            <scenes>
                <scene sceneID="Sh6-Sc-001">
                    <objects>
                        <navigationController toolbarHidden="NO" id="Sh6-Nv-001" sceneMemberID="viewController">
                            <connections>
                                <segue destination="Sh6-Ar-001" kind="relationship" relationship="rootViewController" id="Sh6-Sg-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="Sh6-Sc-002">
                    <objects>
                        <viewController title="Article" id="Sh6-Ar-001" sceneMemberID="viewController">
                            <view key="view" id="Sh6-Vw-001"/>
                            <toolbarItems>
                                <barButtonItem title="Read" id="Sh6-Bi-001"><connections><action selector="read:" destination="Sh6-Ar-001" id="Sh6-Ac-001"/></connections></barButtonItem>
                                <barButtonItem title="Star" id="Sh6-Bi-002"><connections><action selector="star:" destination="Sh6-Ar-001" id="Sh6-Ac-002"/></connections></barButtonItem>
                                <barButtonItem title="Archive" id="Sh6-Bi-003"><connections><action selector="archive:" destination="Sh6-Ar-001" id="Sh6-Ac-003"/></connections></barButtonItem>
                                <barButtonItem image="tag" id="Sh6-Bi-004"><connections><action selector="tagTapped:" destination="Sh6-Ar-001" id="Sh6-Ac-004"/></connections></barButtonItem>
                                <barButtonItem image="trash" id="Sh6-Bi-005"><connections><action selector="deleteArticle:" destination="Sh6-Ar-001" id="Sh6-Ac-005"/></connections></barButtonItem>
                            </toolbarItems>
                            <navigationItem key="navigationItem" title="Article" id="Sh6-Ni-001"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// When the letters run out, one key lists the rest, and each can be pressed.
    @Test func everyBarButtonIsReachableWithAnOverflowKeyWhenLettersRunOut() throws {
        let (application, pilot) = try Self.launch(Self.toolbar, size: Size(width: 80, height: 14))
        let bindings = pilot.shell.lastFrame.bindings
        #expect(bindings.contains { $0.command == .barOverflow && $0.help == "more: tag, trash" }, "\(bindings.map(\.help))")
        pilot.press(.char("?"))
        #expect(pilot.shows("more: tag, trash"), "help lists it: \(pilot.screen)")
        pilot.press(.escape, .char("."))
        let sheet = try #require(application.topViewController as? AlertController, "\(pilot.screen)")
        #expect(sheet.actions.map(\.title) == ["tag", "trash", "Cancel"])
        #expect(pilot.shows("trash"))
        sheet.tapAction(titled: "trash")
        #expect(!(application.topViewController is AlertController))
        pilot.press(.resize)
        #expect(pilot.shows("no code for deleteArticle:"), "the button was pressed: \(pilot.screen)")
    }
}
