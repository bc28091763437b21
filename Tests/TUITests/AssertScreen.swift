import Testing
import TestSupport
import TUI

/// Fails unless `lines` (a screen as drawn) equal `expected` cell for cell, naming the first
/// cell that differs: its column and row, what was expected there and what was drawn
/// (ratatui's `assert_buffer_eq`). Lines are compared as wide as the screen: an expected line
/// shorter than it stands for the line followed by spaces.
func assertScreen(_ lines: [String], equals expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if let problem = screenMismatch(lines, expected) { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
}

@Suite struct AssertScreenTests {
    @Test func theFirstDifferingCellIsNamedAndTrailingSpacesAreTheLineItself() {
        #expect(firstDifference(["ab  ", "cd"], ["ab", "cd  "]) == nil)
        let difference = firstDifference(["ab", "cX"], ["ab", "cd"])
        #expect(difference?.column == 1 && difference?.row == 1 && difference?.expected == "d" && difference?.actual == "X")
        #expect(firstDifference(["ab"], ["ab", "c"])?.row == 1)
    }

    @Test func aDateOfNowIsReadByItsShapeAndTheRestAsItIs() {
        let screen = " Kenya AA   203 °F   2026-11-28 23:14  ›\n Brewed 2026-01-02 03:04, 2026-01-02\n"
        #expect(Tmux.rows(of: screen, masking: Tmux.dateAndTime) == [
            " Kenya AA   203 °F   ####-##-## ##:##  ›", " Brewed ####-##-## ##:##, 2026-01-02",
        ])
        #expect(Tmux.rows(of: screen) == [" Kenya AA   203 °F   2026-11-28 23:14  ›", " Brewed 2026-01-02 03:04, 2026-01-02"])
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
