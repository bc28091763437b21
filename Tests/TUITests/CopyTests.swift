import Flow
import Testing
import TestSupport
import TUI

/// The copy key never lets a secure field's text out: a copy goes through the terminal's
/// output, where a recording or the scrollback would keep it.
@Suite struct CopyTests {
    @Test func aSecureFieldIsNeverCopiedAndThePlainOneIs() throws {
        let scene = ControllerSpec(
            id: "Login", kind: .viewController, storyboardIdentifier: "Login", title: "Sign In",
            navigationItem: NavigationItemSpec(title: "Sign In"),
            view: ViewSpec(id: "Login.view", kind: .view, subviews: [
                ViewSpec(id: "user", kind: .textField(text: "", placeholder: "Name", isSecure: false), frameOrigin: (20, 10)),
                ViewSpec(id: "password", kind: .textField(text: "", placeholder: "Password", isSecure: true), frameOrigin: (20, 50)),
            ]))
        let fixture = PilotFixture([Scene.navigation("N", root: "Login"), scene], initial: "N")
        let pilot = fixture.pilot
        pilot.type("ada")
        pilot.press(.ctrl("y"))
        #expect(pilot.terminal.clipboard == ["ada"])
        pilot.press(.tab)
        pilot.type("hunter2")
        #expect(!pilot.shell.lastFrame.bindings.contains { $0.command == .copy })
        pilot.press(.ctrl("y"))
        #expect(pilot.terminal.clipboard == ["ada"])
        #expect(!pilot.screen.contains("hunter2"))
    }
}
