import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Daily Buzz twice at once on one store, each in a terminal of its own.
    @Suite struct DailyBuzzEndToEndTests {
        let app: TerminalApp

        init() throws {
            app = try TerminalApp()
        }

        /// The list's session rows, top to bottom (the rows below the bar's rule).
        static func sessionRows(_ screen: String) -> [String] {
            TerminalApp.lines(of: screen).dropFirst(2).filter { $0.hasSuffix("›") }
        }

        /// Whether the list is on top and drawn to the end: its bar reads "Daily Buzz" with
        /// "+" at the right, and the footer, which curses writes last, offers quit.
        static func showsList(_ screen: String) -> Bool {
            let bar = TerminalApp.lines(of: screen).first?.trimmingCharacters(in: .whitespaces) ?? ""
            return bar.hasPrefix("Daily Buzz") && bar.hasSuffix("+") && TerminalApp.lastLine(of: screen).hasSuffix("quit")
        }

        /// Adds a session from the list: the temperature typed, the coffee `downs` rows
        /// below the first in the (alphabetical) coffee list, then Done.
        func addSession(_ tmux: Tmux, temperature: String, coffee: String, downs: Int) throws {
            try tmux.send("+")
            try tmux.waitFor(text: "Add Session")
            try tmux.type(temperature)
            try tmux.send("Down", "Enter")
            try tmux.waitFor(text: "Coffees")
            for _ in 0..<downs { try tmux.send("Down") }
            try tmux.send("Enter")
            try tmux.waitFor("\(coffee) on the form") { $0.contains("Add Session") && $0.contains(coffee) }
            try tmux.send("C-s")
        }

        @Test func twoInstancesOnOneStoreSeeEachOthersSessions() throws {
            let first = try app.launch("run dailybuzz --fresh")
            try first.waitFor("the first list", Self.showsList)
            let second = try app.launch("run dailybuzz --fresh")
            try second.waitFor("the second list", Self.showsList)

            try addSession(first, temperature: "187", coffee: "Kenya AA", downs: 4)
            let firstList = try first.waitFor("the first list with its session") {
                Self.showsList($0) && Self.sessionRows($0).first?.contains("187 °F") == true
            }
            #expect(Self.sessionRows(firstList).first?.contains("Kenya AA") == true, "\(firstList)")

            // The second list reappears after its own sheet: it reads the store again and
            // shows both new sessions, newest first.
            try addSession(second, temperature: "193", coffee: "Colombia Supremo", downs: 0)
            let secondList = try second.waitFor("the second list with its session") {
                Self.showsList($0) && Self.sessionRows($0).first?.contains("193 °F") == true
            }
            let secondRows = Self.sessionRows(secondList)
            #expect(secondRows.first?.contains("Colombia Supremo") == true, "\(secondList)")
            #expect(secondRows.dropFirst().first?.contains("187 °F") == true, "the first instance's session: \(secondList)")
            #expect(secondRows.dropFirst().first?.contains("Kenya AA") == true, "\(secondList)")

            // The first list has not been away, so it does not know yet.
            #expect(!(try first.capture()).contains("193 °F"))
            // Away to a session's details and back with Esc: the list reappears and reloads.
            try first.send("Enter")
            try first.waitFor(text: "Brew Details")
            try first.send("Escape")
            let reloaded = try first.waitFor("the first list after it reappeared") {
                Self.showsList($0) && Self.sessionRows($0).first?.contains("193 °F") == true
            }
            let firstRows = Self.sessionRows(reloaded)
            #expect(firstRows.first?.contains("Colombia Supremo") == true, "\(reloaded)")
            #expect(firstRows.dropFirst().first?.contains("187 °F") == true, "\(reloaded)")
            // Six sample sessions and the two new ones, no more, no fewer.
            #expect(firstRows.count == 8, "\(reloaded)")
            #expect(Self.sessionRows(secondList).count == 8, "\(secondList)")

            try first.send("q")
            try second.send("q")
            #expect(try app.waitForExit(first) == 0)
            #expect(try app.waitForExit(second) == 0)
        }
    }
}
