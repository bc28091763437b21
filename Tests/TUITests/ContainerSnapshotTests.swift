import Flow
import Testing
import TestSupport
import TUI

/// Containers drawn into parts of the screen: popovers pointing at their anchors or adapting
/// to sheets, container views holding containers and containers within containers, a title
/// view given a row of its own.
@Suite struct ContainerSnapshotTests {
    /// A note whose "Aa" bar button opens a formatting popover.
    static var popoverScenes: [ControllerSpec] {
        var note = Scene.view("Note", barItems: [.item("format", title: "Aa")])
        note.segues = [SegueSpec(
            id: "pop", identifier: "ShowFormatting", kind: .popover, destinationID: "FormatNav",
            owner: .barButtonItem(id: "format"), popoverAnchorID: "format")]
        note.view?.subviews = [ViewSpec(id: "body", kind: .label(text: "Groceries: apples, bread, coffee.", alignment: .natural, isBold: false))]
        return [
            Scene.navigation("N", root: "Note"), note,
            Scene.navigation("FormatNav", root: "Format"),
            Gallery.tableScene("Format", title: "Formatting", style: .plain, sections: [
                TableSectionSpec(cells: [Gallery.cell("body", .basic, "Body"), Gallery.cell("heading", .basic, "Heading")]),
            ]),
        ]
    }

    @Test func aPopoverPointsAtItsBarButtonOnAWideScreen() throws {
        let fixture = PilotFixture(Self.popoverScenes, initial: "N", size: Size(width: 120, height: 20))
        fixture.pilot.press(.char("a"))
        #expect(fixture.application.navigationState.description == "Navigation[ViewController \"Note\"] ⇒ popover Navigation[TableViewController \"Formatting\"]")
        assertSnapshot(fixture.pilot.screen, named: "popover-wide")
        let box = try #require(fixture.pilot.shell.lastFrame.popoverRect)
        // Right under the bar button, at the right edge, not centred as a sheet would be.
        #expect(box.y == 1 && box.maxX >= 118)
        // A click outside the popover dismisses it.
        fixture.pilot.click(x: 5, y: 10)
        #expect(fixture.application.presentationLayers.count == 1)
    }

    @Test func aPopoverIsASheetOnANarrowScreenAndFollowsAResize() throws {
        let fixture = PilotFixture(Self.popoverScenes, initial: "N", size: Size(width: 80, height: 20))
        fixture.pilot.press(.char("a"))
        assertSnapshot(fixture.pilot.screen, named: "popover-narrow")
        #expect(fixture.pilot.shell.lastFrame.popoverRect == nil)
        fixture.pilot.resize(width: 120, height: 20)
        #expect(fixture.pilot.shell.lastFrame.popoverRect != nil)
        fixture.pilot.press(.escape)
        #expect(fixture.application.presentationLayers.count == 1)
    }

    @Test func containerViewsDrawANavigationControllerAndANestedContainer() throws {
        var dashboard = Scene.view("Dashboard", containers: ["top", "bottom"], segues: [
            Segue.embed("ListNav", container: "top"), Segue.embed("Middle", container: "bottom"),
        ])
        dashboard.view?.subviews[0].frameOrigin = (0, 0)
        dashboard.view?.subviews[1].frameOrigin = (0, 200)
        var middle = Scene.view("Middle", title: "Summary", containers: ["inner"], segues: [Segue.embed("Leaf", container: "inner")])
        middle.view?.subviews.insert(ViewSpec(id: "m", kind: .label(text: "Outer child", alignment: .natural, isBold: false)), at: 0)
        var leaf = Scene.view("Leaf", title: "Inner")
        leaf.view?.subviews = [ViewSpec(id: "l", kind: .label(text: "Nested two deep", alignment: .natural, isBold: false))]
        let fixture = PilotFixture([
            Scene.navigation("N", root: "Dashboard"), dashboard,
            Scene.navigation("ListNav", root: "List"),
            Scene.table("List", title: "Recent", rows: [("a", "Alpha"), ("b", "Beta")]),
            middle, leaf,
        ], initial: "N", size: Size(width: 60, height: 30))
        assertSnapshot(fixture.pilot.screen, named: "container-views-nested")
        #expect(fixture.pilot.shows("Recent"))
        #expect(fixture.pilot.shows("Alpha"))
        #expect(fixture.pilot.shows("Nested two deep"))
        // The embedded table takes the focus and the keys of the screen that embeds it.
        #expect(fixture.pilot.shell.lastFrame.bindings.contains { $0.command == .moveDown })
    }

    @Test func aTitleViewTooWideForTheBarsMiddleGetsARowOfItsOwn() throws {
        var scene = Scene.view("Mail", barItems: [.item("compose", title: "Compose")], leftBarItems: [.item("edit", title: "Edit")])
        scene.navigationItem?.titleView = ViewSpec(
            id: "filter", kind: .segmentedControl(segments: ["All Mail", "Unread", "Flagged"], selectedIndex: 0))
        let fixture = PilotFixture([Scene.navigation("N", root: "Mail"), scene], initial: "N", size: Size(width: 48, height: 12))
        assertSnapshot(fixture.pilot.screen, named: "title-view-own-row")
        #expect(fixture.pilot.shows("[All Mail] Unread  Flagged"))
    }
}
