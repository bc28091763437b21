import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// An alert's text fields: drawn in its box, typed into, Tab on to the buttons, a click back,
/// Enter from a field pressing the preferred button, and a screen reader hearing the field.
@Suite struct AlertTextFieldTests {
    static func signIn(_ pressed: @escaping (String) -> Void) -> AlertController {
        let alert = AlertController(title: "Sign in", message: nil)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addAction(.init(title: "Cancel", style: .cancel) { pressed("Cancel") })
        alert.addAction(.init(title: "Sign in") { [unowned alert] in pressed("Sign in as " + alert.textFields[0].text) })
        return alert
    }

    @Test func typingGoesToTheFieldAndTabGoesOnToTheButtons() throws {
        let fixture = PilotFixture([Scene.view("V", title: "Home")], initial: "V", size: Size(width: 44, height: 12))
        var pressed: [String] = []
        let alert = Self.signIn { pressed.append($0) }
        try #require(fixture.application.topViewController).present(alert)
        fixture.pilot.press(.resize)
        fixture.pilot.type("Ada")
        let screen = [
            "                    Home",
            "────────────────────────────────────────────",
            "       ╔════════════════════════════╗",
            "       ║          Sign in           ║",
            "       ║                            ║",
            "       ║ Ada                        ║",
            "       ║                            ║",
            "       ║  [ Cancel ]  [ Sign in ]   ║",
            "       ╚════════════════════════════╝",
            "", "",
            " Tab  next   Enter  press   Esc  cancel",
        ]
        assertScreen(fixture.pilot.screenLines, equals: screen)
        #expect(fixture.pilot.terminal.cursor == Point(x: 12, y: 5))
        // Tab: the keys go to Cancel, and letters are no longer text.
        fixture.pilot.press(.tab)
        assertScreen(fixture.pilot.screenLines, equals: screen)
        #expect(fixture.pilot.terminal.cursor == nil)
        #expect(fixture.pilot.shell.lastFrame.focusRect == Rect(x: 10, y: 7, width: 10, height: 1))
        fixture.pilot.press(.char("x"))
        #expect(alert.textFields[0].text == "Ada")
        #expect(fixture.pilot.click(on: "Ada"))
        fixture.pilot.type(" L")
        fixture.pilot.press(.enter)
        #expect(pressed == ["Sign in as Ada L"])
    }

    @Test func aScreenReaderHearsTheFieldThenTheButton() throws {
        let fixture = PilotFixture([Scene.view("V", title: "Home")], initial: "V", size: Size(width: 80, height: 24))
        fixture.application.isScreenReaderRunning = true
        try #require(fixture.application.topViewController).present(Self.signIn { _ in })
        fixture.pilot.press(.resize)
        #expect(Array(fixture.pilot.screenLines.suffix(3)) == [
            "Alert: Sign in. Name, text field, empty".padding(toLength: 80, withPad: " ", startingAt: 0),
            String(repeating: " ", count: 80),
            "Tab: next   Enter: press   Esc: cancel   Ctrl-C: quit".padding(toLength: 80, withPad: " ", startingAt: 0),
        ])
        fixture.pilot.press(.tab)
        #expect(fixture.pilot.screenLines.suffix(3).first == "Cancel, button, 1 of 2".padding(toLength: 80, withPad: " ", startingAt: 0))
        #expect(ScreenReaderCheck.violation(try #require(fixture.pilot.terminal.lastFrame), cursor: fixture.pilot.terminal.cursor) == nil)
    }
}
