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

        /// The add sheet, empty.
        static let form = [
            "Cancel Esc                        Add Session                            Done ^S",
            "────────────────────────────────────────────────────────────────────────────────",
            "  WATER",
            "  Temperature   °F, e.g. 203",
            "",
            "  BEANS",
            "  Coffee                                                             Choose… ›",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Esc  Cancel   ^S  Done   ↑↓  move   Enter  open",
        ]

        /// The list of a fresh store (dates read by their shape).
        static let list = [
            "                                   Daily Buzz                                  +",
            "────────────────────────────────────────────────────────────────────────────────",
            " House Blend                        200 °F (93 °C)           ####-##-## ##:## ›",
            " Ethiopian Yirgacheffe              203 °F (95 °C)           ####-##-## ##:## ›",
            " Kenya AA                           205 °F (96 °C)           ####-##-## ##:## ›",
            " Sumatra Mandheling                 198 °F (92 °C)           ####-##-## ##:## ›",
            " Colombia Supremo                   202 °F (94 °C)           ####-##-## ##:## ›",
            " House Blend                        201 °F (94 °C)           ####-##-## ##:## ›",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " +  add   d  Delete   ↑↓  move   Enter  open   ?  help   q  quit",
        ]

        /// The coffees, pushed from the add sheet.
        static let coffees = [
            "‹ Add Session                       Coffees",
            "────────────────────────────────────────────────────────────────────────────────",
            " Colombia Supremo",
            " Ethiopian Yirgacheffe",
            " Guatemala Antigua",
            " House Blend",
            " Kenya AA",
            " Sumatra Mandheling",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Esc  ‹ Add Session   ↑↓  move   Enter  open   ?  help",
        ]

        /// The list with both instances' new sessions, newest first.
        static let listWithBoth = [
            "                                   Daily Buzz                                  +",
            "────────────────────────────────────────────────────────────────────────────────",
            " Colombia Supremo                   193 °F (89 °C)           ####-##-## ##:## ›",
            " Kenya AA                           187 °F (86 °C)           ####-##-## ##:## ›",
            " House Blend                        200 °F (93 °C)           ####-##-## ##:## ›",
            " Ethiopian Yirgacheffe              203 °F (95 °C)           ####-##-## ##:## ›",
            " Kenya AA                           205 °F (96 °C)           ####-##-## ##:## ›",
            " Sumatra Mandheling                 198 °F (92 °C)           ####-##-## ##:## ›",
            " Colombia Supremo                   202 °F (94 °C)           ####-##-## ##:## ›",
            " House Blend                        201 °F (94 °C)           ####-##-## ##:## ›",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " +  add   d  Delete   ↑↓  move   Enter  open   ?  help   q  quit",
        ]

        /// The add sheet with 203 °F and Kenya AA.
        static let formWithKenyaAt203 = formWithKenya(at: "203")

        /// The add sheet with Kenya AA and `temperature` typed.
        static func formWithKenya(at temperature: String) -> [String] {
            [
                "Cancel Esc                        Add Session                            Done ^S",
                "────────────────────────────────────────────────────────────────────────────────",
                "  WATER",
                "  Temperature   \(temperature)",
                "",
                "  BEANS",
                "  Coffee                                                            Kenya AA ›",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                " Esc  Cancel   ^S  Done   ↑↓  move   Enter  open   ?  help",
            ]
        }

        /// The list with a new session of Kenya AA at 203 °F on top.
        static let listWithKenyaAt203 = listWithKenya(at: "203 °F (95 °C)")

        /// The list with a new session of Kenya AA on top, its temperature drawn as `temperature`.
        static func listWithKenya(at temperature: String) -> [String] {
            [
                "                                   Daily Buzz                                  +",
                "────────────────────────────────────────────────────────────────────────────────",
                " Kenya AA                           \(temperature)           ####-##-## ##:## ›",
                " House Blend                        200 °F (93 °C)           ####-##-## ##:## ›",
                " Ethiopian Yirgacheffe              203 °F (95 °C)           ####-##-## ##:## ›",
                " Kenya AA                           205 °F (96 °C)           ####-##-## ##:## ›",
                " Sumatra Mandheling                 198 °F (92 °C)           ####-##-## ##:## ›",
                " Colombia Supremo                   202 °F (94 °C)           ####-##-## ##:## ›",
                " House Blend                        201 °F (94 °C)           ####-##-## ##:## ›",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                " +  add   d  Delete   ↑↓  move   Enter  open   ?  help   q  quit",
            ]
        }

        @Test func twoInstancesOnOneStoreSeeEachOthersSessions() throws {
            let first = try app.launch("run dailybuzz --fresh")
            try first.waitForScreen(Self.list, masking: Tmux.dateAndTime)
            let second = try app.launch("run dailybuzz --fresh")
            try second.waitForScreen(Self.list, masking: Tmux.dateAndTime)

            // Kenya AA is the fifth coffee of the (alphabetical) list.
            try first.send("+")
            try first.waitForScreen(Self.form, masking: Tmux.dateAndTime)
            try first.type("187")
            try first.send("Down", "Enter")
            try first.waitForScreen(Self.coffees, masking: Tmux.dateAndTime)
            for _ in 0..<4 { try first.send("Down") }
            try first.send("Enter")
            try first.waitForScreen(Self.formWithKenya(at: "187"), masking: Tmux.dateAndTime)
            try first.send("C-s")
            let firstList = Self.listWithKenya(at: "187 °F (86 °C)")
            try first.waitForScreen(firstList, masking: Tmux.dateAndTime)

            // The second list reappears after its own sheet: it reads the store again and
            // shows both new sessions, newest first.
            try second.send("+")
            try second.waitForScreen(Self.form, masking: Tmux.dateAndTime)
            try second.type("193")
            try second.send("Down", "Enter")
            try second.waitForScreen(Self.coffees, masking: Tmux.dateAndTime)
            try second.send("Enter")
            try second.waitForScreen([
                "Cancel Esc                        Add Session                            Done ^S",
                "────────────────────────────────────────────────────────────────────────────────",
                "  WATER",
                "  Temperature   193",
                "",
                "  BEANS",
                "  Coffee                                                    Colombia Supremo ›",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                " Esc  Cancel   ^S  Done   ↑↓  move   Enter  open   ?  help",
            ], masking: Tmux.dateAndTime)
            try second.send("C-s")
            try second.waitForScreen(Self.listWithBoth, masking: Tmux.dateAndTime)

            // The first list has not been away, so it does not know yet.
            try first.waitForScreen(firstList, masking: Tmux.dateAndTime)
            // Away to a session's details and back with Esc: the list reappears and reloads,
            // six sample sessions and the two new ones, no more, no fewer.
            try first.send("Enter")
            try first.waitForScreen([
                "‹ Daily Buzz                      Brew Details",
                "────────────────────────────────────────────────────────────────────────────────",
                "                       Coffee Kenya AA",
                "                  Temperature 187 °F (86 °C)",
                "                         Date ####-##-## ##:##",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                " Esc  ‹ Daily Buzz   ↑↓  move   Enter  open   ?  help",
            ], masking: Tmux.dateAndTime)
            try first.send("Escape")
            try first.waitForScreen(Self.listWithBoth, masking: Tmux.dateAndTime)

            try first.send("q")
            try second.send("q")
            #expect(try app.waitForExit(first) == 0)
            #expect(try app.waitForExit(second) == 0)
        }
    }
}
