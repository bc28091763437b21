import Testing
@testable import TUI

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3),
        ("", 0),
        ("中文", 4),
        ("한국어", 6),
        ("ｱ", 1),  // halfwidth katakana
        ("Ａ", 2),  // fullwidth A
        ("e\u{301}", 1),  // e + combining acute: one column
        ("a\u{300}\u{301}\u{302}b", 2),
        ("🧑‍🌾", 2),  // ZWJ sequence: 2, not glibc's 4
        ("👨‍👩‍👧‍👦", 2),
        ("🇫🇷", 2),  // flag
        ("🇫", 1),  // lone regional indicator
        ("❤️", 2),  // text heart + VS16
        ("❤", 1),
        ("☺", 1),
        ("☺️", 2),
        ("👍🏽", 2),  // skin tone modifier
        ("1️⃣", 2),  // keycap
        ("⌚", 2),
        ("😀x", 3),
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2),  // tag flag
        ("ᄀ", 2),  // Hangul choseong
    ])
    func widths(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func controlsCountAsTheirVisibleForm() {
        #expect(DisplayWidth.of("\u{1B}") == 2)  // ^[
        #expect(DisplayWidth.of("\u{202E}") == 8)  // <U+202E>
        #expect(DisplayWidth.of("a\tb") == 4)  // a^Ib
        #expect(DisplayWidth.of("\u{301}") == 1)  // ◌́
    }

    @Test func widthMatchesWhatPutDraws() {
        let samples = ["plain", "中文🧑‍🌾x", "\u{1B}[31mred", "a\u{202E}b", "\u{85}", "e\u{301}\u{200B}"]
        for sample in samples {
            var buffer = CellBuffer(size: Size(width: 60, height: 1))
            let advanced = buffer.put(sample, at: .zero)
            #expect(advanced == DisplayWidth.of(sample), "\(sample.debugDescription)")
        }
    }
}
