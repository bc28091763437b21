import Foundation
import Testing
import TestSupport
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

    // A ↓ looks at the next row in the cell the last frame drew for it, as that cell is now;
    // a row off screen, or rows given again by `reloadData()`, are asked of the data source.

    static func textCell(_ text: String) -> TableViewCell {
        let cell = TableViewCell(style: .basic, reuseIdentifier: nil)
        cell.textLabel?.text = text
        return cell
    }

    /// A row whose only view is an image view the app's code has not filled yet.
    static func blankCell() -> TableViewCell {
        let cell = TableViewCell(style: .custom, reuseIdentifier: nil)
        cell.contentView.addSubview(ImageView(id: "code", image: nil))
        return cell
    }

    /// The highlighted rows' texts, without the scroll indicator at their end.
    static func highlightedTexts(_ pilot: Pilot) -> [String] {
        highlighted(pilot).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │█")) }
    }

    @Test func downPassesOverABlankRowJustBelowTheScreen() throws {
        // Rows 1 to 6 fill the screen; the blank row and Row 8 are below it.
        let cells = (1...6).map { Self.textCell("Row \($0)") } + [Self.blankCell(), Self.textCell("Row 8")]
        let (fixture, _) = try HandMadeTable.launch(cells, size: Size(width: 30, height: 9))
        let pilot = fixture.pilot
        for _ in 1...5 { pilot.press(.down) }
        #expect(Self.highlightedTexts(pilot) == ["Row 6"], "\(pilot.screen)")
        pilot.press(.down)
        assertScreen(pilot.screenLines, equals: [
            "             Rows             ",
            "──────────────────────────────",
            " Row 3                       │",
            " Row 4                       │",
            " Row 5                       │",
            " Row 6                       │",
            "                             │",
            " Row 8                       █",
            " ↑↓  move   Enter  open       ",
        ])
        #expect(Self.highlightedTexts(pilot) == ["Row 8"], "\(pilot.screen)")
        pilot.press(.up)
        #expect(Self.highlightedTexts(pilot) == ["Row 6"], "\(pilot.screen)")
    }

    @Test func aRowIsLookedAtAsCodeLeftItSinceTheFrameOnScreen() throws {
        let cells = [Self.textCell("First"), Self.blankCell(), Self.textCell("Third")]
        let (fixture, _) = try HandMadeTable.launch(cells, size: Size(width: 30, height: 8))
        let pilot = fixture.pilot
        let image = try #require(cells[1].contentView.subviews.first as? ImageView)
        pilot.press(.down)
        #expect(Self.highlighted(pilot) == ["Third"], "\(pilot.screen)")
        // Filled after the frame on screen drew the row blank: ↑ lands on it.
        image.image = Image(named: "Code")
        pilot.press(.up)
        #expect(Self.highlighted(pilot).map { $0.contains("Code") } == [true], "\(pilot.screen)")
        // Emptied again after the frame drew it filled: ↓ passes over it from First.
        pilot.press(.up)
        image.image = nil
        pilot.press(.down)
        #expect(Self.highlighted(pilot) == ["Third"], "\(pilot.screen)")
    }

    @Test func afterAReloadTheRowsGivenAgainAreLookedAtNotTheCellsDrawnBefore() throws {
        let (fixture, table) = try HandMadeTable.launch(["First", "Second", "Third"].map(Self.textCell), size: Size(width: 30, height: 8))
        let pilot = fixture.pilot
        // The same rows given again by the data source, the second now blank: the frame on
        // screen still holds the cell that showed "Second".
        table.cells = [Self.textCell("First"), Self.blankCell(), Self.textCell("Third")]
        table.tableView?.reloadData()
        pilot.press(.down)
        assertScreen(pilot.screenLines, equals: [
            "             Rows             ",
            "──────────────────────────────",
            " First                        ",
            "                              ",
            " Third                        ",
            "                              ",
            "                              ",
            " ↑↓  move   Enter  open       ",
        ])
        #expect(Self.highlighted(pilot) == ["Third"], "\(pilot.screen)")
    }
}
