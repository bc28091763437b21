import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Fault drill: names made of escape sequences, bidi controls, zero-width characters, emoji,
    /// CJK and combining marks, pasted into the real app's fields or already in the store.
    /// Nothing may reach the terminal as a control (the title, tmux's clipboard and the screen
    /// stay as they were), controls show in a visible form, and every row stays aligned.
    @Suite struct HostileTextDrillTests {
        let app: TerminalApp
        typealias Palette = ColorboardEndToEndTests

        init() throws {
            app = try TerminalApp()
        }

        /// Wide and zero-width text and the bidi overrides and isolates.
        static let wideAndBidi = "🧑‍🌾漢字e\u{301}\u{202E}R\u{2066}L\u{2067}M\u{2068}N\u{2069}"
        /// A C1 CSI, zero-width characters, then the escape sequences that set the title (OSC 0
        /// and 2), the clipboard (OSC 52), clear the screen and move the cursor (CSI), and
        /// query the terminal (DCS), with BEL and DEL.
        static let controls = "A\u{9B}31mB\u{200B}C\u{200D}D\u{FEFF}E"
            + "\u{1B}]0;PWNED-0\u{07}\u{1B}]2;PWNED-2\u{1B}\\\u{1B}]52;c;cHduZWQ=\u{07}"
            + "\u{1B}[2J\u{1B}[H\u{1B}P+q544e\u{1B}\\\u{07}\u{7F}Z"
        /// A name another program wrote to the store, controls and all.
        static let rawName = "Raw\u{1B}]0;PWNED-0\u{07}\u{1B}[2J\u{1B}]52;c;cHduZWQ=\u{07}"

        /// What a text field keeps of a paste: C0 controls and DEL are dropped (a field is one line).
        static func pasted(_ text: String) -> String {
            String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        }

        /// The store-helper's escaping of a name (printable ASCII as is, the rest as `\u{HEX}`).
        static func escaped(_ text: String) -> String {
            text.unicodeScalars.map { scalar in
                switch scalar.value {
                case 0x5C: return "\\\\"
                case 0x20..<0x7F: return String(scalar)
                default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }.joined()
        }

        /// Expects the last `character` of every row in the same column as in a row of plain
        /// ASCII text, where there is nothing to measure wrongly.
        static func expectAligned(_ character: Character, in rows: [String], asIn plainRow: String, _ screen: String) throws {
            let expected = plainRow.lastIndex(of: character).map { plainRow.distance(from: plainRow.startIndex, to: $0) }
            let columns = try rows.map { try TerminalColumns.columns(of: character, in: $0).last ?? -1 }
            #expect(expected != nil && columns.allSatisfy { $0 == expected }, "\(character) in columns \(columns), not \(expected ?? -1):\n\(screen)")
        }

        /// The alert's box rows (between its top and bottom borders), right border aligned.
        static func expectAlertAligned(_ screen: String) throws {
            let rows = TerminalApp.lines(of: screen).filter { $0.contains("║") || $0.contains("╗") || $0.contains("╝") }
            #expect(rows.count >= 4, "\(screen)")
            let rightEdges = try rows.map { row in
                try [Character("║"), "╗", "╝"].compactMap { try TerminalColumns.columns(of: $0, in: row).last }.max() ?? -1
            }
            #expect(Set(rightEdges).count == 1, "the alert's right border in columns \(rightEdges):\n\(screen)")
        }

        @Test func hostileColourNamesChangeNothingAndShowVisibly() throws {
            _ = try app.storeHelper("add-color", [Self.rawName])
            let tmux = try app.launch("run colorboard --fresh")
            // The palette with the raw name added below Midnight, its controls shown visibly.
            let withRaw = ColorboardEndToEndTests.palette.replacing(
                row: 6, with: "    Raw^[]0;PWNED-0^G^[[2J^[]52;c;cHduZWQ=^G                                  ›")
            try tmux.waitForScreen(withRaw)
            let title = try tmux.paneTitle()
            #expect(try tmux.bufferNames().isEmpty)

            let wideAndBidiRow = "    🧑漢字é<U+202E>R<U+2066>L<U+2067>M<U+2068>N<U+2069>                       ›"
            let bothNames = withRaw
                .replacing(row: 2, with: wideAndBidiRow)
                .replacing(row: 3, with: "    A<U+009B>31mB<U+200B>C<U+200D>D<U+FEFF>E]0;PWNED-0]2;PWNED-2\\]52;c;cHduZ… ›")
            // Green's editor, pushed from the palette.
            let greensEditor = [
                "‹ Colors                             Color",
                "────────────────────────────────────────────────────────────────────────────────",
                "",
                "  Green",
                "",
                "  Red     ●────────────────────────────────────────────────────────────── 0.00",
                "",
                "  Green   ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━● 1.00",
                "",
                "  Blue    ●────────────────────────────────────────────────────────────── 0.00",
                "",
                "  R 0.00  G 1.00  B 0.00   #00FF00",
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
                " Esc  ‹ Colors   Tab  next field",
            ]
            // Red's name pasted over with wide and bidi text, Green's with controls.
            for (row, name) in [Self.wideAndBidi, Self.controls].enumerated() {
                try tmux.send("Home")
                for _ in 0..<row { try tmux.send("Down") }
                try tmux.send("Enter")
                let editor = row == 0 ? ColorboardEndToEndTests.redsEditor : greensEditor
                try tmux.waitForScreen(editor)
                try tmux.send("C-u")
                try tmux.paste(name)
                // The rest of the editor is where it was: only the name's row changes.
                let drawnName = row == 0
                    ? "  🧑漢字é<U+202E>R<U+2066>L<U+2067>M<U+2068>N<U+2069>"
                    : "  C<U+200D>D<U+FEFF>E]0;PWNED-0]2;PWNED-2\\]52;c;cHduZWQ=[2J[HP+q544e\\Z"
                let edited = try tmux.waitForScreen(editor.replacing(row: 3, with: drawnName))
                for line in edited { #expect(try TerminalColumns.width(of: line) <= 80, "\(edited)") }
                try tmux.send("Escape")
                try tmux.waitForScreen(row == 0 ? withRaw.replacing(row: 2, with: wideAndBidiRow) : bothNames)
            }
            // Both names shown visibly, every row's accessory in the last column, as in the bar's "+".
            let both = try tmux.waitForScreen(bothNames)
            let rows = both.dropFirst(2).filter { $0.hasSuffix("›") }
            let plain = try #require(rows.first { $0.contains("Midnight") })
            try Self.expectAligned("›", in: Array(rows), asIn: plain, both.joined(separator: "\n"))

            // The delete alerts name the colour inside a box: its border stays straight.
            // An alert's box drawn on the blank rows 8 to 13 below both names, with its own footer.
            func overPalette(_ box: [String]) -> [String] {
                var screen = bothNames
                screen.replaceSubrange(8..<14, with: box)
                return screen.replacing(row: 23, with: " ←→  choose   Enter  press   Esc  cancel   ^C  quit")
            }
            for row in [0, 4] {
                try tmux.send("Home")
                for _ in 0..<row { try tmux.send("Down") }
                try tmux.send("d")
                let alert = try tmux.waitForScreen(overPalette(row == 0 ? [
                    "        ╔═════════════════════════════════════════════════════════════╗",
                    "        ║ Delete 🧑漢字é<U+202E>R<U+2066>L<U+2067>M<U+2068>N<U+2069>? ║",
                    "        ║ The colour leaves the palette for good.                     ║",
                    "        ║                                                             ║",
                    "        ║                   [ Cancel ]  [ Delete ]                    ║",
                    "        ╚═════════════════════════════════════════════════════════════╝",
                ] : [
                    "              ╔══════════════════════════════════════════════════╗",
                    "              ║ Delete Raw^[]0;PWNED-0^G^[[2J^[]52;c;cHduZWQ=^G? ║",
                    "              ║ The colour leaves the palette for good.          ║",
                    "              ║                                                  ║",
                    "              ║              [ Cancel ]  [ Delete ]              ║",
                    "              ╚══════════════════════════════════════════════════╝",
                ]))
                try Self.expectAlertAligned(alert.joined(separator: "\n"))
                try tmux.send("Escape")
                try tmux.waitForScreen(bothNames)
            }

            #expect(try tmux.paneTitle() == title, "the title was changed")
            #expect(try tmux.bufferNames().isEmpty, "a clipboard (OSC 52) buffer was created")
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
            let stored = try app.storeHelper("colors")
            #expect(stored == [Self.escaped(Self.wideAndBidi), Self.escaped(Self.pasted(Self.controls)), "Blue", "Midnight", Self.escaped(Self.rawName)])

            // The same bytes written raw do change the title and the clipboard: the checks above
            // can see a leak.
            let raw = app.dataDirectory.appendingPathComponent("raw-name")
            try Data((Self.rawName + "\u{1B}]2;PWNED-2\u{07}").utf8).write(to: raw)
            // `cat FILE -` stays, reading the terminal: a program that exits at once can lose its
            // last output when tmux sees it die first.
            try tmux.command(["new-window", "-d", "-n", "control", "cat \(raw.path) -"])
            let deadline = Date().addingTimeInterval(10)
            var controlTitle = ""
            repeat {
                controlTitle = try tmux.command(["display-message", "-p", "-t", "control", "#{pane_title}"]).output
                if controlTitle.hasPrefix("PWNED"), !(try tmux.bufferNames().isEmpty) { break }
                usleep(20_000)
            } while Date() < deadline
            #expect(controlTitle.hasPrefix("PWNED-2"), "control: \(controlTitle)")
            #expect(!(try tmux.bufferNames().isEmpty), "control: OSC 52 makes a buffer")
        }

        @Test func hostileTextInTheTemperatureFieldChangesNothing() throws {
            let tmux = try app.launch("run dailybuzz --fresh")
            let list = DailyBuzzEndToEndTests.list
            try tmux.waitForScreen(list, masking: Tmux.dateAndTime)
            let title = try tmux.paneTitle()
            try tmux.send("+")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.form)
            try tmux.paste(Self.controls + Self.wideAndBidi)
            let pasted = DailyBuzzEndToEndTests.form.replacing(
                row: 3, with: "  Temperature   HP+q544e\\Z🧑漢字é<U+202E>R<U+2066>L<U+2067>M<U+2068>N<U+2069>")
            try tmux.waitForScreen(pasted)
            try tmux.send("C-s")
            // The message says what is wrong without repeating what was typed: the form as
            // pasted, with the message below the fields.
            let form = try tmux.waitForScreen(pasted.replacing(
                row: 7, with: "  The temperature must be a number of degrees Fahrenheit, for example 203."))
            for line in form { #expect(try TerminalColumns.width(of: line) <= 80, "\(form)") }
            #expect(try tmux.paneTitle() == title)
            #expect(try tmux.bufferNames().isEmpty)
            try tmux.send("Escape")
            try tmux.waitForScreen(list, masking: Tmux.dateAndTime)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        /// The colour parameters (foreground, background, 256 and direct colours) among the
        /// SGR sequences of a `capture-pane -e` screen.
        static func colourParameters(_ screen: String) -> [Int] {
            var found: [Int] = []
            var rest = Substring(screen)
            while let range = rest.range(of: "\u{1B}\\[[0-9;:]*m", options: .regularExpression) {
                let parameters = rest[range].dropFirst(2).dropLast().split(separator: ";").compactMap { Int($0.split(separator: ":").first ?? "") }
                found += parameters.filter { (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0) }
                rest = rest[range.upperBound...]
            }
            return found
        }

        /// NO_COLOR: no colour at all reaches the terminal, and Colorboard still tells colours
        /// apart by their numbers. Without it, the same screens are in colour (the check works).
        @Test(arguments: [true, false])
        func noColorMeansNoColourSequences(noColor: Bool) throws {
            let tmux = try app.launch("run colorboard --fresh", environment: noColor ? ["NO_COLOR": "1"] : [:])
            let paletteScreen = ColorboardEndToEndTests.palette
            try tmux.waitForScreen(paletteScreen)
            let palette = try tmux.captureWithEscapes()
            try tmux.send("Enter")
            // The sliders show their values.
            try tmux.waitForScreen(ColorboardEndToEndTests.redsEditor)
            let editorStyled = try tmux.captureWithEscapes()
            if noColor {
                #expect(Self.colourParameters(palette).isEmpty, "\(palette.debugDescription)")
                #expect(Self.colourParameters(editorStyled).isEmpty, "\(editorStyled.debugDescription)")
            } else {
                #expect(!Self.colourParameters(editorStyled).isEmpty, "\(editorStyled.debugDescription)")
            }
            try tmux.send("Escape")
            try tmux.waitForScreen(paletteScreen)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }
    }
}
