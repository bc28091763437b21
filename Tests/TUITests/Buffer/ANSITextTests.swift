import Testing
@testable import TUI

@Suite struct ANSITextTests {
    private func sample(_ style: Style) -> CellBuffer {
        var grid = CellBuffer(size: Size(width: 3, height: 1))
        grid.put("ab", at: .zero, style: style)
        return grid
    }

    @Test func plainTextHasNoEscapes() {
        #expect(CellBuffer(lines: ["hi", "中"]).ansiText(colorDepth: .trueColor) == "hi\n中")
    }

    @Test func stylesBecomeSGR() {
        let red = sample(Style(foreground: .red, attributes: .bold))
        #expect(red.ansiText(colorDepth: .ansi8) == "\u{1B}[0;1;31mab\u{1B}[0m ")
        let bright = sample(Style(foreground: .ansi(9), background: .blue))
        #expect(bright.ansiText(colorDepth: .ansi8) == "\u{1B}[0;91;44mab\u{1B}[0m ")
    }

    @Test func coloursAreReducedToTheDepth() {
        let orange = sample(Style(foreground: .rgb(255, 0, 0), attributes: .reverse))
        #expect(orange.ansiText(colorDepth: .trueColor) == "\u{1B}[0;7;38;2;255;0;0mab\u{1B}[0m ")
        #expect(orange.ansiText(colorDepth: .indexed256) == "\u{1B}[0;7;38;5;196mab\u{1B}[0m ")
        #expect(orange.ansiText(colorDepth: .ansi8) == "\u{1B}[0;7;31mab\u{1B}[0m ")
        #expect(orange.ansiText(colorDepth: .none) == "\u{1B}[0;7mab\u{1B}[0m ")
        let indexed = sample(Style(background: .indexed(200)))
        #expect(indexed.ansiText(colorDepth: .indexed256) == "\u{1B}[0;48;5;200mab\u{1B}[0m ")
    }

    @Test func coloursTheDepthCannotShowWriteNoCodes() {
        var grid = CellBuffer(size: Size(width: 4, height: 1))
        grid.put("a", at: .zero, style: Style(foreground: .red))
        grid.put("b", at: Point(x: 1, y: 0), style: Style(background: .rgb(1, 2, 3)))
        grid.put("c", at: Point(x: 2, y: 0), style: Style(foreground: .blue, attributes: .bold))
        #expect(grid.ansiText(colorDepth: .none) == "ab\u{1B}[0;1mc\u{1B}[0m ")
        // Two colours that reduce to the same palette colour are one run.
        grid.put("b", at: Point(x: 1, y: 0), style: Style(foreground: .rgb(250, 10, 10)))
        #expect(grid.ansiText(colorDepth: .ansi8) == "\u{1B}[0;31mab\u{1B}[0;1;34mc\u{1B}[0m ")
    }

    @Test func asciiOnlyReplacesUnicode() {
        var grid = CellBuffer(size: Size(width: 6, height: 3))
        grid.drawBox(Rect(x: 0, y: 0, width: 6, height: 3))
        grid.put("中›", at: Point(x: 1, y: 1))
        #expect(grid.ansiText(colorDepth: .none, asciiOnly: true) == "+----+\n|??> |\n+----+")
    }

    @Test func hostileTextStaysInert() {
        var grid = CellBuffer(size: Size(width: 30, height: 1))
        grid.put("\u{1B}]52;c;Zm9v\u{7}\u{9B}2J", at: .zero)
        let output = grid.ansiText(colorDepth: .trueColor)
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
