import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The screen-reader mode in a real terminal (tmux): the terminal's own cursor shown and on
    /// the focused element after each key, where a screen reader's review cursor and a braille
    /// display follow it; the announcement naming it; and no box-drawing or block character
    /// on any screen of the bundled storyboards.
    @Suite struct ScreenReaderEndToEndTests {
        let app: TerminalApp

        init() throws {
            app = try TerminalApp()
        }

        static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/Accessible.storyboard").path

        /// What tmux says of the pane's cursor: where it is, and whether it is shown.
        static func cursor(_ tmux: Tmux) throws -> (x: Int, y: Int, shown: Bool)? {
            let output = try tmux.command(["display-message", "-p", "-t", tmux.session, "#{cursor_x} #{cursor_y} #{cursor_flag}"]).output
            let parts = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            return (parts[0], parts[1], parts[2] == 1)
        }

        /// Polls until the announcement (the two rows above the footer) says `announcement` and
        /// the cursor is shown on the start of `text`; fails with the last screen and cursor.
        @discardableResult
        static func waitForFocus(on text: String, announcing announcement: String, in tmux: Tmux) -> String {
            let deadline = Date().addingTimeInterval(15)
            var screen = ""
            var seen: (x: Int, y: Int, shown: Bool)?
            repeat {
                screen = (try? tmux.capture()) ?? ""
                seen = try? cursor(tmux)
                let lines = TerminalApp.lines(of: screen)
                if let seen, seen.shown, lines.indices.contains(seen.y), announced(in: screen).hasPrefix(announcement),
                    String(lines[seen.y].dropFirst(seen.x)).hasPrefix(text)
                {
                    return screen
                }
                usleep(20_000)
            } while Date() < deadline
            Issue.record("no cursor on \"\(text)\" with \"\(announcement)\"; cursor \(String(describing: seen)), screen:\n\(screen)")
            return screen
        }

        /// The announcement's rows (the two above the footer), as one text.
        static func announced(in screen: String) -> String {
            var lines = TerminalApp.lines(of: screen)
            while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
            return lines.dropLast().suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .joined(separator: " ")
        }

        /// The first box-drawing or block character on `screen`, with its row.
        static func drawnLine(in screen: String) -> String? {
            for line in TerminalApp.lines(of: screen) where line.unicodeScalars.contains(where: { (0x2500...0x259F).contains($0.value) }) {
                return line
            }
            return nil
        }

        @Test func theCursorIsOnTheFocusedElementAfterEachArrowAndTheAnnouncementNamesIt() throws {
            let tmux = try app.launch("run \(Self.fixture) --screen-reader")
            Self.waitForFocus(on: "Kenya AA", announcing: "Brews, tab 1 of 2, list, 3 rows. Kenya AA, brewed at 203 degrees", in: tmux)
            try tmux.send("Down")
            Self.waitForFocus(on: "House Blend", announcing: "House Blend, row 2 of 3, selected", in: tmux)
            try tmux.send("Down")
            Self.waitForFocus(on: "Decaf", announcing: "Decaf, row 3 of 3. Not brewed yet.", in: tmux)
            try tmux.send("Up")
            Self.waitForFocus(on: "House Blend", announcing: "House Blend, row 2 of 3", in: tmux)
            try tmux.send("2")
            let settings = Self.waitForFocus(on: "on]", announcing: "Settings, tab 2 of 2, form, 5 controls. Sound effects, switch, on", in: tmux)
            #expect(Self.drawnLine(in: settings) == nil, "\(settings)")
            try tmux.send("Tab")
            Self.waitForFocus(on: "0.50 (0.00 to 1.00)", announcing: "Brew strength, slider, 0.50", in: tmux)
            try tmux.send("Right")
            Self.waitForFocus(on: "0.51", announcing: "Brew strength, slider, 0.51", in: tmux)
            try tmux.send("Left")
            Self.waitForFocus(on: "0.50", announcing: "Brew strength, slider, 0.50", in: tmux)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        @Test func theEnvironmentTurnsItOnAndWithoutItTheCursorHidesAndLinesAreDrawn() throws {
            let tmux = try app.launch("run dailybuzz --fresh", environment: ["STORYBOARD_SCREEN_READER": "1"])
            let screen = Self.waitForFocus(on: "House Blend", announcing: "Daily Buzz, list, 6 rows. House Blend", in: tmux)
            #expect(Self.drawnLine(in: screen) == nil, "\(screen)")
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
            // Without the variable or the flag: lines drawn, no announcement, the cursor hidden.
            let plain = try app.launch("run dailybuzz --fresh")
            try plain.waitForScreen(DailyBuzzEndToEndTests.list, masking: Tmux.dateAndTime)
            try plain.waitFor("the cursor hidden") { _ in (try? Self.cursor(plain))?.shown == false }
            try plain.send("q")
            #expect(try app.waitForExit(plain) == 0)
        }

        @Test func theModeIsRememberedUntilItIsTurnedOffOnTheLauncher() throws {
            let config = NSTemporaryDirectory() + "storyboard-e2e-config-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: config) }
            let environment = ["XDG_CONFIG_HOME": config]
            // The flag is for its run: nothing is kept.
            let once = try app.launch("run dailybuzz --fresh --screen-reader", environment: environment)
            Self.waitForFocus(on: "House Blend", announcing: "Daily Buzz, list, 6 rows. House Blend", in: once)
            try once.send("q")
            #expect(try app.waitForExit(once) == 0)
            #expect(!FileManager.default.fileExists(atPath: config + "/storyboard/screen-reader"))

            // On the launcher, the row says the mode is on for this run, and Enter keeps it.
            let first = try app.launch("run --fresh --screen-reader", environment: environment)
            Self.waitForFocus(on: "Daily Buzz", announcing: "Storyboards, list, 4 rows. Daily Buzz", in: first)
            try first.send("Down", "Down", "Down")
            Self.waitForFocus(on: "Screen reader mode", announcing: "Screen reader mode, On for this run, Enter keeps it on", in: first)
            try first.send("Enter")
            Self.waitForFocus(on: "Screen reader mode", announcing: "Screen reader mode, On, Enter turns it off", in: first)
            try first.send("q")
            #expect(try app.waitForExit(first) == 0)
            #expect(try String(contentsOfFile: config + "/storyboard/screen-reader", encoding: .utf8) == "on\n")

            // The next run asks for nothing and is in the mode; its launcher row says how to
            // turn it off, and turning it off there is remembered too.
            let launcher = try app.launch("run --fresh", environment: environment)
            Self.waitForFocus(on: "Daily Buzz", announcing: "Storyboards, list, 4 rows. Daily Buzz", in: launcher)
            try launcher.send("Down", "Down", "Down")
            Self.waitForFocus(on: "Screen reader mode", announcing: "Screen reader mode, On, Enter turns it off", in: launcher)
            try launcher.send("Enter")
            try launcher.waitFor("the launcher drawn with its lines, the mode off") {
                $0.contains("Screen reader mode") && $0.contains("Off") && $0.contains("────")
            }
            try launcher.send("q")
            #expect(try app.waitForExit(launcher) == 0)
            let plain = try app.launch("run dailybuzz --fresh", environment: environment)
            try plain.waitForScreen(DailyBuzzEndToEndTests.list, masking: Tmux.dateAndTime)
            try plain.send("q")
            #expect(try app.waitForExit(plain) == 0)

            // Remembered on, STORYBOARD_SCREEN_READER=0 (what an SSH client sends) wins for one run.
            try "on\n".write(toFile: config + "/storyboard/screen-reader", atomically: true, encoding: .utf8)
            let refused = try app.launch(
                "run dailybuzz --fresh", environment: environment.merging(["STORYBOARD_SCREEN_READER": "0"]) { $1 })
            try refused.waitForScreen(DailyBuzzEndToEndTests.list, masking: Tmux.dateAndTime)
            try refused.send("q")
            #expect(try app.waitForExit(refused) == 0)
            #expect(try String(contentsOfFile: config + "/storyboard/screen-reader", encoding: .utf8) == "on\n")
        }

        /// The screens of each bundled storyboard a walk reaches: each step's keys and what the
        /// announcement then says.
        static let walks: [(storyboard: String, steps: [(keys: [String], announcement: String)])] = [
            ("launcher", [
                ([], "Storyboards, list, 4 rows. Daily Buzz"), (["?"], "Help: the keys"), (["Escape"], "Daily Buzz"),
                (["g"], "Overview of Launcher"), (["Escape"], "Daily Buzz"),
            ]),
            ("dailybuzz", [
                ([], "Daily Buzz, list, 6 rows"), (["Enter"], "Brew Details, list, 3 rows"), (["Escape"], "Daily Buzz, list"),
                (["+"], "Add Session, list, 2 rows"), (["Down", "Enter"], "Coffees, list, 6 rows"), (["Escape"], "Add Session"),
                (["Escape"], "Daily Buzz, list"), (["d"], "Alert: Delete this session?"), (["Escape"], "Daily Buzz, list"),
                (["?"], "Help: the keys"), (["Escape"], "House Blend"),
            ]),
            ("colorboard", [
                ([], "Colors, list, 4 rows"), (["Enter"], "Color, form, 4 controls"), (["Escape"], "Colors, list"),
                (["+"], "Color, form, 4 controls. Color name, text field, Blue"), (["Escape"], "Colors, list"),
            ]),
            ("seguetour", [
                ([], "Segue Tour, list, 5 rows"), (["Enter"], "Events, list, 5 rows"), (["Right"], "Harbor Concert, list, 2 rows"),
                (["Escape"], "Events, list"), (["Escape"], "Segue Tour, list"), (["Down", "Enter"], "Account, form"),
                (["Escape"], "Segue Tour, list"), (["Down", "Enter"], "Dungeon Plunder, tab 1 of 3"),
                (["2"], "Dungeon Map, tab 2 of 3"), (["3"], "Inventory, tab 3 of 3, grid"), (["Escape"], "Segue Tour, list"),
                (["Down", "Enter"], "States, list, 6 rows"), (["Escape"], "Segue Tour, list"),
                (["Down", "Enter"], "Custom Segue, form"), (["Escape"], "Segue Tour, list"), (["T"], "Trace: pop:"),
                (["Escape"], "Custom Segue, A segue class"),
            ]),
        ]

        @Test(arguments: walks.map(\.storyboard))
        func noScreenOfABundledStoryboardHasADrawnLine(storyboard: String) throws {
            let walk = try #require(Self.walks.first { $0.storyboard == storyboard })
            let tmux = try app.launch("run \(storyboard) --fresh --screen-reader", width: 80, height: 30)
            for step in walk.steps {
                for key in step.keys { try tmux.send(key) }
                let screen = try tmux.waitFor("\(storyboard) after \(step.keys): \"\(step.announcement)\"") {
                    Self.announced(in: $0).contains(step.announcement)
                }
                #expect(Self.drawnLine(in: screen) == nil, "\(storyboard) after \(step.keys): \(screen)")
                let cursor = try Self.cursor(tmux)
                #expect(cursor?.shown == true, "\(storyboard) after \(step.keys): the cursor is shown")
            }
            try tmux.send("C-c")
            _ = try app.waitForExit(tmux)
        }
    }
}
