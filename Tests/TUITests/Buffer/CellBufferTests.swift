import Flow
import Testing
import TestSupport
@testable import TUI

@Suite struct CellBufferTests {
    private func buffer(_ width: Int, _ height: Int = 1) -> CellBuffer {
        CellBuffer(size: Size(width: width, height: height))
    }

    @Test func putsPlainText() {
        var grid = buffer(6, 2)
        #expect(grid.put("abc", at: Point(x: 1, y: 1)) == 3)
        #expect(grid.lines == ["      ", " abc  "])
        #expect(grid.text == "      \n abc  ")
    }

    @Test func wideCharacterTakesTwoCells() {
        var grid = buffer(4)
        #expect(grid.put("中a", at: .zero) == 3)
        #expect(grid.lines == ["中a "])
        #expect(grid[0, 0]?.isWide == true)
        #expect(grid[1, 0]?.isContinuation == true)
        #expect(grid[2, 0]?.character == "a")
        #expect(grid.invariantViolations().isEmpty)
    }

    @Test func wideCharacterThatDoesNotFitIsNotDrawn() {
        var grid = buffer(4)
        #expect(grid.put("ab中", at: Point(x: 1, y: 0)) == 2)
        #expect(grid.lines == [" ab "])
        #expect(grid.invariantViolations().isEmpty)
    }

    @Test func maxWidthIsNeverExceeded() {
        var grid = buffer(10)
        #expect(grid.put("中中", at: .zero, maxWidth: 3) == 2)
        #expect(grid.lines == ["中        "])
        #expect(grid.put("abcdef", at: Point(x: 4, y: 0), maxWidth: 2) == 2)
        #expect(grid.lines == ["中  ab    "])
        #expect(grid.put("x", at: Point(x: 8, y: 0), maxWidth: 0) == 0)
    }

    @Test func overwritingTheRightHalfBlanksTheLeftHalf() {
        var grid = buffer(4)
        grid.put("中", at: .zero)
        grid.put("x", at: Point(x: 1, y: 0))
        #expect(grid.lines == [" x  "])
        #expect(grid.invariantViolations().isEmpty)
    }

    @Test func overwritingTheLeftHalfBlanksTheRightHalf() {
        var grid = buffer(4)
        grid.put("中", at: .zero)
        grid.put("y", at: .zero)
        #expect(grid.lines == ["y   "])
        #expect(grid[1, 0]?.isContinuation == false)
    }

    @Test func wideOverShiftedWide() {
        var grid = buffer(5)
        grid.put("中文", at: .zero)
        grid.put("字", at: Point(x: 1, y: 0))
        #expect(grid.lines == [" 字  "])
        #expect(grid.invariantViolations().isEmpty)
    }

    @Test func clipsOnTheLeft() {
        var grid = buffer(4)
        #expect(grid.put("中xy", at: Point(x: -1, y: 0)) == 4)
        #expect(grid.lines == [" xy "])
        grid.put("abc", at: Point(x: -10, y: 0))
        #expect(grid.lines == [" xy "])
    }

    @Test func outsideRowsAreIgnored() {
        var grid = buffer(3)
        #expect(grid.put("abc", at: Point(x: 0, y: 1)) == 0)
        #expect(grid.put("abc", at: Point(x: 0, y: -1)) == 0)
        #expect(grid.put("abc", at: Point(x: 5, y: 0)) == 0)
        #expect(grid.lines == ["   "])
    }

    @Test func textIsSanitizedOnTheWayIn() {
        var grid = buffer(12)
        grid.put("\u{1B}[2J\u{202E}x", at: .zero)
        #expect(grid.lines == ["^[[2J<U+202E"])
        #expect(grid.invariantViolations().isEmpty)
    }

    @Test func cellInitializerReplacesUnsafeCharacters() {
        #expect(Cell("\u{1B}").character == "\u{FFFD}")
        #expect(Cell("中").isWide)
        var grid = buffer(2)
        grid.set("\u{7}", at: .zero)
        #expect(grid.lines == ["\u{FFFD} "])
    }

    @Test func cellsArePlainDataWhateverTheyHold() {
        // Frames are copied and compared on every key: no reference counting in a cell.
        #expect(_isPOD(Cell.self))
        let family = Cell("👩‍👩‍👧")
        let flag = Cell("🇫🇷")
        let accented = Cell("e\u{301}")
        #expect(family.character == "👩‍👩‍👧" && family.isWide)
        #expect(flag.character == "🇫🇷")
        #expect(accented.character == "e\u{301}" && !accented.isWide)
        #expect(Cell("👩‍👩‍👧") == family)
        #expect(family != flag && flag != accented)
        #expect(Cell("é") != accented, "a precomposed letter and its decomposed form are different text")
        var grid = buffer(6)
        grid.put("a👩‍👩‍👧e\u{301}", at: .zero)
        #expect(grid.lines == ["a👩‍👩‍👧e\u{301}  "])
        #expect(grid.invariantViolations().isEmpty)
    }

