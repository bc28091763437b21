import Flow
import Testing
import TestSupport
@testable import TUI

/// A table's footer view (`key="tableFooterView"`): a button under the rows, as apps put
/// "Archived chats" or "Load more" there.
@Suite struct TableFooterViewTests {
    static func scenes(rows: [(String, String)]) -> [ControllerSpec] {
        var list = Scene.table("Chats", rows: rows, segues: [Segue.show("Archive", from: .button(id: "archived"))])
        if case .table(var table)? = list.view?.kind {
            table.footerViewID = "archived"
            list.view?.kind = .table(table)
        }
        list.view?.subviews = [ViewSpec(id: "archived", kind: .button(title: "Archived chats"))]
        return [Scene.navigation("N", root: "Chats"), list, Scene.view("Archive")]
    }

    @Test func theFooterFollowsTheLastRowAndTakesTheFocusAfterTheTable() {
        let fixture = PilotFixture(Self.scenes(rows: [("a", "Ada"), ("b", "Grace")]), initial: "N", size: Size(width: 50, height: 12))
        let lines = fixture.pilot.screenLines
        let grace = lines.firstIndex { $0.contains("Grace") } ?? -1
        let footer = lines.firstIndex { $0.contains("[ Archived chats ]") } ?? -1
        #expect(grace >= 0 && footer == grace + 2, "\(fixture.pilot.screen)")
        #expect(fixture.pilot.shell.lastFrame.focusables.count == 2)
        fixture.pilot.press(.tab, .enter)
        #expect(fixture.application.topViewController?.title == "Archive", "the footer's button fires its segue")
    }

    @Test func aTableWithNoRowsStillShowsItsFooter() {
        let fixture = PilotFixture(Self.scenes(rows: []), initial: "N", size: Size(width: 50, height: 12))
        #expect(fixture.pilot.shows("No rows"))
        #expect(fixture.pilot.shows("[ Archived chats ]"))
    }
}
