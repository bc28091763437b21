import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Colorboard in a real terminal: a colour mixed with the keys survives a relaunch, an
    /// editor left open comes back as it was, and a broken state file is shrugged off.
    @Suite struct ColorboardEndToEndTests {
        let app: TerminalApp

        init() throws {
            app = try TerminalApp()
        }

        /// The palette of a fresh store.
        static let palette = [
            "                                     Colors                                    +",
            "────────────────────────────────────────────────────────────────────────────────",
            "    Red                                                                       ›",
            "    Green                                                                     ›",
            "    Blue                                                                      ›",
            "    Midnight                                                                  ›",
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
            " +  add   d  Delete   ↑↓  move   Enter  open   ?  help   q  quit",
        ]

        /// Red's editor, pushed from the palette.
        static let redsEditor = editor(named: "Red")

        /// Red's editor (full red, no green or blue) with `name` drawn in its name field.
        static func editor(named name: String) -> [String] {
            [
                "‹ Colors                             Color",
                "────────────────────────────────────────────────────────────────────────────────",
                "",
                "  \(name)",
                "",
                "  Red     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━● 1.00",
                "",
                "  Green   ●────────────────────────────────────────────────────────────── 0.00",
                "",
                "  Blue    ●────────────────────────────────────────────────────────────── 0.00",
                "",
                "  R 1.00  G 0.00  B 0.00   #FF0000",
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
        }

        /// The palette with the colour mixed in the first test below Midnight.
        static let paletteWithSunset = palette.replacing(
            row: 6, with: "    Sunset                                                                    ›")

        /// A new colour's editor, as + opens it.
        static let newColour = [
            "Cancel Esc                           Color                               Done ^S",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            "  Blue",
            "",
            "  Red     ●────────────────────────────────────────────────────────────── 0.00",
            "",
            "  Green   ●────────────────────────────────────────────────────────────── 0.00",
            "",
            "  Blue    ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━● 1.00",
            "",
            "  R 0.00  G 0.00  B 1.00   #0000FF",
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
            " Esc  Cancel   ^S  Done   Enter  Done   Tab  next field",
        ]

        @Test func aColourMixedWithTheKeysIsInThePaletteAfterARelaunch() throws {
            let tmux = try app.launch("run colorboard --fresh")
            try tmux.waitForScreen(Self.palette)
            try tmux.send("+")
            // A new colour starts as blue, its name field focused.
            try tmux.waitForScreen(Self.newColour)
            try tmux.send("C-u")
            try tmux.type("Sunset")
            try tmux.send("Tab")
            for _ in 0..<10 { try tmux.send("PageUp") }
            try tmux.send("Tab", "PageUp", "PageUp", "Right", "Right", "Right")
            let sunsetSheet = [
                "Cancel Esc                           Color                               Done ^S",
                "────────────────────────────────────────────────────────────────────────────────",
                "",
                "  Sunset",
                "",
                "  Red     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━● 1.00",
                "",
                "  Green   ━━━━━━━━━━━━━━●──────────────────────────────────────────────── 0.23",
                "",
                "  Blue    ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━● 1.00",
                "",
                "  R 1.00  G 0.23  B 1.00   #FF3BFF",
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
                " Esc  Cancel   ^S  Done   ←→  adjust   Tab  next field   ?  help",
            ]
            try tmux.waitForScreen(sunsetSheet)
            try tmux.send("C-s")
            try tmux.waitForScreen(Self.paletteWithSunset)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)

            try app.run("run colorboard", in: tmux)
            try tmux.waitForScreen(Self.paletteWithSunset)
            // Its values were kept with it: the editor as it was in the sheet, pushed now, with
            // the bar's and footer's way back to the palette.
            try tmux.send("End", "Enter")
            try tmux.waitForScreen(sunsetSheet
                .replacing(row: 0, with: "‹ Colors                             Color")
                .replacing(row: 23, with: " Esc  ‹ Colors   Tab  next field"))
            try tmux.send("Escape")
            try tmux.waitForScreen(Self.paletteWithSunset)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        /// Ctrl-C in the middle of an edit, then a plain relaunch: the same editor, the same
        /// name and sliders, and the way out it had (Back for a pushed one, Done for a new one).
        @Test(arguments: [false, true])
        func anEditorLeftOpenComesBackAsItWas(presented: Bool) throws {
            let tmux = try app.launch("run colorboard --fresh")
            try tmux.waitForScreen(Self.palette)
            if presented {
                try tmux.send("+")
                try tmux.waitForScreen(Self.newColour)
            } else {
                try tmux.send("Enter")
                try tmux.waitForScreen(Self.redsEditor)
            }
            try tmux.send("C-u")
            try tmux.type("Dusk")
            try tmux.send("Tab", "Tab", "PageUp", "PageUp", "PageUp", "PageUp")
            let edit = presented ? [
                "Cancel Esc                           Color                               Done ^S",
                "────────────────────────────────────────────────────────────────────────────────",
                "",
                "  Dusk",
                "",
                "  Red     ●────────────────────────────────────────────────────────────── 0.00",
                "",
                "  Green   ━━━━━━━━━━━━━━━━━━━━━━━━━●───────────────────────────────────── 0.40",
                "",
                "  Blue    ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━● 1.00",
                "",
                "  R 0.00  G 0.40  B 1.00   #0066FF",
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
                " Esc  Cancel   ^S  Done   ←→  adjust   Tab  next field   ?  help",
            ] : [
                "‹ Colors                             Color",
                "────────────────────────────────────────────────────────────────────────────────",
                "",
                "  Dusk",
                "",
                "  Red     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━● 1.00",
                "",
                "  Green   ━━━━━━━━━━━━━━━━━━━━━━━━━●───────────────────────────────────── 0.40",
                "",
                "  Blue    ●────────────────────────────────────────────────────────────── 0.00",
                "",
                "  R 1.00  G 0.40  B 0.00   #FF6600",
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
                " Esc  ‹ Colors   ←→  adjust   Tab  next field   ?  help",
            ]
            try tmux.waitForScreen(edit)
            try tmux.send("C-c")
            #expect(try app.waitForExit(tmux) == 128 + Int(SIGINT))
            #expect(FileManager.default.fileExists(atPath: app.restorationFile(for: "Colorboard").path))

            // The same screen: the editor, its name and sliders, and the bar's way out.
            try app.run("run colorboard", in: tmux)
            try tmux.waitForScreen(edit)
            try tmux.send(presented ? "C-s" : "Escape")
            // Saved as a new colour below Midnight, or as Red renamed.
            let dusk = "    Dusk                                                                      ›"
            try tmux.waitForScreen(Self.palette.replacing(row: presented ? 6 : 2, with: dusk))
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        @Test func freshStartsAtThePaletteWhateverWasSaved() throws {
            let tmux = try app.launch("run colorboard --fresh")
            try tmux.waitForScreen(Self.palette)
            try tmux.send("Enter")
            try tmux.waitForScreen(Self.redsEditor)
            try tmux.send("C-c")
            #expect(try app.waitForExit(tmux) == 128 + Int(SIGINT))
            let saved = try String(contentsOf: app.restorationFile(for: "Colorboard"), encoding: .utf8)
            #expect(saved.contains("ColorViewController"), "the editor was saved: \(saved)")

            try app.run("run colorboard --fresh", in: tmux)
            try tmux.waitForScreen(Self.palette)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        @Test func aCorruptStateFileIsIgnoredWithAWarning() throws {
            let file = app.restorationFile(for: "Colorboard")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("garbage\u{1B}[2J{\"format\":".utf8).write(to: file)
            let tmux = try app.launch("run colorboard")
            // The warning is drawn with the first frame, on the status line just above the footer.
            try tmux.waitForScreen(Self.palette.replacing(row: 22, with: "! saved state is unreadable (not valid JSON); starting fresh"))
            // Any key clears the warning; the broken file is replaced by a good one at exit.
            try tmux.send("Down")
            try tmux.waitForScreen(Self.palette)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
            try app.run("run colorboard", in: tmux)
            try tmux.waitForScreen(Self.palette)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }
    }
}