    @Test func fillsWithWideCharactersWithoutHalves() {
        var grid = buffer(5, 2)
        grid.fill(Rect(x: 0, y: 0, width: 5, height: 2), with: "中")
        #expect(grid.lines == ["中中 ", "中中 "])
        #expect(grid.invariantViolations().isEmpty)
        grid.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: "-")
        #expect(grid.lines == [" -中 ", "中中 "])
        #expect(grid.invariantViolations().isEmpty)
    }

    @Test func fillIsClipped() {
        var grid = buffer(3, 2)
        grid.fill(Rect(x: -2, y: 1, width: 10, height: 10), with: "#")
        #expect(grid.lines == ["   ", "###"])
    }

    @Test func boxBordersStayAlignedWithWideText() {
        var grid = buffer(14, 5)
        grid.drawBox(grid.bounds)
        grid.put("中文字幕テスト", at: Point(x: 1, y: 1), maxWidth: 12)
        grid.put("🧑‍🌾🇫🇷❤️e\u{301}", at: Point(x: 1, y: 2), maxWidth: 12)
        grid.put("x中文字幕テスト", at: Point(x: 1, y: 3), maxWidth: 12)
        #expect(grid.lines == [
            "┌────────────┐",
            "│中文字幕テス│",
            "│🧑‍🌾🇫🇷❤️é     │",
            "│x中文字幕テ │",
            "└────────────┘",
        ])
        for line in grid.lines {
            #expect(DisplayWidth.of(line) == 14)
        }
        #expect(grid.invariantViolations().isEmpty)
    }

    @Test func boxTitleIsTruncated() {
        var grid = buffer(12, 3)
        grid.drawBox(grid.bounds, border: .rounded, title: "A long title")
        #expect(grid.lines == ["╭ A long… ─╮", "│          │", "╰──────────╯"])
    }

    @Test func tinyBoxesAreSkipped() {
        var grid = buffer(3, 3)
        grid.drawBox(Rect(x: 0, y: 0, width: 1, height: 3))
        #expect(grid.lines == ["   ", "   ", "   "])
        grid.drawBox(Rect(x: 0, y: 0, width: 2, height: 2), border: .ascii)
        #expect(grid.lines == ["++ ", "++ ", "   "])
    }

    @Test func literalScreensAndDifferences() {
        let expected = CellBuffer(lines: ["ab", "中"])
        #expect(expected.size == Size(width: 2, height: 2))
        var actual = buffer(2, 2)
        actual.put("ab", at: .zero)
        actual.put("中", at: Point(x: 0, y: 1))
        #expect(actual.firstDifference(from: expected) == nil)
        actual.put("x", at: Point(x: 1, y: 0))
        let difference = actual.firstDifference(from: expected)
        #expect(difference?.hasPrefix("cell (1, 0)") == true)
        #expect(buffer(3, 2).firstDifference(from: expected)?.contains("size 3x2") == true)
        var styled = expected
        styled.setStyle(Style(attributes: .bold), in: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(styled.firstDifference(from: expected)?.contains("style") == true)
    }

    @Test func drawsOneBufferIntoAnother() {
        var big = buffer(5, 2)
        let small = CellBuffer(lines: ["中x"])
        big.draw(small, at: Point(x: 1, y: 1))
        #expect(big.lines == ["     ", " 中x "])
        big.draw(small, at: Point(x: 4, y: 0))
        #expect(big.lines == ["     ", " 中x "])
        big.draw(small, at: Point(x: -1, y: 0))
        #expect(big.lines == [" x   ", " 中x "])
        #expect(big.invariantViolations().isEmpty)
    }

    @Test func randomWritesKeepTheInvariants() {
        var generator = SeededRandomGenerator(seed: 42)
        let pieces = ["a", "中", "🧑‍🌾", "e\u{301}", "\u{1B}", "ab中", "🇫🇷", " ", "テスト"]
        var grid = buffer(9, 3)
        for step in 0..<2_000 {
            let text = (0..<Int.random(in: 1...3, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            let point = Point(x: Int.random(in: -3...10, using: &generator), y: Int.random(in: -1...3, using: &generator))
            let budget = Int.random(in: -1...12, using: &generator)
            switch step % 3 {
            case 0:
                let advanced = grid.put(text, at: point, maxWidth: budget)
                #expect(advanced <= max(0, budget))
            case 1:
                grid.fill(Rect(origin: point, size: Size(width: budget, height: 2)), with: text.first!)
            default:
                grid.drawBox(Rect(origin: point, size: Size(width: budget, height: 3)), title: text)
            }
            let problems = grid.invariantViolations()
            #expect(problems.isEmpty, "step \(step): \(problems)")
            if !problems.isEmpty { break }
        }
    }
}
