import Foundation
import Testing
import TestSupport

extension EndToEnd.ServeEndToEndTests {
    /// A served session in the screen-reader mode, asked for by the real OpenSSH client with
    /// `SetEnv`, chosen on the launcher's row, or given to every session by `--screen-reader`.
    @Test func theClientTurnsOnTheScreenReaderModeWithSetEnvOrOnTheLauncher() throws {
        typealias Reader = EndToEnd.ScreenReaderEndToEndTests
        let server = try ServeProcess()
        let asked = try client(
            server, key: server.listedKey, extra: ["-o", "SetEnv=STORYBOARD_SCREEN_READER=1"], command: ["dailybuzz"])
        let screen = Reader.waitForFocus(on: "House Blend", announcing: "Daily Buzz, list, 6 rows. House Blend", in: asked)
        #expect(Reader.drawnLine(in: screen) == nil, "\(screen)")
        try asked.send("Down")
        Reader.waitForFocus(on: "Ethiopian Yirgacheffe", announcing: "Ethiopian Yirgacheffe", in: asked)

        // Another client, asking for nothing, gets the screens drawn as ever.
        let unasked = try client(server, key: server.listedKey, command: ["dailybuzz"])
        try unasked.waitForScreen(EndToEnd.DailyBuzzEndToEndTests.list, masking: Tmux.dateAndTime)

        // A value that does not ask for it is refused, and the session is drawn as ever.
        let refused = try client(
            server, key: server.listedKey, extra: ["-o", "SetEnv=STORYBOARD_SCREEN_READER=maybe"], command: ["dailybuzz"])
        try refused.waitForScreen(EndToEnd.DailyBuzzEndToEndTests.list, masking: Tmux.dateAndTime)

        // On the launcher, its row turns the mode on for the session.
        let launcher = try client(server, key: server.listedKey)
        try launcher.waitForScreen(Self.launcher)
        try launcher.send("Down", "Down", "Down", "Enter")
        let on = Reader.waitForFocus(on: "Screen reader mode", announcing: "Screen reader mode, On", in: launcher)
        #expect(Reader.drawnLine(in: on) == nil, "\(on)")
        try launcher.send("Up", "Up", "Up", "Enter")
        Reader.waitForFocus(on: "House Blend", announcing: "Daily Buzz, list, 6 rows", in: launcher)
        try launcher.send("Escape")
        Reader.waitForFocus(on: "Daily Buzz", announcing: "Storyboards, list, 4 rows. Daily Buzz", in: launcher)

        for tmux in [asked, unasked, refused, launcher] { try tmux.send("q") }
        for tmux in [asked, unasked, refused, launcher] { #expect(try sshExit(tmux) == 0) }
        // Only the value that asked for nothing was refused.
        #expect(server.log.components(separatedBy: "STORYBOARD_SCREEN_READER").count == 2, "\(server.log)")
        _ = try server.stop()

        // --screen-reader gives every session the mode.
        let everyone = try ServeProcess(arguments: ["--screen-reader"])
        let anyone = try client(everyone, key: everyone.listedKey, command: ["colorboard"])
        Reader.waitForFocus(on: "Red", announcing: "Colors, list, 4 rows. Red", in: anyone)
        try anyone.send("q")
        #expect(try sshExit(anyone) == 0)
    }
}
