import Foundation
import Testing
@testable import Flow
@testable import TUI

/// A row that shows nothing (its only view an image the app's code fills, a QR code) is passed
/// over by the highlight: Down never lands on a blank highlighted row.
@Suite struct BlankRowTests {
    /// A backup sheet, as a messenger's is made: a switch, the ID in a label, the QR code's
    /// empty image view, then a row to share it.
    static let backup = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" initialViewController="Bk1-Nv-001">
            <scenes>
                <scene sceneID="Bk1-Sc-001">
                    <objects>
                        <navigationController id="Bk1-Nv-001" sceneMemberID="viewController">
                            <connections>
                                <segue destination="Bk1-Tv-001" kind="relationship" relationship="rootViewController" id="Bk1-Sg-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="Bk1-Sc-002">
                    <objects>
                        <tableViewController title="Backup" id="Bk1-Tv-001" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="grouped" rowHeight="44" id="Bk1-Tb-001">
                                <sections>
                                    <tableViewSection id="Bk1-Se-001">
                                        <cells>
                                            <tableViewCell selectionStyle="none" id="Bk1-Ce-001">
                                                <tableViewCellContentView key="contentView" id="Bk1-Cv-001">
                                                    <subviews>
                                                        <label text="Include in backup" id="Bk1-Lb-001">
                                                            <rect key="frame" x="20" y="11" width="200" height="21"/>
                                                        </label>
                                                        <switch on="YES" id="Bk1-Sw-001">
                                                            <rect key="frame" x="320" y="6" width="51" height="31"/>
                                                        </switch>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell selectionStyle="none" id="Bk1-Ce-002">
                                                <tableViewCellContentView key="contentView" id="Bk1-Cv-002">
                                                    <subviews>
                                                        <label text="Your ID: XXXX-XXXX" id="Bk1-Lb-002">
                                                            <rect key="frame" x="20" y="11" width="300" height="21"/>
                                                        </label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell selectionStyle="none" id="Bk1-Ce-003">
                                                <tableViewCellContentView key="contentView" id="Bk1-Cv-003">
                                                    <subviews>
                                                        <imageView id="Bk1-Im-001">
                                                            <rect key="frame" x="107" y="12" width="200" height="20"/>
                                                        </imageView>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell selectionStyle="none" id="Bk1-Ce-004">
                                                <tableViewCellContentView key="contentView" id="Bk1-Cv-004">
                                                    <subviews>
                                                        <label text="Share your ID" id="Bk1-Lb-004">
                                                            <rect key="frame" x="20" y="11" width="300" height="21"/>
                                                        </label>
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

    static func launch(size: Size) throws -> (Application, Pilot) {
        let loaded = try StoryboardLoader.load(data: Data(backup.utf8), fileName: "Backup.storyboard")
        let application = Application()
        _ = try FlowDriver.launch(application.storyboard(document: loaded.document))
        return (application, Pilot(application: application, size: size))
    }

    /// The rows above the footer the highlight is on (a reversed cell at the row's first
    /// letter, or anywhere on a blank line).
    static func highlighted(_ pilot: Pilot) -> [String] {
        guard let frame = pilot.terminal.lastFrame else { return [] }
        return frame.lines.dropLast().enumerated().compactMap { row, line in
            guard let first = line.firstIndex(where: { $0 != " " }) else {
                // A blank line highlighted: any reversed cell on it.
                return (0..<frame.size.width).contains { frame[$0, row]?.style.attributes.contains(.reverse) == true } ? "(blank)" : nil
            }
            let x = line.distance(from: line.startIndex, to: first)
            return frame[x, row]?.style.attributes.contains(.reverse) == true ? line.trimmingCharacters(in: .whitespaces) : nil
        }
    }

    @Test func downPassesOverTheBlankRowAndStopsAtTheLastRowWithText() throws {
        let (_, pilot) = try Self.launch(size: Size(width: 40, height: 10))
        pilot.press(.down)
        #expect(Self.highlighted(pilot) == ["Your ID: XXXX-XXXX"], "\(pilot.screen)")
        pilot.press(.down)
        assertScreen(pilot.screenLines, equals: [
            "                 Backup                 ",
            "────────────────────────────────────────",
            "  Include in backup             [ ON]   ",
            "  Your ID: XXXX-XXXX                    ",
            "                                        ",
            "  Share your ID                         ",
            "                                        ",
            "                                        ",
            "                                        ",
            " ↑↓  move   ?  help   q  quit           ",
        ])
        #expect(Self.highlighted(pilot) == ["Share your ID"], "\(pilot.screen)")
        pilot.press(.up)
        #expect(Self.highlighted(pilot) == ["Your ID: XXXX-XXXX"], "\(pilot.screen)")
        pilot.press(.end)
        #expect(Self.highlighted(pilot) == ["Share your ID"], "\(pilot.screen)")
    }
}
