import Flow
import Testing
import TestSupport
import TUI

/// A renderer draws a controller into any rectangle, and input is resolved against the
/// frame it returns: the ground a split view's columns and a popover's box stand on.
@Suite struct ComposedRenderingTests {
    static let rect = Rect(x: 14, y: 5, width: 46, height: 14)
    static let size = Size(width: 80, height: 24)

    static func fixture() -> PilotFixture {
        PilotFixture([
            Scene.navigation("N", root: "Grouped"),
            Gallery.tableScene("Grouped", title: "Settings", style: .grouped, sections: [
                TableSectionSpec(headerTitle: "Account", cells: [
                    Gallery.cell("name", .value1, "Name", detail: "Ada"), Gallery.cell("mail", .value1, "Email", detail: "ada@example.com"),
                ]),
            ], segues: [Segue.show("Form", from: .cell(id: "mail"))]),
            Gallery.form,
        ], initial: "N", size: size)
    }

    @Test func aNavigationControllerDrawnIntoARectangleAtAnOffset() throws {
        let fixture = Self.fixture()
        let navigation = try #require(fixture.application.rootViewController)
        let frame = ScreenRenderer.render(navigation, in: Self.rect, size: Self.size)
        assertSnapshot(frame.buffer.text, named: "composed-into-a-rectangle")
        // Nothing is drawn outside the rectangle, and every clickable region is inside it.
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width where !Self.rect.contains(Point(x: x, y: y)) {
                #expect(frame.buffer[x, y]?.character == " ", "cell (\(x), \(y)) is outside the rectangle")
            }
        }
        #expect(!frame.hits.isEmpty)
        #expect(frame.hits.allSatisfy { Self.rect.intersection($0.rect) == $0.rect })
        #expect(frame.topController === navigation.children.first)
        #expect(frame.bindings.contains { $0.command == .moveDown })
    }

    @Test func keysAndClicksAreResolvedAgainstTheFrameDrawn() throws {
        let fixture = Self.fixture()
        let navigation = try #require(fixture.application.rootViewController as? NavigationController)
        let shell = fixture.pilot.shell
        let frame = ScreenRenderer.render(navigation, in: Self.rect, size: Self.size)
        let table = try #require(navigation.topViewController?.view as? TableView)
        // ↓ moves the highlight, by the frame's bindings.
        shell.handle(.down, on: frame)
        #expect(table.selectedIndexPath == IndexPath(row: 1, section: 0))
        // A click where the frame drew "Email" (at the offset, not where a full screen
        // would have it) selects that row and fires its segue.
        let row = try #require(frame.buffer.lines.firstIndex { $0.contains("Email") })
        let column = try #require(frame.buffer.lines[row].range(of: "Email")).lowerBound
        let x = frame.buffer.lines[row].distance(from: frame.buffer.lines[row].startIndex, to: column)
        #expect(Self.rect.contains(Point(x: x, y: row)))
        shell.handle(.mouse(.click(Point(x: x, y: row))), on: frame)
        #expect(navigation.viewControllers.count == 2)
        #expect(fixture.application.navigationState.description == "Navigation[TableViewController \"Settings\" › ViewController \"Form\"]")
        // The same click on a whole-screen frame lands elsewhere: on nothing.
        let whole = ScreenRenderer.render(fixture.application, state: shell.state, size: Self.size)
        #expect(whole.hit(at: Point(x: x, y: row)) == nil)
    }
}
