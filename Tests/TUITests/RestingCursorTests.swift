import Flow
import Testing
import TestSupport
@testable import TUI

/// The terminal's cursor after each frame without the screen-reader mode: hidden, and left at
/// the start of the focused element, where a screen reader reading the line at the cursor
/// (tdsr after an arrow key, BRLTTY, Orca) reads it; never where the last write ended, a row
/// below the highlight.
@Suite struct RestingCursorTests {
    /// The rest of the row from the hidden cursor.
    static func atRestingCursor(_ app: AccessibleApp) -> String? {
        guard let point = app.pilot.terminal.restingCursor, app.pilot.screenLines.indices.contains(point.y) else { return nil }
        return String(app.pilot.screenLines[point.y].dropFirst(point.x))
    }

    @Test func theHiddenCursorRestsOnTheHighlightedRowAfterEachArrow() throws {
        let app = try AccessibleApp(screenReader: false)
        #expect(app.pilot.terminal.cursor == nil, "hidden")
        #expect(Self.atRestingCursor(app)?.hasPrefix("Kenya AA") == true, "\(String(describing: Self.atRestingCursor(app)))")
        for row in ["House Blend", "Decaf"] {
            app.pilot.press(.down)
            #expect(app.pilot.terminal.cursor == nil)
            #expect(Self.atRestingCursor(app)?.hasPrefix(row) == true, "\(row): \(String(describing: Self.atRestingCursor(app)))")
        }
        app.pilot.press(.up)
        #expect(Self.atRestingCursor(app)?.hasPrefix("House Blend") == true, "\(String(describing: Self.atRestingCursor(app)))")
    }

    @Test func theHiddenCursorRestsOnAFocusedControlAndOnAnOverlay() throws {
        let app = try AccessibleApp(screenReader: false)
        app.pilot.press(.char("2"))
        #expect(Self.atRestingCursor(app)?.hasPrefix("ON]") == true, "the switch: \(String(describing: Self.atRestingCursor(app)))")
        app.pilot.press(.char("?"))
        #expect(app.pilot.terminal.restingCursor == Point(x: 0, y: 0), "help takes the keys: its corner")
    }

    @Test func aShownCursorIsNotMovedToTheFocus() throws {
        let app = try AccessibleApp(screenReader: true)
        #expect(app.pilot.terminal.cursor != nil)
        #expect(app.pilot.terminal.restingCursor == nil, "the screen-reader mode shows its cursor on the focus")
    }
}
