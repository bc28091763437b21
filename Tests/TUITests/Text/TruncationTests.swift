import Testing
@testable import TUI

@Suite struct TruncationTests {
    @Test func shortTextIsUnchanged() {
        #expect(DisplayWidth.truncate("Hello", to: 5) == "Hello")
        #expect(DisplayWidth.truncate("中文", to: 4) == "中文")
    }

    @Test func cutsWithEllipsis() {
        #expect(DisplayWidth.truncate("Hello, world", to: 9) == "Hello, w…")
        #expect(DisplayWidth.truncate("Hello, world", to: 8) == "Hello,…")
        #expect(DisplayWidth.truncate("中文字幕", to: 5) == "中文…")
    }

    @Test func neverSplitsAWideCharacter() {
        // Room for 3 columns before the ellipsis: the second ideograph does not fit.
        #expect(DisplayWidth.truncate("中文字幕", to: 4) == "中…")
        #expect(DisplayWidth.truncate("a🧑‍🌾b", to: 3) == "a…")
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
    }

    @Test func tinyBudgets() {
        #expect(DisplayWidth.truncate("abc", to: 0) == "")
        #expect(DisplayWidth.truncate("abc", to: -3) == "")
        #expect(DisplayWidth.truncate("abc", to: 1) == "…")
        #expect(DisplayWidth.truncate("中文", to: 1) == "…")
        #expect(DisplayWidth.truncate("abcdef", to: 2, ellipsis: "...") == "ab")
    }

    @Test func neverExceedsTheBudgetAndKeepsAPrefix() {
        let samples = [
            "Hello, world", "中文字幕テスト", "🧑‍🌾👨‍👩‍👧‍👦🇫🇷❤️", "e\u{301}x\u{308}y", "\u{1B}[31mred\u{7}",
            "mixed 中 and 😀 and \u{202E}rtl", "",
        ]
        for sample in samples {
            for width in 0...20 {
                let result = DisplayWidth.truncate(sample, to: width)
                #expect(DisplayWidth.of(result) <= max(0, width), "\(sample.debugDescription) @\(width)")
                let kept = result.hasSuffix("…") && !sample.hasSuffix("…") ? String(result.dropLast()) : result
                #expect(Array(sample).starts(with: Array(kept)), "\(sample.debugDescription) @\(width)")
            }
        }
    }

    @Test func fitPadsOrCuts() {
        #expect(DisplayWidth.fit("ab", to: 4) == "ab  ")
        #expect(DisplayWidth.fit("中文", to: 3) == "中 ")
        #expect(DisplayWidth.fit("abc", to: 0) == "")
    }
}
