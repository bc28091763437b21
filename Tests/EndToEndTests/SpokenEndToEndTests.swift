import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// What a blind user hears: each bundled storyboard run under the real screen reader tdsr,
    /// with and without the screen-reader mode, and what it says after each key. After an
    /// arrow key tdsr reads the line the terminal's cursor is on, so that must be the
    /// highlighted row (not the one below it, where the last write ended); after other keys it
    /// reads what was written (a new scene's title, a sheet's Cancel, an unwind's destination).
    @Suite(.enabled(if: Tdsr.program != nil, "tdsr is not installed (.ci/run installs it: pip install tdsr2 pyte wcwidth setproctitle into .build/tdsr): what a screen reader says is not tested"))
    struct SpokenEndToEndTests {
        let app: TerminalApp

        init() throws {
            app = try TerminalApp()
        }

        /// The options of each mode: as most people first start it, and in the mode.
        static let modes = ["", "--screen-reader"]

        /// Presses the arrow `key` and checks the line tdsr reads names `row` and neither of its
        /// neighbours. The line read is the first thing said that fits on one row of the
        /// screen: speech tdsr held back from before the key (all of the first screen, when
        /// the terminal's answer to the app's question came in as it was about to say it) may
        /// come first.
        static func arrow(_ key: String, in tdsr: Tdsr, reads row: String, not neighbours: [String], _ mode: String) throws {
            func rowRead(_ said: String) -> String? {
                said.split(separator: "\n").map(String.init).first { !$0.isEmpty && $0.count <= tdsr.width }
            }
            let said = try tdsr.press(key, until: "the line at the cursor after \(key)") { rowRead($0) != nil }
            let line = rowRead(said) ?? ""
            #expect(line.contains(row), "\(mode) \(key): tdsr read \"\(line)\", not the row \(row)")
            for neighbour in neighbours {
                #expect(!line.contains(neighbour), "\(mode) \(key): tdsr read \"\(line)\", with \(neighbour)")
            }
        }

        @Test(arguments: modes)
        func dailyBuzz(mode: String) throws {
            let tdsr = try Tdsr(app: app, "run dailybuzz --fresh \(mode)")
            try tdsr.waitForScreen("the list") { $0.contains("House Blend") && $0.contains("quit") }
            if !mode.isEmpty {
                // In the mode the terminal is asked nothing: tdsr, a terminal emulator itself,
                // would speak the parts of the question it does not parse ("$qm").
                _ = try tdsr.waitForSpeech("the first screen") { $0.contains("House Blend") }
                let first = tdsr.allSpoken().joined(separator: "\n")
                #expect(!first.contains("$q"), "\(first)")
            }
            try Self.arrow("Down", in: tdsr, reads: "Ethiopian Yirgacheffe", not: ["House Blend", "Kenya AA"], mode)
            try Self.arrow("Down", in: tdsr, reads: "Kenya AA", not: ["Ethiopian", "Sumatra"], mode)
            try Self.arrow("Up", in: tdsr, reads: "Ethiopian Yirgacheffe", not: ["House Blend", "Kenya AA"], mode)
            try tdsr.press("Enter", until: "the pushed scene's title") { $0.contains("Brew Details") && $0.contains("Ethiopian Yirgacheffe") }
            try tdsr.press("Escape", until: "the list again") { $0.contains("Daily Buzz") }
            // A sheet: its title and its Cancel; then its field's label while typing in it.
            try tdsr.press("+", until: "the sheet's title and Cancel") { $0.contains("Add Session") && $0.contains("Cancel") }
            if mode.isEmpty {
                try tdsr.tmux.type("1")
                try Self.arrow("Down", in: tdsr, reads: "Coffee", not: ["Temperature"], mode)
                try Self.arrow("Up", in: tdsr, reads: "Temperature", not: ["Coffee"], mode)
            } else {
                try tdsr.press("1", until: "the field's label and what was typed") { $0.contains("Temperature, text field") && $0.contains("1") }
            }
            try tdsr.press("Escape", until: "the list after Cancel") { $0.contains("Daily Buzz") }
            try tdsr.quit()
        }

        @Test(arguments: modes)
        func colorboard(mode: String) throws {
            let tdsr = try Tdsr(app: app, "run colorboard --fresh \(mode)")
            try tdsr.waitForScreen("the list") { $0.contains("Midnight") && $0.contains("quit") }
            try Self.arrow("Down", in: tdsr, reads: "Green", not: ["Red", "Blue"], mode)
            try Self.arrow("Down", in: tdsr, reads: "Blue", not: ["Green", "Midnight"], mode)
            try Self.arrow("Up", in: tdsr, reads: "Green", not: ["Red", "Blue"], mode)
            try tdsr.press("Enter", until: "the pushed scene's title") { $0.contains("Color") && $0.contains("Green") }
            try tdsr.press("Escape", until: "the list again") { $0.contains("Colors") }
            try tdsr.press("+", until: "the sheet's title and Cancel") { $0.contains("Color") && $0.contains("Cancel") }
            if !mode.isEmpty {
                try tdsr.press("s", until: "the field's label and what was typed") { $0.contains("Color name, text field, Blues") }
            }
            try tdsr.press("Escape", until: "the list after Cancel") { $0.contains("Colors") }
            try tdsr.quit()
        }

        @Test(arguments: modes)
        func segueTour(mode: String) throws {
            let tdsr = try Tdsr(app: app, "run seguetour --fresh \(mode)")
            try tdsr.waitForScreen("the list") { $0.contains("Custom Segue") && $0.contains("quit") }
            try Self.arrow("Down", in: tdsr, reads: "Account", not: ["Events", "Dungeon", "Unwind segues"], mode)
            try Self.arrow("Down", in: tdsr, reads: "Dungeon", not: ["Account", "States", "Code and storyboards"], mode)
            try Self.arrow("Up", in: tdsr, reads: "Account", not: ["Events", "Dungeon"], mode)
            try tdsr.press("Enter", until: "the pushed scene's title") { $0.contains("Account") && $0.contains("Create Account") }
            // The sign-up sheet: its title, its Cancel, its field's label; Cancel unwinds to Account.
            try tdsr.press("Enter", until: "the sheet's title and Cancel") { $0.contains("Name") && $0.contains("Cancel") }
            if !mode.isEmpty {
                // The field is named by the label above it.
                try tdsr.press("A", until: "the field's label and what was typed") { $0.contains("your name., text field, A") }
            }
            try tdsr.press("Escape", until: "the unwind's destination") { $0.contains("Account") && $0.contains("No account yet") }
            try tdsr.press("Escape", until: "the list again") { $0.contains("Segue Tour") }
            try Self.arrow("Down", in: tdsr, reads: "Dungeon", not: ["Account", "States"], mode)
            try tdsr.press("Enter", until: "the game's title") { $0.contains("Dungeon Plunder") }
            try tdsr.press("c", until: "the unwind's destination") { $0.contains("Segue Tour") }
            try tdsr.quit()
        }
    }
}
