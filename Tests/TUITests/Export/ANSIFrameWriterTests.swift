import Flow
import Testing
import TestSupport
@testable import TUI

/// Frames written as what changed: played on a terminal, each shows exactly the frame.
@Suite struct ANSIFrameWriterTests {
    /// What SGR at true colour turns a colour into, as `ANSIScreen` names it.
    static func name(_ color: TerminalColor) -> String? {
        switch color {
        case .default: nil
        case .ansi(let index) where index < 16, .indexed(let index) where index < 16: "ansi:\(index)"
        case .ansi(let index), .indexed(let index): "indexed:\(index)"
        case .rgb(let red, let green, let blue): "rgb:\(red),\(green),\(blue)"
        }
    }

    /// Checks that `screen` shows `buffer`, cell by cell, characters and renditions.
    static func expectShows(_ screen: ANSIScreen, _ buffer: CellBuffer, _ note: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        // What terminals measure otherwise is written in curses' reduced form (🧑‍🌾 as 🧑);
        // ANSIScreen keeps a wide character's right half as "", which joins to nothing.
        let expected = (0..<buffer.height).map { y in
            (0..<buffer.width).map { x -> String in
                let cell = buffer[x, y]!
                if cell.isContinuation { return "" }
                let columns = CursesGlyph.columns(
                    for: cell.character, width: cell.width, isUTF8: true, maximumScalars: 5, wcwidth: DisplayWidth.of(_:))
                return columns.map { String(String.UnicodeScalarView($0)) }.joined()
            }.joined()
        }
        #expect(screen.lines == expected, "\(note)", sourceLocation: sourceLocation)
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]!
                guard !cell.isContinuation else { continue }
                var expected = ANSIScreen.Rendition()
                expected.bold = cell.style.attributes.contains(.bold)
                expected.dim = cell.style.attributes.contains(.dim)
                expected.italic = cell.style.attributes.contains(.italic)
                expected.underline = cell.style.attributes.contains(.underline)
                expected.reverse = cell.style.attributes.contains(.reverse)
                expected.foreground = name(cell.style.foreground)
                expected.background = name(cell.style.background)
                let shown = screen.cells[y][x].rendition
                if shown != expected {
                    Issue.record("\(note): cell \(x),\(y) shows \(shown), not \(expected)", sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }

    /// A random frame: words, wide characters, box lines and styles scattered over `size`.
    static func randomFrame(_ size: Size, using random: inout some RandomNumberGenerator) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        let words = ["Daily", "Buzz", "203 °F", "漢字", "🧑‍🌾", "──┼──", "›", "a", "Kenya AA"]
        let colors: [TerminalColor] = [.default, .red, .blue, .brightWhite, .indexed(196), .rgb(26, 26, 112), .rgb(255, 255, 255)]
        let attributes: [CellAttributes] = [[], [.bold], [.dim], [.italic], [.underline], [.reverse], [.bold, .reverse]]
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let style = Style(
                foreground: colors.randomElement(using: &random)!, background: colors.randomElement(using: &random)!,
                attributes: attributes.randomElement(using: &random)!)
            let point = Point(x: Int.random(in: -2..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
            if Bool.random(using: &random) {
                buffer.put(words.randomElement(using: &random)!, at: point, style: style)
            } else {
                buffer.fill(Rect(origin: point, size: Size(width: Int.random(in: 1...8, using: &random), height: 2)), style: style)
            }
        }
        return buffer
    }

    @Test func everyFrameOfARandomRunShowsExactlyWhenPlayed() {
        var random = SeededRandomGenerator(seed: 2026)
        for run in 0..<30 {
            let size = Size(width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...6, using: &random))
            var writer = ANSIFrameWriter()
            var screen = ANSIScreen(width: size.width, height: size.height)
            for step in 0..<15 {
                let frame = Self.randomFrame(size, using: &random)
                let cursor = Bool.random(using: &random)
                    ? Point(x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random)) : nil
                screen.feed(writer.update(to: frame, cursor: cursor))
                Self.expectShows(screen, frame, "run \(run) step \(step)")
                #expect(screen.cursorVisible == (cursor != nil), "run \(run) step \(step)")
                if let cursor { #expect(screen.cursor == (cursor.x, cursor.y) ? true : false, "run \(run) step \(step)") }
            }
        }
    }

    @Test func anUnchangedFrameWritesNothingAndAOneCellChangeLittle() {
        var writer = ANSIFrameWriter()
        var frame = CellBuffer(size: Size(width: 80, height: 24))
        frame.put("Daily Buzz", at: Point(x: 35, y: 0), style: Style(attributes: [.bold]))
        let first = writer.update(to: frame, cursor: nil)
        #expect(first.hasPrefix("\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(writer.update(to: frame, cursor: nil) == "")
        frame.set("x", at: Point(x: 3, y: 10))
        #expect(writer.update(to: frame, cursor: nil) == "\u{1B}[11;4Hx")
    }

    @Test func aNewSizeStartsOverWithAClearScreen() {
        var writer = ANSIFrameWriter()
        _ = writer.update(to: CellBuffer(lines: ["abc"]), cursor: nil)
        let again = writer.update(to: CellBuffer(lines: ["abcd", "e"]), cursor: Point(x: 1, y: 1))
        #expect(again.hasPrefix("\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(again.hasSuffix("\u{1B}[2;2H\u{1B}[?25h"))
    }
}
