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

        /// Whether the palette is on top and drawn to the end: its bar reads "Colors" with
        /// "+" at the right (an editor's has "‹ Colors" or Cancel and Done), and the footer,
        /// which curses writes last, offers quit.
        static func showsPalette(_ screen: String) -> Bool {
            let bar = TerminalApp.lines(of: screen).first?.trimmingCharacters(in: .whitespaces) ?? ""
            return bar.hasPrefix("Colors") && bar.hasSuffix("+") && TerminalApp.lastLine(of: screen).hasSuffix("quit")
        }

        /// The rows of colour names on the palette, top to bottom.
        static func paletteNames(_ screen: String) -> [String] {
            TerminalApp.lines(of: screen).dropFirst(2).compactMap { line in
                guard line.hasSuffix("›") else { return nil }
                return line.dropLast().trimmingCharacters(in: .whitespaces)
            }
        }

        /// The editor's value line ("R 1.00  G 0.23  B 1.00   #FF3BFF").
        static func valueLine(_ screen: String) -> String? {
            TerminalApp.lines(of: screen).first { $0.contains("R ") && $0.contains("#") }?
                .trimmingCharacters(in: .whitespaces)
        }

        @Test func aColourMixedWithTheKeysIsInThePaletteAfterARelaunch() throws {
            let tmux = try app.launch("run colorboard --fresh")
            try tmux.waitFor("the palette", Self.showsPalette)
            try tmux.send("+")
            // A new colour starts as blue, its name field focused.
            try tmux.waitFor("the new colour's editor") { $0.contains("Done ^S") && $0.contains("#0000FF") }
            try tmux.send("C-u")
            try tmux.type("Sunset")
            try tmux.send("Tab")
            for _ in 0..<10 { try tmux.send("PageUp") }
            try tmux.send("Tab", "PageUp", "PageUp", "Right", "Right", "Right")
            let editor = try tmux.waitFor("the mixed colour") { Self.valueLine($0)?.hasPrefix("R 1.00  G 0.23  B 1.00") == true }
            #expect(editor.contains("Sunset"), "\(editor)")
            #expect(Self.valueLine(editor) == "R 1.00  G 0.23  B 1.00   #FF3BFF")
            try tmux.send("C-s")
            let palette = try tmux.waitFor("the palette with the new colour") { Self.showsPalette($0) && $0.contains("Sunset") }
            #expect(Self.paletteNames(palette) == ["Red", "Green", "Blue", "Midnight", "Sunset"], "\(palette)")
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)

            try app.run("run colorboard", in: tmux)
            let relaunched = try tmux.waitFor("the palette after the relaunch") { Self.showsPalette($0) && $0.contains("Sunset") }
            #expect(Self.paletteNames(relaunched) == ["Red", "Green", "Blue", "Midnight", "Sunset"], "\(relaunched)")
            // Its values were kept with it.
            try tmux.send("End", "Enter")
            let reopened = try tmux.waitFor("the colour's editor") { $0.contains("‹ Colors") && Self.valueLine($0) != nil }
            #expect(Self.valueLine(reopened) == "R 1.00  G 0.23  B 1.00   #FF3BFF", "\(reopened)")
            #expect(reopened.contains("Sunset"))
            try tmux.send("Escape")
            try tmux.waitFor("the palette", Self.showsPalette)
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        /// Ctrl-C in the middle of an edit, then a plain relaunch: the same editor, the same
        /// name and sliders, and the way out it had (Back for a pushed one, Done for a new one).
        @Test(arguments: [false, true])
        func anEditorLeftOpenComesBackAsItWas(presented: Bool) throws {
            let tmux = try app.launch("run colorboard --fresh")
            try tmux.waitFor("the palette", Self.showsPalette)
            if presented {
                try tmux.send("+")
                try tmux.waitFor("the new colour's editor") { $0.contains("Done ^S") && $0.contains("#0000FF") }
            } else {
                try tmux.send("Enter")
                try tmux.waitFor("Red's editor") { $0.contains("‹ Colors") && $0.contains("#FF0000") }
            }
            try tmux.send("C-u")
            try tmux.type("Dusk")
            try tmux.send("Tab", "Tab", "PageUp", "PageUp", "PageUp", "PageUp")
            let expected = presented ? "R 0.00  G 0.40  B 1.00   #0066FF" : "R 1.00  G 0.40  B 0.00   #FF6600"
            let before = try tmux.waitFor("the edit") { Self.valueLine($0) == expected && $0.contains("Dusk") }
            let editorTitle = TerminalApp.lines(of: before).first ?? ""
            try tmux.send("C-c")
            #expect(try app.waitForExit(tmux) == 128 + Int(SIGINT))
            #expect(FileManager.default.fileExists(atPath: app.restorationFile(for: "Colorboard").path))

            try app.run("run colorboard", in: tmux)
            let restored = try tmux.waitFor("the first screen after the relaunch") { Self.valueLine($0) != nil || Self.showsPalette($0) }
            #expect(!Self.showsPalette(restored), "the palette, not the editor: \(restored)")
            #expect(Self.valueLine(restored) == expected, "\(restored)")
            #expect(restored.contains("Dusk"), "\(restored)")
            // The same bar: back button or Cancel and Done, and the title in the same place.
            #expect(TerminalApp.lines(of: restored).first == editorTitle, "\(restored)")
            #expect(restored.contains("‹ Colors") == !presented)
            #expect(restored.contains("Done ^S") == presented)
            try tmux.send(presented ? "C-s" : "Escape")
            let palette = try tmux.waitFor("the palette with the edit saved") { Self.showsPalette($0) && $0.contains("Dusk") }
            let names = Self.paletteNames(palette)
            #expect(names == (presented ? ["Red", "Green", "Blue", "Midnight", "Dusk"] : ["Dusk", "Green", "Blue", "Midnight"]), "\(palette)")
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        @Test func freshStartsAtThePaletteWhateverWasSaved() throws {
            let tmux = try app.launch("run colorboard --fresh")
            try tmux.waitFor("the palette", Self.showsPalette)
            try tmux.send("Enter")
            try tmux.waitFor("Red's editor") { $0.contains("‹ Colors") && $0.contains("#FF0000") }
            try tmux.send("C-c")
            #expect(try app.waitForExit(tmux) == 128 + Int(SIGINT))
            let saved = try String(contentsOf: app.restorationFile(for: "Colorboard"), encoding: .utf8)
            #expect(saved.contains("ColorViewController"), "the editor was saved: \(saved)")

            try app.run("run colorboard --fresh", in: tmux)
            let screen = try tmux.waitFor("the palette", Self.showsPalette)
            #expect(Self.paletteNames(screen) == ["Red", "Green", "Blue", "Midnight"], "\(screen)")
            #expect(!screen.contains("‹ Colors"))
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }

        @Test func aCorruptStateFileIsIgnoredWithAWarning() throws {
            let file = app.restorationFile(for: "Colorboard")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("garbage\u{1B}[2J{\"format\":".utf8).write(to: file)
            let tmux = try app.launch("run colorboard")
            // The warning is drawn with the first frame, above the footer.
            let screen = try tmux.waitFor("the palette", Self.showsPalette)
            let lines = TerminalApp.lines(of: screen)
            // The warning sits on the status line, just above the footer.
            let warning = lines.first { $0.hasPrefix("! ") }?.trimmingCharacters(in: .whitespaces)
            #expect(warning == "! saved state is unreadable (not valid JSON); starting fresh", "\(screen)")
            #expect(lines.firstIndex { $0.hasPrefix("! ") } == 22, "\(screen)")
            #expect(Self.paletteNames(screen) == ["Red", "Green", "Blue", "Midnight"], "\(screen)")
            // Any key clears the warning; the broken file is replaced by a good one at exit.
            try tmux.send("Down")
            try tmux.waitFor("the warning to go") { !$0.contains("! saved state") }
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
            try app.run("run colorboard", in: tmux)
            let clean = try tmux.waitFor("the palette", Self.showsPalette)
            #expect(!clean.contains("! "), "\(clean)")
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }
    }
}
