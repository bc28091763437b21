import Flow
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

    /// The simple scalars really are simple: each alone is one column, needs no escaping, and
    /// is never joined to its neighbours, so measuring and drawing them a scalar at a time
    /// agrees with the general rules.
    @Test func simpleScalarsAgreeWithTheGeneralRules() {
        var simple: [Unicode.Scalar] = []
        for value in UInt32(0)...0x2FFFF where DisplayWidth.isSimple(value) {
            let scalar = Unicode.Scalar(value)!
            simple.append(scalar)
            let character = Character(scalar)
            #expect(!Sanitizer.needsEscaping(character), "U+\(String(value, radix: 16))")
            #expect(DisplayWidth.clusterWidth(character) == 1, "U+\(String(value, radix: 16))")
        }
        var random = SeededRandomGenerator(seed: 11)
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &random) { scalars.append(simple.randomElement(using: &random)!) }
            let text = String(scalars)
            #expect(text.count == text.unicodeScalars.count, "each scalar its own character: \(text.debugDescription)")
            #expect(DisplayWidth.simpleWidth(text) == text.count)
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
            var fast = CellBuffer(size: Size(width: 16, height: 1))
            var slow = fast
            fast.put(text, at: .zero)
            for (column, character) in text.enumerated() { slow.set(character, at: Point(x: column, y: 0)) }
            #expect(fast == slow, "\(text.debugDescription)")
            let cut = Int.random(in: 0...text.count, using: &random)
            #expect(DisplayWidth.prefix(text, fitting: cut).text == String(text.prefix(cut)))
        }
    }
}
