import Testing
import TUI

/// Fails unless `lines` (a screen as drawn) equal `expected` cell for cell, naming the first
/// cell that differs: its column and row, what was expected there and what was drawn
/// (ratatui's `assert_buffer_eq`). Lines are compared as wide as the screen: an expected line
/// shorter than it stands for the line followed by spaces.
func assertScreen(_ lines: [String], equals expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    guard let difference = firstDifference(lines, expected) else { return }
    Issue.record(
        """
        screens differ first at column \(difference.column), row \(difference.row): expected \
        “\(difference.expected)”, drawn “\(difference.actual)”
        expected:
        \(expected.map { "│" + $0 + "│" }.joined(separator: "\n"))
        drawn:
        \(lines.map { "│" + $0 + "│" }.joined(separator: "\n"))
        """, sourceLocation: sourceLocation)
}

/// Where two screens first differ, row by row and column by column; nil when they are the
/// same. A missing cell reads as a space, a missing row as a row of spaces.
func firstDifference(_ lines: [String], _ expected: [String]) -> (column: Int, row: Int, expected: Character, actual: Character)? {
    for row in 0..<max(lines.count, expected.count) {
        let drawn = row < lines.count ? Array(lines[row]) : []
        let wanted = row < expected.count ? Array(expected[row]) : []
        for column in 0..<max(drawn.count, wanted.count) {
            let actual = column < drawn.count ? drawn[column] : " "
            let expectedCell = column < wanted.count ? wanted[column] : " "
            if actual != expectedCell { return (column, row, expectedCell, actual) }
        }
    }
    return nil
}

@Suite struct AssertScreenTests {
    @Test func theFirstDifferingCellIsNamedAndTrailingSpacesAreTheLineItself() {
        #expect(firstDifference(["ab  ", "cd"], ["ab", "cd  "]) == nil)
        let difference = firstDifference(["ab", "cX"], ["ab", "cd"])
        #expect(difference?.column == 1 && difference?.row == 1 && difference?.expected == "d" && difference?.actual == "X")
        #expect(firstDifference(["ab"], ["ab", "c"])?.row == 1)
    }

    @Test func theGalleryFormIsDrawnCellForCell() {
        let fixture = PilotFixture([Gallery.form], initial: "Form", size: Size(width: 40, height: 12))
        withExtendedLifetime(fixture) {
            assertScreen(
                fixture.pilot.screenLines,
                equals: [
                    "                  Form           Save ^S",
                    "────────────────────────────────────────",
                    "  Your name",
                    "  Volume   ━━━━━●──────────────── 0.25",
                    "  Wi-Fi                         [ ON]",
                    "  [−] 3 [+]",
                    "   Day [Night]",
                    "  [ Continue ]",
                    "",
                    "",
                    "",
                    " ^S  Save   Enter  Continue",
                ])
        }
    }
}
