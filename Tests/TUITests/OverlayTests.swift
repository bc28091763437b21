import Flow
import Testing
import TestSupport
import TUI

/// Help, the overview and the trace panel fit any window: they use the width they have,
/// scroll instead of cutting, say how to close, and give way to content on small screens.
@Suite struct OverlayTests {
    static func fixture(size: Size) -> PilotFixture {
        PilotFixture([
            Scene.navigation("N", root: "List"),
            Scene.table("List", title: "Events", rows: (1...12).map { ("r\($0)", "Event \($0)") }, barItems: [.item("add", .add)],
                        segues: [Segue.show("Detail", from: .cell(id: "r1"))]),
            Scene.view("Detail", title: "Event"),
        ] + (1...10).map { Scene.view("Extra\($0)") }, initial: "N", size: size)
    }

    @Test func helpScrollsOnASmallScreenAndSaysHowToClose() throws {
        let pilot = Self.fixture(size: Size(width: 40, height: 12)).pilot
        pilot.press(.char("?"))
        #expect(pilot.shows("Keys — Esc closes"))
        #expect(pilot.shows("more, ↑↓ scroll"))
        let first = pilot.screen
        pilot.press(.down)
        #expect(pilot.shows("Keys — Esc closes"), "↓ closed the help instead of scrolling it")
        #expect(pilot.screen != first)
        #expect(pilot.shows("↑ 1 more"))
        pilot.press(.end)
        #expect(pilot.shows("wheel"))
        pilot.press(.escape)
        #expect(!pilot.shows("Keys — Esc closes"))
    }

    @Test func helpUsesTheWidthAndWrapsInsteadOfCutting() throws {
        let pilot = Self.fixture(size: Size(width: 100, height: 40)).pilot
        pilot.press(.char("?"))
        #expect(pilot.shows("click rows, buttons, bar buttons and tabs; the wheel scrolls lists"))
        let narrow = Self.fixture(size: Size(width: 44, height: 40)).pilot
        narrow.press(.char("?"))
        // Wrapped onto a second line, whole.
        #expect(narrow.shows("click rows, buttons, bar"))
        #expect(narrow.shows("scrolls lists"))
    }

    @Test func eachKeyOfAPairHasItsOwnWordInHelpAndThePairOneInTheFooter() throws {
        let pilot = Self.fixture(size: Size(width: 80, height: 30)).pilot
        #expect(pilot.screenLines.last?.contains("↑↓  move") == true)
        pilot.press(.char("?"))
        let lines = pilot.screenLines
        #expect(lines.contains { $0.contains("↑ k") && $0.contains(" up ") })
        #expect(lines.contains { $0.contains("↓ j") && $0.contains(" down ") })
        #expect(!lines.contains { $0.contains("↑ k") && $0.contains("move") })
    }

    @Test func theOverviewScrollsNamesItsMarksAndSaysHowToClose() throws {
        let pilot = Self.fixture(size: Size(width: 80, height: 14)).pilot
        pilot.press(.char("g"))
        #expect(pilot.shows("Esc closes"))
        #expect(pilot.shows("more, ↑↓ scroll"))
        pilot.press(.end)
        #expect(pilot.shows("Overview of"), "End closed the overview")
        #expect(pilot.shows("○ not made yet"))
        pilot.press(.escape)
        #expect(!pilot.shows("Overview of"))
    }

    @Test func theTracePanelGivesWayOnASmallScreenAndSaysWhy() throws {
        let pilot = Self.fixture(size: Size(width: 80, height: 10)).pilot
        pilot.press(.char("t"))
        #expect(!pilot.shows("What just happened"))
        #expect(pilot.shows("the trace shows when the window has 14 rows or more"))
        pilot.resize(width: 80, height: 24)
        #expect(pilot.shows("What just happened"))
    }
}
